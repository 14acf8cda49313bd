import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page.tsx';

/**
 * `/admin/knowledge-base` (specification section 2): the chat assistant's knowledge base comes
 * with the chat assistant (issue 11); until then the screen says so.
 */
export default function KnowledgeBasePage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('nav.knowledgeBase')}>
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <BookOpen aria-hidden="true" className="size-10 text-brand-600" />
        <p className="mt-4 max-w-md text-slate-600">{t('knowledgeBase.comingSoon')}</p>
      </div>
    </AdminPage>
  );
}
