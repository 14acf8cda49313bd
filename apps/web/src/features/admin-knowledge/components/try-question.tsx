import { CHAT_MESSAGE_MAX_LENGTH } from '@esim/contract/chat';
import type { KbRetrievalHit, KbTryResponse } from '@esim/contract/knowledge-base';
import { LANGUAGES, type Language } from '@esim/contract/languages';
import { Bot, FileText, Pencil, Send } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell, SelectField, describedBy, inputClass } from '../../../components/form/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { useTryQuestion } from '../api/try-question.ts';
import { LanguageLabel } from './language-label.tsx';

/**
 * "Try a question": the admin types a question as a traveller would, optionally picks
 * the language (else told from the question), and sees the reply the assistant would give with
 * its sources, and the articles the retrieval found with their scores (a bar per score, relative
 * to the best) and the passage that matched. Nothing is stored as a conversation. Failure:
 * the toast 'Failed to try the question' with the status text.
 */
export function TryQuestion({ onEdit }: { onEdit: (articleId: number) => void }) {
  const { t } = useTranslation(['admin-knowledge', 'admin']);
  const mutation = useTryQuestion();
  const [question, setQuestion] = useState('');
  const [language, setLanguage] = useState<Language | ''>('');
  const [error, setError] = useState<string | undefined>();
  const result = useRef<HTMLDivElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text) {
      setError(t('try.required'));
      document.getElementById('kb-try-question')?.focus();
      return;
    }
    if (mutation.isPending) return;
    setError(undefined);
    mutation.mutate(
      { question: text, ...(language ? { language } : {}) },
      {
        onSuccess: () => setTimeout(() => result.current?.focus(), 0),
        onError: (failure) => toastAdminFailure(t('errors.try'), failure, t('admin:offline')),
      },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <form
        noValidate
        onSubmit={submit}
        className="space-y-4 self-start rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      >
        <FieldShell id="kb-try-question" label={t('try.question')} required hint={t('try.hint')} error={error}>
          <textarea
            id="kb-try-question"
            rows={3}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            value={question}
            onChange={(e) => {
              setQuestion(e.target.value);
              if (error) setError(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
            placeholder={t('try.placeholder')}
            aria-invalid={error ? true : undefined}
            aria-required
            aria-describedby={describedBy('kb-try-question', true, Boolean(error))}
            className={inputClass(Boolean(error), 'resize-y')}
          />
        </FieldShell>
        <SelectField
          id="kb-try-language"
          label={t('try.language')}
          value={language}
          onChange={(e) => setLanguage(e.target.value as Language | '')}
        >
          <option value="">{t('try.autoLanguage')}</option>
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.nativeName}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending} className="w-full sm:w-auto">
          <Send aria-hidden="true" className="size-4" />
          {mutation.isPending ? t('try.asking') : t('try.ask')}
        </Button>
      </form>

      <div ref={result} tabIndex={-1} role="region" aria-labelledby="kb-try-result" className="min-w-0 outline-none">
        <h3 id="kb-try-result" className="sr-only">
          {t('try.resultHeading')}
        </h3>
        {mutation.data ? (
          <TryResult data={mutation.data} onEdit={onEdit} />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            {t('try.empty')}
          </p>
        )}
      </div>
    </div>
  );
}

function TryResult({ data, onEdit }: { data: KbTryResponse; onEdit: (articleId: number) => void }) {
  const { t } = useTranslation('admin-knowledge');
  const best = Math.max(...data.hits.map((h) => h.score), 0);
  return (
    <div className="space-y-5">
      <section aria-labelledby="kb-try-answer" className="rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 id="kb-try-answer" className="flex items-center gap-2 font-bold text-ink">
            <Bot aria-hidden="true" className="size-5 text-brand-700" />
            {t('try.answer')}
          </h4>
          <span className="flex items-center gap-2 text-xs text-slate-700">
            <LanguageLabel language={data.language} />
            <span>· {t(`try.kinds.${data.answer.kind}`)}</span>
          </span>
        </div>
        <p
          className="mt-2 text-sm leading-6 break-words whitespace-pre-line text-slate-900"
          data-testid="kb-try-answer"
        >
          {data.answer.textResponse}
        </p>
        <div className="mt-3 text-sm">
          <p className="font-semibold text-slate-800">{t('try.sources')}</p>
          {data.answer.sources.length > 0 ? (
            <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={t('try.sources')}>
              {data.answer.sources.map((source) => (
                <li
                  key={`${source.title}-${source.url ?? ''}`}
                  className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-0.5 text-xs text-slate-800 ring-1 ring-slate-200"
                >
                  <FileText aria-hidden="true" className="size-3.5" />
                  {source.url ? (
                    <a href={source.url} target="_blank" rel="noopener noreferrer" className="underline">
                      {source.title}
                    </a>
                  ) : (
                    source.title
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-700">{t('try.noSources')}</p>
          )}
        </div>
      </section>

      <section aria-labelledby="kb-try-hits">
        <h4 id="kb-try-hits" className="font-bold text-ink">
          {t('try.hits')}
        </h4>
        {data.hits.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t('try.noHits')}</p>
        ) : (
          <ol className="mt-2 space-y-3">
            {data.hits.map((hit, index) => (
              <Hit key={`${hit.articleId}-${index}`} hit={hit} rank={index + 1} best={best} onEdit={onEdit} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function Hit({
  hit,
  rank,
  best,
  onEdit,
}: {
  hit: KbRetrievalHit;
  rank: number;
  best: number;
  onEdit: (articleId: number) => void;
}) {
  const { t, i18n } = useTranslation('admin-knowledge');
  const percent = best > 0 ? Math.max(2, Math.round((hit.score / best) * 100)) : 0;
  const score = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { maximumFractionDigits: 2 }).format(hit.score);
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">
            <span className="text-slate-600">{rank}. </span>
            {hit.title}
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <LanguageLabel language={hit.language} />
            <code className="break-all">{hit.slug}</code>
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onEdit(hit.articleId)}
          aria-label={t('list.editLabel', { title: hit.title })}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <div
          role="meter"
          aria-label={t('try.score')}
          aria-valuemin={0}
          aria-valuemax={best}
          aria-valuenow={hit.score}
          aria-valuetext={score}
          className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
        </div>
        <span className="shrink-0 text-right text-xs font-semibold whitespace-nowrap text-slate-800 tabular-nums">
          {t('try.scoreValue', { score })}
        </span>
      </div>
      {hit.passage ? <p className="mt-2 line-clamp-4 text-sm text-slate-700">{hit.passage}</p> : null}
    </li>
  );
}
