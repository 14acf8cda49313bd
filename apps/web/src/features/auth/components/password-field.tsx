import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell, describedBy, inputClass } from '../../../components/form/form-field.tsx';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** React 19 passes `ref` as a prop: react-hook-form's `register()` result can be spread. */
  ref?: Ref<HTMLInputElement>;
  autoComplete: 'current-password' | 'new-password';
};

/**
 * A labelled password input with hint and error, and a 'Show password' toggle button
 * (`aria-pressed`) inside its right edge, so that a long password can be checked before it is
 * sent (OWASP ASVS 2.1.12). Never trimmed, no spell check.
 */
export function PasswordField({ id, label, hint, error, required, ref, ...input }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error}>
      <div className="relative">
        <input
          id={id}
          ref={ref}
          type={visible ? 'text' : 'password'}
          spellCheck={false}
          autoCapitalize="none"
          autoCorrect="off"
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
          className={inputClass(Boolean(error), 'pr-12')}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={t('showPassword')}
          aria-controls={id}
          className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-xl text-slate-600 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      </div>
    </FieldShell>
  );
}
