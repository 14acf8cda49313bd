import type { SalesDay } from '@esim/contract/admin';
import { BRAND_COLOURS } from '@esim/contract/brand';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';

/** The bars in the brand's teal (the storefront's `brand-600`). */
const BAR_COLOR = BRAND_COLOURS[600];

/**
 * The dashboard's chart of sales per day, drawn with recharts: revenue per day as bars,
 * the day's orders in the tooltip. Its own lazy chunk, so recharts loads only with the admin
 * dashboard and never with the storefront. For screen readers the chart is summarised in its
 * title and the same figures follow as a table (visually hidden).
 */
export default function SalesChart({ days }: { days: readonly SalesDay[] }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const data = days.map((d) => ({
    date: d.date,
    revenue: d.revenueCents / 100,
    revenueCents: d.revenueCents,
    orders: d.orders,
  }));
  const total = days.reduce((sum, d) => sum + d.revenueCents, 0);
  const best = days.reduce<SalesDay | undefined>(
    (top, d) => (!top || d.revenueCents > top.revenueCents ? d : top),
    undefined,
  );
  const summary = best
    ? t('dashboard.chart.summary', {
        total: format.money(total),
        day: format.day(best.date, 'long'),
        best: format.money(best.revenueCents),
      })
    : '';
  return (
    <>
      <div className="h-64 w-full sm:h-72" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis
              dataKey="date"
              tickFormatter={(date: string) => format.day(date)}
              tick={{ fill: '#475569', fontSize: 12 }}
              tickLine={false}
              axisLine={{ stroke: '#cbd5e1' }}
              minTickGap={16}
            />
            <YAxis
              tickFormatter={(value: number) => format.money(Math.round(value * 100)).replace(/\.00$/, '')}
              tick={{ fill: '#475569', fontSize: 12 }}
              tickLine={false}
              axisLine={false}
              width={64}
              allowDecimals={false}
            />
            <Tooltip
              cursor={{ fill: BRAND_COLOURS[50] }}
              formatter={(_value, _name, item) => [
                format.money((item.payload as { revenueCents: number }).revenueCents),
                t('dashboard.chart.revenue'),
              ]}
              labelFormatter={(label, payload) => {
                const orders = (payload?.[0]?.payload as { orders?: number } | undefined)?.orders ?? 0;
                return `${format.day(String(label), 'long')} · ${t('dashboard.ordersCount', { count: orders })}`;
              }}
            />
            <Bar dataKey="revenue" fill={BAR_COLOR} radius={[4, 4, 0, 0]} maxBarSize={28} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* A table ignores a 1px width; the wrapper keeps it out of the layout (no sideways scroll). */}
      <div className="sr-only">
        <p>{summary}</p>
        <table>
          <caption>{t('dashboard.chart.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.chart.day')}</th>
              <th scope="col">{t('dashboard.chart.revenue')}</th>
              <th scope="col">{t('dashboard.chart.orders')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{format.day(d.date, 'long')}</th>
                <td>{format.money(d.revenueCents)}</td>
                <td>{format.count(d.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
