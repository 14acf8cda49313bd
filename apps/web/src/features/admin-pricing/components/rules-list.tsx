import type { PricingSetting } from '@esim/contract/admin-pricing';
import type { Country } from '@esim/contract/catalog';
import { Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../admin/admin-error.ts';
import { useDeletePricingSetting } from '../api/delete-pricing-setting.ts';
import { useUpdatePricingSetting } from '../api/update-pricing-setting.ts';
import { money, percent, scopeText } from '../pricing-format.ts';

interface RulesListProps {
  rules: readonly PricingSetting[];
  destinations: readonly Country[] | undefined;
  onEdit: (rule: PricingSetting) => void;
}

/**
 * The pricing rules in the order they win (issue 10): cards on a phone, a table from the `md`
 * breakpoint. Each rule has Edit (the dialog), Activate / Deactivate and Delete (with a
 * confirmation); failures show the section 8 toasts ('Failed to update pricing setting',
 * 'Failed to delete pricing setting' with the status text).
 */
export function RulesList({ rules, destinations, onEdit }: RulesListProps) {
  const { t, i18n } = useTranslation('admin-pricing');
  const language = i18n.language;
  const facts = (rule: PricingSetting) => [
    { key: 'markup', label: t('rules.columns.markup'), value: percent(rule.markupBps, language) },
    { key: 'fixedMargin', label: t('rules.columns.fixedMargin'), value: money(rule.fixedMarginCents) },
    {
      key: 'ending',
      label: t('rules.columns.ending'),
      value: rule.endingCents === null ? t('rules.noEnding') : `.${String(rule.endingCents).padStart(2, '0')}`,
    },
    { key: 'floor', label: t('rules.columns.floor'), value: money(rule.floorCents) },
    { key: 'priority', label: t('rules.columns.priority'), value: String(rule.priority) },
  ];

  return (
    <>
      <ul className="grid gap-3 md:hidden">
        {rules.map((rule) => (
          <li
            key={rule.id}
            className={cn('rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200', !rule.active && 'bg-slate-50')}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="break-words font-bold text-ink">{rule.name}</h3>
                <p className="mt-0.5 break-words text-sm text-slate-700">
                  {scopeText(rule, t, language, destinations)}
                </p>
              </div>
              <StatusBadge active={rule.active} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {facts(rule).map((f) => (
                <div key={f.key} className="min-w-0">
                  <dt className="text-slate-600">{f.label}</dt>
                  <dd className="font-semibold text-ink">{f.value}</dd>
                </div>
              ))}
            </dl>
            <RuleActions rule={rule} onEdit={onEdit} className="mt-4" />
          </li>
        ))}
      </ul>

      <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('rules.caption')}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('rules.columns.name')}
              </th>
              {facts(rules[0]!).map((f) => (
                <th key={f.key} scope="col" className="px-3 py-3 text-right font-semibold">
                  {f.label}
                </th>
              ))}
              <th scope="col" className="px-3 py-3 font-semibold">
                {t('rules.columns.status')}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                {t('rules.columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rules.map((rule) => (
              <tr key={rule.id} className={cn(!rule.active && 'bg-slate-50 text-slate-600')}>
                <th scope="row" className="min-w-44 max-w-64 px-4 py-3 text-left font-normal">
                  <span className="block break-words font-semibold text-ink">{rule.name}</span>
                  <span className="block break-words text-slate-600">{scopeText(rule, t, language, destinations)}</span>
                </th>
                {facts(rule).map((f) => (
                  <td key={f.key} className="whitespace-nowrap px-3 py-3 text-right tabular-nums">
                    {f.value}
                  </td>
                ))}
                <td className="px-3 py-3">
                  <StatusBadge active={rule.active} />
                </td>
                <td className="px-4 py-3">
                  <RuleActions rule={rule} onEdit={onEdit} className="justify-end" compact />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('admin-pricing');
  return (
    <span
      className={cn(
        'inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        active ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-slate-100 text-slate-700 ring-slate-300',
      )}
    >
      {active ? t('rules.active') : t('rules.inactive')}
    </span>
  );
}

function RuleActions({
  rule,
  onEdit,
  className,
  compact = false,
}: {
  rule: PricingSetting;
  onEdit: (rule: PricingSetting) => void;
  className?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation(['admin-pricing', 'admin']);
  const update = useUpdatePricingSetting();
  const remove = useDeletePricingSetting();
  const busy = update.isPending || remove.isPending;

  const toggle = async () => {
    try {
      await update.mutateAsync({ id: rule.id, body: { active: !rule.active } });
      void showToast(
        'success',
        rule.active ? t('toasts.deactivated', { name: rule.name }) : t('toasts.activated', { name: rule.name }),
        {
          description: t('toasts.rememberApply'),
        },
      );
    } catch (error) {
      toastAdminFailure(t('errors.update'), error, t('admin:offline'));
    }
  };
  const onDelete = async () => {
    try {
      await remove.mutateAsync(rule.id);
      void showToast('success', t('toasts.deleted', { name: rule.name }), { description: t('toasts.rememberApply') });
    } catch (error) {
      toastAdminFailure(t('errors.delete'), error, t('admin:offline'));
    }
  };

  const label = (key: string) => t(key, { name: rule.name });
  return (
    <div className={cn('flex gap-2', compact ? 'flex-nowrap' : 'flex-wrap', className)}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onEdit(rule)}
        disabled={busy}
        aria-label={label('rules.editLabel')}
      >
        <Pencil aria-hidden="true" className="size-4" />
        {compact ? null : t('rules.edit')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void toggle()}
        disabled={busy}
        aria-busy={update.isPending}
        aria-label={label(rule.active ? 'rules.deactivateLabel' : 'rules.activateLabel')}
      >
        {rule.active ? (
          <PowerOff aria-hidden="true" className="size-4" />
        ) : (
          <Power aria-hidden="true" className="size-4" />
        )}
        {compact ? null : rule.active ? t('rules.deactivate') : t('rules.activate')}
      </Button>
      <AlertDialog.Root>
        <AlertDialog.Trigger asChild>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-busy={remove.isPending}
            aria-label={label('rules.deleteLabel')}
            className="text-red-700"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {compact ? null : t('rules.delete')}
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/40" />
          <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[10004] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
            <AlertDialog.Title className="break-words text-lg font-bold text-ink">
              {t('delete.title', { name: rule.name })}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-slate-700">{t('delete.body')}</AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClass('outline')}>{t('delete.cancel')}</AlertDialog.Cancel>
              <AlertDialog.Action className={buttonClass('danger')} onClick={() => void onDelete()}>
                {t('delete.confirm')}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
