import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../../components/ui/button.tsx';

/**
 * What an admin without two-factor authentication sees instead of the admin area while the store
 * requires it (`ADMIN_REQUIRE_2FA`; the server answers every admin call 403
 * `two_factor_setup_required`): what to do and a link to `/profile`, where it is turned on.
 */
export function TwoFactorRequired() {
  const { t } = useTranslation('admin');
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <ShieldCheck aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{t('shell.twoFactorTitle')}</h1>
      <p className="mt-3 text-slate-700">{t('shell.twoFactorBody')}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link href="/profile" className={buttonClass('primary', 'lg')}>
          {t('shell.twoFactorAction')}
        </Link>
        <Link href="/" className={buttonClass('outline', 'lg')}>
          {t('shell.home')}
        </Link>
      </div>
    </div>
  );
}
