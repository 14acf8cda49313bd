import { BRAND } from '@esim/contract/brand';
import { Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { downloadText, recoveryCodesFileName, recoveryCodesText } from '../hooks/recovery-codes.ts';

/**
 * The 10 recovery codes, shown once right after two-factor authentication is turned on (the
 * server keeps only their hashes): a list to read, 'Copy codes' and 'Download (.txt)', and a
 * button that hides them. The heading takes the focus so that a screen reader starts here.
 */
export function RecoveryCodes({ codes, username, onDone }: { codes: string[]; username: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = recoveryCodesText(
    [t('profile.twoFactor.fileHeading', { brand: BRAND, username }), t('profile.twoFactor.fileNote')],
    codes,
  );
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5">
      <h3 ref={heading} tabIndex={-1} className="text-lg font-bold text-ink outline-none">
        {t('profile.twoFactor.codesTitle')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('profile.twoFactor.codesLead')}</p>
      <ol
        aria-label={t('profile.twoFactor.codesListLabel')}
        className="mt-4 grid grid-cols-1 gap-2 font-mono text-sm min-[400px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li
            key={code}
            className="rounded-lg bg-white px-3 py-2 text-center tracking-wider text-ink ring-1 ring-amber-200"
          >
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <CopyButton
          text={codes.join('\n')}
          label={t('profile.twoFactor.codesCopyLabel')}
          className="h-11 justify-center bg-white"
        />
        <Button variant="outline" onClick={() => downloadText(recoveryCodesFileName(BRAND, username), text)}>
          <Download aria-hidden="true" className="size-4" />
          {t('profile.twoFactor.download')}
        </Button>
        <Button onClick={onDone} className="sm:ml-auto">
          {t('profile.twoFactor.done')}
        </Button>
      </div>
    </div>
  );
}
