import fs from 'node:fs';
import { type APIRequestContext, type Locator, type Page, expect, test } from '../support/test.ts';
import { adminStatePath } from '../support/admin-session.ts';
import { seriousViolations } from './a11y.ts';

/**
 * Catalogue sync and bulk import end to end (a catalogue sync to completion with the progress
 * bar; a CSV with a bad row imported: dry run, fix, apply), as the
 * run's admin, in Debian's Chromium against the built store. The import changes two plans of
 * Malta (`MT`, a destination no other spec buys from or prices) and puts them back at the end,
 * whatever happens. The axe and 360 px checks run with the page's policy bypassed (axe is
 * injected as a script); the flows run under it.
 */

test.use({ storageState: adminStatePath() });

const HEADER = 'apiBundleName,displayName,retailPrice,discountPercent,active,featured';

const toast = (page: Page, title: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

/** A screenshot of the window (or of `element`), kept with the test's results. */
async function screenshot(page: Page, name: string, element?: Locator): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  // From the top: a full-page shot of a scrolled page repeats the sticky header mid-page.
  if (!element) await page.evaluate(() => window.scrollTo(0, 0));
  await (element ? element.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/** Writes a CSV file for the file picker, in the test's output folder. */
function csvFile(name: string, lines: string[]): string {
  const path = test.info().outputPath(name);
  fs.writeFileSync(path, `${lines.join('\r\n')}\r\n`);
  return path;
}

/** Two prepaid plans of Malta as the storefront lists them. */
async function maltaPlans(
  request: APIRequestContext,
): Promise<{ productId: number; apiBundleName: string; priceCents: number }[]> {
  const res = await request.get('/api/products?country=MT&type=prepaid');
  expect(res.ok()).toBe(true);
  const { products } = (await res.json()) as {
    products: { productId: number; apiBundleName: string; priceCents: number }[];
  };
  expect(products.length).toBeGreaterThan(2);
  return products.slice(0, 2);
}

/**
 * Puts plans back as the provider lists them (no display name, fixed price, discount or featured
 * flag; on sale) through the import API: a dry run, then apply, then wait until applied.
 */
async function restore(request: APIRequestContext, baseURL: string, bundles: string[]): Promise<void> {
  const headers = { Origin: new URL(baseURL).origin };
  const dry = await request.post('/api/admin/bulk-imports?filename=restore.csv', {
    headers: { ...headers, 'Content-Type': 'text/csv' },
    data: [HEADER, ...bundles.map((b) => `${b},,,0,true,false`)].join('\n'),
  });
  expect(dry.status(), await dry.text()).toBe(201);
  const id = ((await dry.json()) as { import: { id: number } }).import.id;
  const apply = await request.post(`/api/admin/bulk-imports/${id}/apply`, { headers });
  expect(apply.ok(), await apply.text()).toBe(true);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/admin/bulk-imports/${id}`)).json()) as { import: { status: string } }).import
          .status,
      { timeout: 20_000 },
    )
    .toBe('applied');
}

test.describe('catalogue sync', () => {
  test('runs a sync to completion on a live progress bar, with its report and history', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/admin/catalogue-sync');
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogue sync' })).toBeVisible();
    await expect(page).toHaveTitle(/^Catalogue sync · Admin \| /);
    await expect(page.getByText(/Runs by itself every 6 hours; next start/)).toBeVisible();

    // A sync started elsewhere meanwhile: the server's 409 reads "a sync is already running".
    await page.route('**/api/admin/catalogue-sync', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({
              error: {
                code: 'sync_in_progress',
                message: 'A catalogue sync is already running; wait for it to finish',
              },
            }),
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Start sync' }).click();
    await expect(toast(page, 'A sync is already running')).toBeVisible();
    await page.unroute('**/api/admin/catalogue-sync');

    // The real sync: the progress bar fills up to the provider's whole catalogue.
    const starting = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/catalogue-sync') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Start sync' }).click();
    const started = await starting;
    expect(started.status()).toBe(202);
    const { run } = (await started.json()) as { run: { id: number } };
    const runPanel = page.getByRole('region', { name: `Sync #${run.id}` });
    await expect(runPanel).toBeVisible();
    const bar = runPanel.getByRole('progressbar', { name: 'Sync progress' });
    await expect(bar).toBeVisible();
    await expect(runPanel.getByText(/^All [\d,]+ bundles checked in /)).toBeVisible({ timeout: 60_000 });
    const total = Number(await bar.getAttribute('aria-valuemax'));
    expect(total).toBeGreaterThan(2000);
    await expect(bar).toHaveAttribute('aria-valuenow', String(total));
    await expect(runPanel.getByText('Finished', { exact: true })).toBeVisible();
    await expect(toast(page, 'Catalogue sync finished')).toBeVisible();

    // The report: the counts (the sandbox catalogue did not change, so every bundle is unchanged).
    const counts = runPanel.getByRole('definition');
    await expect(counts).toHaveCount(5);
    await expect(runPanel.getByText('The catalogue was already up to date: nothing changed.')).toBeVisible();

    // The history lists the run; any run's report opens from it.
    const history = page.getByRole('table', { name: 'The last 20 catalogue syncs, newest first' });
    await expect(history.getByRole('row').nth(1)).toContainText(`#${run.id}`);
    await expect(history.getByRole('button', { name: `Show the report of sync #${run.id}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await screenshot(page, 'catalogue-sync-1280');
  });
});

test.describe('bulk import', () => {
  test('a file with a bad row is refused row by row; fixed, it applies and the storefront shows it at once', async ({
    page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(120_000);
    const [first, second] = await maltaPlans(page.request);
    try {
      await page.goto('/admin/bulk-import');
      await expect(page.getByRole('heading', { level: 1, name: 'Bulk import' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Download template' })).toHaveAttribute(
        'href',
        '/api/admin/bulk-imports/template.csv',
      );
      await expect(page.getByRole('link', { name: 'Export catalogue (CSV)' })).toHaveAttribute(
        'href',
        '/api/admin/products/export.csv',
      );

      // The dry run of a file with a bad price: the row, the column and the problem; nothing changes.
      const picker = page.getByLabel('Choose a CSV file, or drop it here');
      await picker.setInputFiles(
        csvFile('malta-bad.csv', [
          HEADER,
          `${first!.apiBundleName},Malta Explorer,6.49,10,true,true`,
          `${second!.apiBundleName},,12.999,0,true,false`,
        ]),
      );
      const report = page.getByRole('region', { name: 'Dry run of malta-bad.csv' });
      await expect(report).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/bulk-import\?import=\d+$/);
      const errors = report.getByRole('table', { name: 'Rows in error: row number, column, problem and value' });
      const errorRow = errors.getByRole('row').nth(1);
      await expect(errorRow.getByRole('cell').nth(0)).toHaveText('3');
      await expect(errorRow.getByRole('cell').nth(1)).toHaveText('retailPrice');
      await expect(errorRow.getByRole('cell').nth(2)).toHaveText(
        'Must be a price in USD such as 12.99 (at most 10000), or empty for the pricing settings.',
      );
      await expect(errorRow.getByRole('cell').nth(3)).toHaveText('12.999');
      await expect(report.getByRole('link', { name: 'Download the rows in error (CSV)' })).toBeVisible();
      await expect(report.getByText(/^Rows with errors \(1\) are skipped\./)).toBeVisible();
      const download = page.waitForEvent('download');
      await report.getByRole('link', { name: 'Download the rows in error (CSV)' }).click();
      const errorsCsv = fs.readFileSync(await (await download).path(), 'utf8');
      expect(errorsCsv).toContain(`${second!.apiBundleName},,12.999,0,true,false,"retailPrice: must be a price in USD`);
      await screenshot(page, 'bulk-import-errors-1280');
      expect(
        (
          (await (await page.request.get(`/api/products/${first!.productId}`)).json()) as {
            product: { priceCents: number };
          }
        ).product.priceCents,
      ).toBe(first!.priceCents);

      // The fixed file: a new dry run, no errors, two changes; apply, watch the progress, done.
      await picker.setInputFiles(
        csvFile('malta-fixed.csv', [
          HEADER,
          `${first!.apiBundleName},Malta Explorer,6.49,10,true,true`,
          `${second!.apiBundleName},,5.99,0,true,false`,
        ]),
      );
      const fixed = page.getByRole('region', { name: 'Dry run of malta-fixed.csv' });
      await expect(fixed).toBeVisible();
      await expect(fixed.getByText('Every row is valid. Apply the changes to update the storefront.')).toBeVisible();
      await expect(fixed.getByText('Display name:')).toBeVisible();
      await fixed.getByRole('button', { name: 'Apply 2 changes' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Apply 2 changes?' });
      await confirm.getByRole('button', { name: 'Apply' }).click();
      const applied = page.getByRole('region', { name: 'Import of malta-fixed.csv' });
      await expect(applied.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
      await expect(applied.getByText('Done. Rows processed: 2. The storefront shows the changes.')).toBeVisible({
        timeout: 30_000,
      });
      await expect(applied.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '2');
      await expect(applied.getByText('Applied. Rows changed: 2; rows already as the file says: 0.')).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Recent imports' }).getByRole('link', { name: 'malta-fixed.csv' }),
      ).toHaveAttribute('aria-current', 'true');
      await screenshot(page, 'bulk-import-applied-1280');

      // The storefront, as a visitor who never saw the old prices: the new name, price and discount at once.
      const shopper = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
      const shop = await shopper.newPage();
      await shop.goto(`/products/${first!.productId}`);
      await expect(shop).toHaveTitle(/Malta Explorer/);
      await expect(shop.getByText('$6.49').first()).toBeVisible();
      await expect(shop.getByText('Save 10%').first()).toBeVisible();
      await shop.goto('/en/malta');
      await expect(shop.getByText('$5.99').first()).toBeVisible();
      await screenshot(shop, 'storefront-malta-1280');
      await shopper.close();
    } finally {
      await restore(page.request, baseURL!, [first!.apiBundleName, second!.apiBundleName]);
    }
    const back = (await (await page.request.get(`/api/products/${second!.productId}`)).json()) as {
      product: { priceCents: number; name: string };
    };
    expect(back.product.priceCents).toBe(second!.priceCents);
  });
});

test.describe('accessibility', () => {
  test.use({ bypassCSP: true });

  for (const width of [1280, 360]) {
    test(`the catalogue sync and bulk import screens have no serious axe violation and fit ${width} px`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/catalogue-sync');
      await expect(page.getByRole('button', { name: /Start sync|Sync in progress/ })).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Sync progress' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `catalogue-sync-${width}`);
      await screenshot(page, `catalogue-sync-run-${width}`, page.getByRole('region', { name: /^Sync #\d+$/ }));
      await screenshot(page, `catalogue-sync-history-${width}`, page.getByRole('region', { name: 'History' }));

      // A dry run with errors (nothing changes), by keyboard: Tab to the file picker.
      await page.goto('/admin/bulk-import');
      await expect(page.getByRole('heading', { level: 2, name: 'Upload a CSV file' })).toBeVisible();
      const picker = page.getByLabel('Choose a CSV file, or drop it here');
      await picker.focus();
      await expect(picker).toBeFocused();
      const [bundle] = await maltaPlans(page.request);
      await picker.setInputFiles(
        csvFile(`check-${width}.csv`, [
          HEADER,
          `${bundle!.apiBundleName},=1+1,abc,95,maybe,false`,
          'esim_NOPE,,,0,true,false',
        ]),
      );
      await expect(page.getByRole('region', { name: `Dry run of check-${width}.csv` })).toBeVisible();
      await expect(
        page.getByText('No row can be applied. Fix the errors below and upload the file again.'),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `bulk-import-${width}`);
      await screenshot(
        page,
        `bulk-import-report-${width}`,
        page.getByRole('region', { name: `Dry run of check-${width}.csv` }),
      );

      // A bad file: the whole file is refused, with why.
      await picker.setInputFiles(csvFile(`bad-${width}.csv`, ['displayName,active', 'Malta,true']));
      await expect(
        page.getByRole('alert').filter({ hasText: 'The header has no apiBundleName column.' }),
      ).toBeVisible();
    });
  }

  test('the screens speak German and Turkish', async ({ page }) => {
    for (const [lng, sync, importTitle] of [
      ['de', 'Abgleich starten', 'CSV-Datei hochladen'],
      ['tr', 'Eşitlemeyi başlat', 'CSV dosyası yükle'],
    ] as const) {
      await page.goto(`/admin/catalogue-sync?lng=${lng}`);
      await expect(page.getByRole('button', { name: sync })).toBeVisible();
      await page.goto(`/admin/bulk-import?lng=${lng}`);
      await expect(page.getByRole('heading', { level: 2, name: importTitle })).toBeVisible();
    }
  });
});
