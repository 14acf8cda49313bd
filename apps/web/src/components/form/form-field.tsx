import { CircleAlert } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

/**
 * Form fields of the store (checkout, portal top-up): label, control, hint and error, with the
 * ARIA wiring of each. Texts: `common:form.*`.
 */

/** Input look of the store's forms (the design preview's form field), red when invalid. */
export function inputClass(invalid: boolean, className?: string): string {
  return cn(
    'block w-full min-w-0 rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:bg-slate-100',
    invalid ? 'border-red-600' : 'border-slate-300',
    className,
  );
}

/** The ids a field's `aria-describedby` lists: its hint and its error, when shown. */
export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A label, the control, an optional hint and the field's error (with an icon, not colour
 * alone). The control must carry `id`, `aria-invalid` and `aria-describedby` (see
 * {@link describedBy}); the error is announced when the control is focused.
 */
export function FieldShell({ id, label, required = false, hint, error, className, children }: FieldShellProps) {
  const { t } = useTranslation('common');
  return (
    <div className={cn('min-w-0', className)}>
      <p className="text-sm font-semibold text-ink">
        <label htmlFor={id}>
          {label}
          {!required && <span className="font-normal text-slate-600"> ({t('form.optional')})</span>}
        </label>
        {required && <RequiredMark />}
      </p>
      <div className="mt-1.5">{children}</div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/**
 * The '*' of a required field, outside the label and hidden from assistive technology: the
 * control says it is required (`aria-required`) and its name stays the plain label.
 */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700">
      {' '}
      *
    </span>
  );
}

/** A field's error text. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Something inside the input's right edge (the card brand). */
  adornment?: ReactNode;
  /** React 19 passes `ref` as a prop: react-hook-form's `register()` result can be spread. */
  ref?: Ref<HTMLInputElement>;
  fieldClassName?: string;
};

/** A labelled text input with hint and error. */
export function TextField({
  id,
  label,
  hint,
  error,
  required,
  adornment,
  ref,
  fieldClassName,
  className,
  ...input
}: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={fieldClassName}>
      <div className="relative">
        <input
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
          className={inputClass(Boolean(error), cn(adornment ? 'pr-24' : undefined, className))}
          {...input}
        />
        {adornment && (
          <div className="pointer-events-none absolute inset-y-0 right-3 flex items-center">{adornment}</div>
        )}
      </div>
    </FieldShell>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
  fieldClassName?: string;
};

/** A labelled native select with hint and error. */
export function SelectField({
  id,
  label,
  hint,
  error,
  required,
  ref,
  fieldClassName,
  children,
  ...select
}: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={fieldClassName}>
      <select
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
        className={inputClass(Boolean(error), 'h-[46px] py-0 pr-8')}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}
