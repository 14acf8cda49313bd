import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { type Browser, type Page, expect, test } from '../support/test.ts';
import { adminCredentials, adminStatePath } from '../support/admin-session.ts';
import { seriousViolations } from './a11y.ts';

/**
 * Pricing in the admin area: preview and apply a pricing change and see the new price on the
 * storefront. As the run's admin: add a rule for Iceland (a destination no other
 * spec buys from or prices), see the server's field error next to its field, preview the
 * recalculation, apply it, see the new price on `/en/iceland`, ask "why this price?", then delete
 * the rule and apply again so that every other test sees the default prices. Screenshots at 360
 * and 1280 px go to `screenshots/` (git-ignored).
 */
test.use({ storageState: adminStatePath() });

const BUNDLE = 'esim_1GB_7D_IS_V2';
// Wholesale $2.45. The default rule: 245 x 1.8 + 50 = 491, up to .99 → $4.99. The test's rule
// (+300 %, .99): 245 x 4 = 980 → $9.99.
const DEFAULT_PRICE = '$4.99';
const RULE_PRICE = '$9.99';
// The biggest change of the preview: Unlimited Plus 30 days, wholesale $71.30: $128.99 → $285.99.
const BIGGEST = { bundle: 'esim_ULP_30D_IS_V2', before: '$128.99', after: '$285.99' };

const shots = path.resolve(import.meta.dirname, '../../screenshots');

async function shot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  // Full-page shots of a scrolled page would paint the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `admin-pricing-${name}-${width}.png`), fullPage: true });
}

/** The 1GB/7 days plan's price on Iceland's storefront page, in a fresh signed-out browser (no HTTP cache). */
async function expectStorefrontPrice(browser: Browser, baseURL: string, price: string): Promise<void> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/en/iceland');
    await expect(page.getByRole('heading', { level: 1, name: 'eSIM plans for Iceland' })).toBeVisible();
    const plan = page.getByRole('region', { name: 'Prepaid plans' }).getByRole('article', { name: '1GB 7 days' });
    await expect(plan).toContainText(price);
  } finally {
    await context.close();
  }
}

/** Removes the test's rule through the API and reprices, whatever state a failed run left behind. */
async function removeRule(page: Page, name: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const list = (await (await page.request.get('/api/pricing-settings')).json()) as {
    settings: { id: number; name: string }[];
  };
  const rule = list.settings.find((s) => s.name === name);
  if (!rule) return;
  await page.request.delete(`/api/pricing-settings/${rule.id}`, { headers: { Origin: origin } });
  await page.request.post('/api/pricing-settings/recalculate', { headers: { Origin: origin } });
}

test('a pricing rule is previewed, applied, seen on the storefront and explained, then removed', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Iceland e2e ${randomUUID().slice(0, 6)}`;
  await page.goto('/admin/pricing');
  try {
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Pricing rules, in the order they win' })).toBeVisible();
    await expectStorefrontPrice(browser, baseURL!, DEFAULT_PRICE);

    // The dialog opens from the keyboard and gives focus back when closed.
    const newRule = page.getByRole('button', { name: 'New rule' });
    await newRule.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New pricing rule' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Saving changes no price');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(newRule).toBeFocused();

    await newRule.click();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Applies to').selectOption({ label: 'Destination' });
    await dialog.getByLabel('Destination', { exact: true }).selectOption('IS');
    // Out of range: the server refuses it and the error shows next to the field.
    await dialog.getByLabel('Markup (%)').fill('2000');
    await dialog.getByLabel('Price ending (cents)').fill('99');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to create pricing setting' }).first(),
    ).toContainText('400 Bad Request');
    const markup = dialog.getByLabel('Markup (%)');
    await expect(markup).toHaveAttribute('aria-invalid', 'true');
    await expect(markup).toBeFocused();
    await expect(dialog.getByText('Enter a markup from 0 to 1000%, with at most two decimals.')).toBeVisible();
    await shot(page, 'dialog-error');
    await markup.fill('300');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Rule created' }).first()).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });
    await expect(row).toContainText('Destination: Iceland');
    await expect(row).toContainText('300%');
    // Saving repriced nothing.
    await expectStorefrontPrice(browser, baseURL!, DEFAULT_PRICE);

    await page.getByRole('button', { name: 'Preview recalculation' }).click();
    const report = page.getByRole('region', { name: 'Preview: nothing has changed yet' });
    await expect(report).toBeVisible();
    const biggest = report.getByRole('listitem').filter({ hasText: BIGGEST.bundle });
    await expect(biggest).toContainText(BIGGEST.before);
    await expect(biggest).toContainText(BIGGEST.after);
    await expect(report.getByText('Prices changing')).toBeVisible();
    await shot(page, 'preview');
    // A preview changes nothing.
    await expectStorefrontPrice(browser, baseURL!, DEFAULT_PRICE);

    await page.getByRole('button', { name: 'Apply new prices' }).click();
    await expect(page.getByRole('region', { name: 'Applied: the store shows these prices' })).toBeVisible();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Prices recalculated' }).first()).toContainText(
      /\d+ of \d+ products changed price/,
    );
    await expectStorefrontPrice(browser, baseURL!, RULE_PRICE);

    // The run is in the history, by this admin.
    const history = page.getByRole('table', { name: 'Applied recalculations, newest first' });
    await expect(history.getByRole('row').filter({ hasText: adminCredentials().username }).first()).toBeVisible();

    // Why this price?
    await page.getByRole('searchbox', { name: 'Find a product' }).fill(BUNDLE);
    await page.getByRole('button', { name: new RegExp(`Iceland 1GB 7 Days.*${BUNDLE}`) }).click();
    const explanation = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { level: 3, name: /Iceland 1GB 7 Days/ }) });
    await expect(explanation).toContainText('Winning rule');
    await expect(explanation).toContainText(name);
    await expect(explanation).toContainText('Markup 300% (rounded up to a whole cent)');
    await expect(explanation).toContainText('Lost: a more specific rule applies.');
    await expect(explanation.getByText(RULE_PRICE).first()).toBeVisible();
    await shot(page, 'explained');

    // Phone width: cards instead of the table, nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(page.getByRole('table', { name: 'Pricing rules, in the order they win' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'applied');
    await page.getByRole('button', { name: `Edit rule ${name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit pricing rule' })).toBeVisible();
    await shot(page, 'dialog');
    await page.keyboard.press('Escape');

    // Remove the rule, then apply again: the storefront is back to the default price.
    await page.getByRole('button', { name: `Delete rule ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete the rule “${name}”?` });
    await confirm.getByRole('button', { name: 'Delete rule' }).click();
    await expect(
      page
        .locator('[data-sonner-toast]')
        .filter({ hasText: `Rule “${name}” deleted` })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name })).toHaveCount(0);
    await page.getByRole('button', { name: 'Preview recalculation' }).click();
    await expect(
      page
        .getByRole('region', { name: 'Preview: nothing has changed yet' })
        .getByRole('listitem')
        .filter({ hasText: BIGGEST.bundle }),
    ).toContainText(BIGGEST.before);
    await page.getByRole('button', { name: 'Apply new prices' }).click();
    await expect(page.getByRole('region', { name: 'Applied: the store shows these prices' })).toBeVisible();
    await expectStorefrontPrice(browser, baseURL!, DEFAULT_PRICE);
  } finally {
    await removeRule(page, name);
  }
});

test('a failed recalculation shows the server message', async ({ page }) => {
  await page.route('**/api/pricing-settings/recalculate*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'upstream_error', message: 'The database is busy; try again.' } }),
    }),
  );
  await page.goto('/admin/pricing');
  await page.getByRole('button', { name: 'Preview recalculation' }).click();
  const toast = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Failed to recalculate product pricing' })
    .first();
  await expect(toast).toContainText('The database is busy; try again.');
});

test.describe('accessibility', () => {
  // axe-core is injected as a script, which the store's Content-Security-Policy forbids; the flow
  // above runs under the policy.
  test.use({ bypassCSP: true });

  for (const width of [1280, 360]) {
    test(`the pricing screen, its dialog, a preview and an explanation have no serious axe violation at ${width} px`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/pricing');
      await expect(page.getByRole('heading', { level: 2, name: 'Rules' })).toBeVisible();
      await expect(
        page.getByRole('button', { name: 'Edit rule Default markup' }).filter({ visible: true }),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await page.getByRole('button', { name: 'Edit rule Default markup' }).filter({ visible: true }).click();
      await expect(page.getByRole('dialog', { name: 'Edit pricing rule' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      // A preview changes nothing, so it can run beside the other tests.
      await page.getByRole('button', { name: 'Preview recalculation' }).click();
      await expect(page.getByRole('region', { name: 'Preview: nothing has changed yet' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Find a product' }).fill('esim_UL_7D_IS_V2');
      await page.getByRole('button', { name: /Iceland Unlimited 7 Days/ }).click();
      await expect(page.getByRole('heading', { level: 4, name: 'From wholesale to retail' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, 'overview');
    });
  }

  for (const [lng, heading, edit] of [
    ['de', 'Preise', 'Regel Default markup bearbeiten'],
    ['tr', 'Fiyatlandırma', 'Default markup kuralını düzenle'],
  ] as const) {
    test(`the pricing screen in ${lng} fits 360 and 1280 px`, async ({ page }) => {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/admin/pricing?lng=${lng}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('button', { name: edit }).filter({ visible: true })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `rules-${lng}`);
      }
    });
  }
});
