import type { PricingSetting } from '@esim/contract/admin-pricing';
import type { Country } from '@esim/contract/catalog';
import { Pencil, Power, PowerOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { Card, CardList, DataTable } from '../../../admin-kit/components/data-table.tsx';
import { DeleteButton, RowActionButton, RowActions } from '../../../admin-kit/components/row-actions.tsx';
import { cn } from '../../../lib/cn.ts';
import { showToast } from '../../../lib/toast.ts';
import { useDeletePricingSetting } from '../api/delete-pricing-setting.ts';
import { useUpdatePricingSetting } from '../api/update-pricing-setting.ts';
import { money, percent, scopeText } from '../pricing-format.ts';

interface RulesListProps {
  rules: readonly PricingSetting[];
  destinations: readonly Country[] | undefined;
  onEdit: (rule: PricingSetting) => void;
}

/**
 * The pricing rules in the order they win: cards on a phone, a table from the `md` breakpoint.
 * Each rule has Edit (the dialog), Activate / Deactivate and Delete (with a confirmation);
 * failures show the toasts 'Failed to update pricing setting' and 'Failed to delete pricing
 * setting' with the status text.
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
  const columns = [
    { key: 'name', label: t('rules.columns.name'), className: 'px-4 py-3 font-semibold' },
    ...(rules[0] ? facts(rules[0]) : []).map((f) => ({
      key: f.key,
      label: f.label,
      className: 'px-3 py-3 text-right font-semibold',
    })),
    { key: 'status', label: t('rules.columns.status'), className: 'px-3 py-3 font-semibold' },
    { key: 'actions', label: t('rules.columns.actions'), className: 'px-4 py-3 text-right font-semibold' },
  ];

  return (
    <>
      <CardList>
        {rules.map((rule) => (
          <Card key={rule.id} muted={!rule.active}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="font-bold break-words text-ink">{rule.name}</h3>
                <p className="mt-0.5 text-sm break-words text-slate-700">
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
          </Card>
        ))}
      </CardList>

      <DataTable caption={t('rules.caption')} columns={columns} className="hidden md:block">
        {rules.map((rule) => (
          <tr key={rule.id} className={cn(!rule.active && 'bg-slate-50 text-slate-600')}>
            <th scope="row" className="max-w-64 min-w-44 px-4 py-3 text-left font-normal">
              <span className="block font-semibold break-words text-ink">{rule.name}</span>
              <span className="block break-words text-slate-600">{scopeText(rule, t, language, destinations)}</span>
            </th>
            {facts(rule).map((f) => (
              <td key={f.key} className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
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
      </DataTable>
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
        { description: t('toasts.rememberApply') },
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
    <RowActions compact={compact} className={className}>
      <RowActionButton
        icon={Pencil}
        text={t('rules.edit')}
        label={label('rules.editLabel')}
        compact={compact}
        onClick={() => onEdit(rule)}
        disabled={busy}
      />
      <RowActionButton
        icon={rule.active ? PowerOff : Power}
        text={rule.active ? t('rules.deactivate') : t('rules.activate')}
        label={label(rule.active ? 'rules.deactivateLabel' : 'rules.activateLabel')}
        compact={compact}
        onClick={() => void toggle()}
        disabled={busy}
        aria-busy={update.isPending}
      />
      <DeleteButton
        text={t('rules.delete')}
        label={label('rules.deleteLabel')}
        compact={compact}
        busy={remove.isPending}
        disabled={update.isPending}
        texts={{
          title: t('delete.title', { name: rule.name }),
          body: t('delete.body'),
          confirm: t('delete.confirm'),
          cancel: t('delete.cancel'),
        }}
        onConfirm={() => void onDelete()}
      />
    </RowActions>
  );
}
