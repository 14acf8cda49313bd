/**
 * One budget of `npm run bench`: what it checks, the figure measured, whether it holds, and how
 * far the figure is from the budget's line (to spare, over, or short), so that a run shows which
 * budgets are close to failing before they fail.
 */
export interface Budget {
  name: string;
  value: string;
  pass: boolean;
  /** E.g. `14 ms to spare`, `14 ms over` (a ceiling), `0.05 short` (a floor). */
  margin?: string;
}

/**
 * How far `value` is from `limit`: for a ceiling (`max`) the room below it or the excess, for a
 * floor (`min`) the room above it or the shortfall; `format` prints the distance with its unit.
 */
export function margin(value: number, limit: number, kind: 'max' | 'min', format: (v: number) => string): string {
  const room = kind === 'max' ? limit - value : value - limit;
  if (room >= 0) return `${format(room)} to spare`;
  return `${format(-room)} ${kind === 'max' ? 'over' : 'short'}`;
}

/** The budget's line in the report: `PASS  name: value (margin)`. */
export function budgetLine(budget: Budget): string {
  const margin = budget.margin ? ` (${budget.margin})` : '';
  return `${budget.pass ? 'PASS' : 'FAIL'}  ${budget.name}: ${budget.value}${margin}`;
}
