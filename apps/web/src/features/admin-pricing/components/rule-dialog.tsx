import type { CreatePricingSettingBody, PricingScope, PricingSetting } from '@esim/contract/admin-pricing';
import type { Country } from '@esim/contract/catalog';
import { REGION_LABELS, REGION_NAMES } from '@esim/contract/regions';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { HttpError } from '../../../lib/api-client.ts';
import { readApiError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { useCreatePricingSetting } from '../api/create-pricing-setting.ts';
import { useUpdatePricingSetting } from '../api/update-pricing-setting.ts';
import { SCOPES, destinationName } from '../pricing-format.ts';

/** The form's fields, as typed (money in dollars, markup in percent). */
interface FormValues {
  name: string;
  scope: PricingScope;
  scopeValue: string;
  markup: string;
  fixedMargin: string;
  ending: string;
  floor: string;
  priority: string;
  active: boolean;
}
type FieldName = Exclude<keyof FormValues, 'active'>;
type FieldErrors = Partial<Record<FieldName, string>>;

/** The API's field names → the form's. */
const API_FIELDS: Readonly<Record<string, FieldName>> = {
  name: 'name',
  scope: 'scope',
  scopeValue: 'scopeValue',
  markupBps: 'markup',
  fixedMarginCents: 'fixedMargin',
  endingCents: 'ending',
  floorCents: 'floor',
  priority: 'priority',
};
const FIELD_ORDER: readonly FieldName[] = [
  'name',
  'scope',
  'scopeValue',
  'markup',
  'fixedMargin',
  'ending',
  'floor',
  'priority',
];

const centsText = (cents: number) => (cents / 100).toFixed(2);

function initialValues(rule: PricingSetting | null): FormValues {
  if (!rule)
    return {
      name: '',
      scope: 'country',
      scopeValue: '',
      markup: '80',
      fixedMargin: '0.00',
      ending: '99',
      floor: '0.00',
      priority: '0',
      active: true,
    };
  return {
    name: rule.name,
    scope: rule.scope,
    scopeValue: rule.scopeValue ?? '',
    markup: String(rule.markupBps / 100),
    fixedMargin: centsText(rule.fixedMarginCents),
    ending: rule.endingCents === null ? '' : String(rule.endingCents),
    floor: centsText(rule.floorCents),
    priority: String(rule.priority),
    active: rule.active,
  };
}

/** A decimal with at most two decimals (`.` or `,`) → hundredths (cents, basis points); undefined if not one. */
function hundredths(text: string): number | undefined {
  const value = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return undefined;
  return Math.round(Number(value) * 100);
}

/**
 * The create / edit dialog of a pricing rule (`docs/product-rules.md#catalogue-sync-and-pricing-rules`): labelled fields for the name, what it
 * applies to (all products, a bundle type, a region, a destination of the catalogue, a bundle),
 * markup in percent, fixed margin and minimum price in dollars, price ending in cents, priority
 * and active. Numbers are checked here for their form; the server checks ranges and values and
 * its field errors are shown next to their fields (translated), with the error toast
 * ('Failed to create pricing setting' / 'Failed to update pricing setting' with the status
 * text). Saving changes no price: the dialog says so.
 */
export function RuleDialog({
  open,
  onOpenChange,
  rule,
  destinations,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The rule to edit; null to create one. */
  rule: PricingSetting | null;
  destinations: readonly Country[] | undefined;
  /** Where focus goes back when the dialog closes (the button that opened it). */
  returnFocus?: () => HTMLElement | null;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            // Opened by a button outside a Radix trigger: give focus back to it.
            const target = returnFocus?.();
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed left-1/2 top-1/2 z-[10004] flex max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-xl"
        >
          {/* Remounted per opening, so the form starts from the rule as it is now. */}
          {open && <RuleForm rule={rule} destinations={destinations} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RuleForm({
  rule,
  destinations,
  onDone,
}: {
  rule: PricingSetting | null;
  destinations: readonly Country[] | undefined;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['admin-pricing', 'admin']);
  const id = useId();
  const [values, setValues] = useState<FormValues>(() => initialValues(rule));
  const [errors, setErrors] = useState<FieldErrors>({});
  const form = useRef<HTMLFormElement>(null);
  const create = useCreatePricingSetting();
  const update = useUpdatePricingSetting();
  const saving = create.isPending || update.isPending;
  const language = i18n.language;

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key !== 'active') setErrors((e) => ({ ...e, [key]: undefined }));
  };

  // The first field in error takes the focus once the form is enabled again: fields are disabled
  // while saving, and a disabled field cannot take the focus (after a refused save the form is
  // re-enabled only by the render that follows the mutation's end).
  // `focusFirst` is always called with the `setErrors` of the same errors, so the render that
  // shows them (or, while saving, the one that ends it) runs this effect.
  const pendingFocus = useRef<FieldName | null>(null);
  useEffect(() => {
    const field = pendingFocus.current;
    if (!field || saving) return;
    pendingFocus.current = null;
    form.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${field}`)}`)?.focus();
  }, [errors, saving, id]);

  const focusFirst = (found: FieldErrors) => {
    pendingFocus.current = FIELD_ORDER.find((f) => found[f]) ?? null;
  };

  const messageFor = (field: FieldName, code?: string): string => {
    if (code === 'duplicate_rule') return t('dialog.errors.duplicate');
    if (field === 'scopeValue') return t(`dialog.errors.scopeValue.${values.scope === 'all' ? 'all' : values.scope}`);
    return t(`dialog.errors.${field}`);
  };

  /** The body to send, or the fields whose text is not a number of the right form. */
  const parse = (): { body: CreatePricingSettingBody } | { errors: FieldErrors } => {
    const found: FieldErrors = {};
    const markupBps = hundredths(values.markup);
    const fixedMarginCents = hundredths(values.fixedMargin);
    const floorCents = hundredths(values.floor);
    const endingText = values.ending.trim();
    const endingCents = endingText === '' ? null : /^\d{1,2}$/.test(endingText) ? Number(endingText) : undefined;
    const priority = /^[-−]?\d{1,4}$/.test(values.priority.trim())
      ? Number(values.priority.trim().replace('−', '-'))
      : undefined;
    if (values.name.trim() === '') found.name = t('dialog.errors.name');
    if (values.scope !== 'all' && values.scopeValue.trim() === '') found.scopeValue = messageFor('scopeValue');
    if (markupBps === undefined) found.markup = t('dialog.errors.markup');
    if (fixedMarginCents === undefined) found.fixedMargin = t('dialog.errors.fixedMargin');
    if (floorCents === undefined) found.floor = t('dialog.errors.floor');
    if (endingCents === undefined) found.ending = t('dialog.errors.ending');
    if (priority === undefined) found.priority = t('dialog.errors.priority');
    if (Object.keys(found).length > 0) return { errors: found };
    return {
      body: {
        name: values.name.trim(),
        scope: values.scope,
        scopeValue: values.scope === 'all' ? null : values.scopeValue.trim(),
        markupBps: markupBps!,
        fixedMarginCents: fixedMarginCents!,
        endingCents: endingCents!,
        floorCents: floorCents!,
        priority: priority!,
        active: values.active,
      },
    };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = parse();
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      focusFirst(parsed.errors);
      return;
    }
    try {
      if (rule) await update.mutateAsync({ id: rule.id, body: parsed.body });
      else await create.mutateAsync(parsed.body);
      void showToast('success', rule ? t('toasts.updated') : t('toasts.created'), {
        description: t('toasts.rememberApply'),
      });
      onDone();
    } catch (error) {
      toastAdminFailure(rule ? t('errors.update') : t('errors.create'), error, t('admin:offline'));
      const info = error instanceof HttpError ? readApiError(error) : null;
      const field = info?.field ? API_FIELDS[info.field] : undefined;
      if (field) {
        const found = { [field]: messageFor(field, info?.code) };
        setErrors(found);
        focusFirst(found);
      }
    }
  };

  const field = (name: FieldName) => ({
    id: `${id}-${name}`,
    error: errors[name],
    disabled: saving,
  });

  const sortedDestinations = [...(destinations ?? [])].sort((a, b) =>
    destinationName(a.code, language, destinations).localeCompare(
      destinationName(b.code, language, destinations),
      language,
    ),
  );

  return (
    <form ref={form} noValidate onSubmit={(e) => void onSubmit(e)} className="flex min-h-0 flex-col">
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <Dialog.Title className="text-lg font-bold text-ink">
            {rule ? t('dialog.editTitle') : t('dialog.createTitle')}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{t('dialog.description')}</Dialog.Description>
        </div>
        <Dialog.Close
          className="-mr-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-ink"
          aria-label={t('dialog.close')}
        >
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </div>

      <div className="grid min-h-0 gap-4 overflow-y-auto px-5 py-5 sm:grid-cols-2 sm:px-6">
        <TextField
          {...field('name')}
          label={t('dialog.name')}
          required
          maxLength={80}
          autoComplete="off"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          fieldClassName="sm:col-span-2"
        />
        <SelectField
          {...field('scope')}
          label={t('dialog.scope')}
          required
          value={values.scope}
          onChange={(e) => {
            set('scope', e.target.value as PricingScope);
            set('scopeValue', '');
          }}
        >
          {SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {t(`scope.${scope}`)}
            </option>
          ))}
        </SelectField>

        {values.scope === 'all' ? (
          <p className="self-end pb-2 text-sm text-slate-600">{t('dialog.allHint')}</p>
        ) : values.scope === 'bundle' ? (
          <TextField
            {...field('scopeValue')}
            label={t('dialog.scopeValue.bundle')}
            required
            hint={t('dialog.bundleHint')}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            value={values.scopeValue}
            onChange={(e) => set('scopeValue', e.target.value)}
          />
        ) : (
          <SelectField
            {...field('scopeValue')}
            label={t(`dialog.scopeValue.${values.scope}`)}
            required
            value={values.scopeValue}
            onChange={(e) => set('scopeValue', e.target.value)}
          >
            <option value="">{t('dialog.choose')}</option>
            {values.scope === 'bundle_type' &&
              (['prepaid', 'unlimited'] as const).map((type) => (
                <option key={type} value={type}>
                  {t(`bundleType.${type}`)}
                </option>
              ))}
            {values.scope === 'region' &&
              REGION_NAMES.map((region) => (
                <option key={region} value={region}>
                  {REGION_LABELS[region][language as 'en'] ?? region}
                </option>
              ))}
            {values.scope === 'country' &&
              (['local', 'regional', 'global'] as const).map((type) => (
                <optgroup key={type} label={t(`dialog.destinationGroup.${type}`)}>
                  {sortedDestinations
                    .filter((d) => d.type === type)
                    .map((d) => (
                      <option key={d.code} value={d.code}>
                        {destinationName(d.code, language, destinations)} ({d.code})
                      </option>
                    ))}
                </optgroup>
              ))}
            {/* A value the list no longer has (a retired destination) stays choosable. */}
            {values.scope === 'country' &&
              values.scopeValue &&
              !destinations?.some((d) => d.code === values.scopeValue) && (
                <option value={values.scopeValue}>{values.scopeValue}</option>
              )}
          </SelectField>
        )}

        <TextField
          {...field('markup')}
          label={t('dialog.markup')}
          required
          hint={t('dialog.markupHint')}
          inputMode="decimal"
          autoComplete="off"
          value={values.markup}
          onChange={(e) => set('markup', e.target.value)}
        />
        <TextField
          {...field('fixedMargin')}
          label={t('dialog.fixedMargin')}
          required
          hint={t('dialog.fixedMarginHint')}
          inputMode="decimal"
          autoComplete="off"
          value={values.fixedMargin}
          onChange={(e) => set('fixedMargin', e.target.value)}
        />
        <TextField
          {...field('ending')}
          label={t('dialog.ending')}
          hint={t('dialog.endingHint')}
          inputMode="numeric"
          autoComplete="off"
          value={values.ending}
          onChange={(e) => set('ending', e.target.value)}
        />
        <TextField
          {...field('floor')}
          label={t('dialog.floor')}
          required
          hint={t('dialog.floorHint')}
          inputMode="decimal"
          autoComplete="off"
          value={values.floor}
          onChange={(e) => set('floor', e.target.value)}
        />
        <TextField
          {...field('priority')}
          label={t('dialog.priority')}
          required
          hint={t('dialog.priorityHint')}
          inputMode="numeric"
          autoComplete="off"
          value={values.priority}
          onChange={(e) => set('priority', e.target.value)}
        />
        <div className="flex items-center gap-3 self-start sm:pt-10">
          <input
            id={`${id}-active`}
            type="checkbox"
            className="size-5 rounded border-slate-400 accent-brand-700"
            checked={values.active}
            disabled={saving}
            onChange={(e) => set('active', e.target.checked)}
          />
          <label htmlFor={`${id}-active`} className="text-sm font-semibold text-ink">
            {t('dialog.active')}
          </label>
        </div>
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
        <Dialog.Close asChild>
          <Button variant="outline" disabled={saving}>
            {t('dialog.cancel')}
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? t('dialog.saving') : t('dialog.save')}
        </Button>
      </div>
    </form>
  );
}
