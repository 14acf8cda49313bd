import { type Page, expect, test } from '../support/test.ts';
import { visitorWithCart } from './visitor.ts';

/**
 * The store under its Content-Security-Policy and Permissions-Policy (decision record 0010): every page works with `style-src` free of `'unsafe-inline'` (toasts and dialogs styled,
 * the server-rendered pages too) and the browser reports nothing. Never `bypassCSP` here.
 */

/**
 * Collects what the browser says about the page's policies: each `securitypolicyviolation` event
 * (a listener added before any of the page's own code runs, in every document of the page) and
 * each console message about CSP or Permissions-Policy (e.g. "Refused to apply inline style",
 * "Unrecognized feature").
 */
async function watchPolicies(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('reportCspViolation', (report: string) => problems.push(report));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (report: string) => void }).reportCspViolation;
      report(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/content[- ]security[- ]policy|permissions[- ]policy|refused to/i.test(message.text())) {
      problems.push(`${page.url()}: console ${message.type()}: ${message.text()}`);
    }
  });
  return problems;
}

/** Whether the page's scroll lock applies: Radix adds it as a `<style>` element at run time, which needs the nonce. */
const scrollLocked = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow === 'hidden');

/** A fresh visitor with one Turkey plan in the cart. */
async function seedCart(page: Page): Promise<void> {
  await visitorWithCart(page);
}

test.describe('content security policy', () => {
  test('storefront pages: strict headers, styled toasts, dialogs and menus, no violation', async ({
    page,
  }, testInfo) => {
    test.slow();
    const problems = await watchPolicies(page);

    const home = await page.goto('/');
    const headers = home!.headers();
    expect(headers['content-security-policy']).not.toContain("'unsafe-inline'");
    expect(headers['content-security-policy']).toMatch(/style-src [^;]*'nonce-[^']+'/);
    expect(headers['permissions-policy']).toContain('camera=()');
    // The language menu (a Radix dropdown) locks the page's scroll while open.
    await page.getByRole('button', { name: /Language: English/ }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toBeVisible();
    expect(await scrollLocked(page)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await scrollLocked(page)).toBe(true);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await scrollLocked(page)).toBe(false);

    await page.goto('/en/turkey');
    await page
      .getByRole('link', { name: /View details/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Added to Cart' });
    await expect(toast).toBeVisible();
    // sonner's rules apply (its stylesheet, no longer an inline <style>): a positioned, filled card.
    const toastStyle = await toast.evaluate((element) => {
      const style = getComputedStyle(element);
      return { position: style.position, background: style.backgroundColor, radius: style.borderRadius };
    });
    expect(toastStyle).toEqual({
      position: 'absolute',
      background: expect.not.stringMatching(/rgba\(0, 0, 0, 0\)/),
      radius: '8px',
    });
    // Once it has slid in: under the 70 px header, as the toaster's mobile offset says.
    await expect(toast).toHaveCSS('opacity', '1');
    await expect.poll(async () => (await toast.boundingBox())?.y).toBeGreaterThanOrEqual(70);
    await page.screenshot({ path: testInfo.outputPath('toast-360.png') });

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Clear your cart?' })).toBeVisible();
    expect(await scrollLocked(page)).toBe(true);
    await page.getByRole('button', { name: 'Keep my plans' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: 'Complete purchase' })).toBeVisible();
    await page.goto('/portal');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    expect(problems).toEqual([]);
  });

  test('the sandbox PayPal and device pages: their constant styles apply, no violation', async ({ page }) => {
    test.slow();
    const problems = await watchPolicies(page);
    await seedCart(page);
    await page.goto('/checkout');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('E-mail', { exact: true }).fill('ada@example.com');
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await page.getByRole('radio', { name: /PayPal/ }).check();
    await page.getByRole('button', { name: 'Complete purchase' }).click();

    await expect(page).toHaveURL(/\/sandbox\/paypal\/[^/]+$/);
    const payNow = page.getByRole('button', { name: 'Pay now' });
    await expect(payNow).toBeVisible();
    // The page's own <style> (allowed by hash) styles the button: PayPal yellow, rounded.
    expect(await payNow.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 196, 57)');
    await payNow.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    const iccid = page
      .getByRole('region', { name: 'Your eSIMs' })
      .getByText(/^\d{19,20}$/)
      .first();
    await expect(iccid).toBeVisible({ timeout: 30_000 });
    const response = await page.goto(`/sandbox/esims/${await iccid.innerText()}`);
    expect(response!.headers()['content-security-policy']).not.toContain("'unsafe-inline'");
    await page.getByRole('button', { name: 'Install on phone' }).click();
    await expect(page.getByRole('status')).toHaveText('The eSIM profile is installed on the phone.');
    expect(await page.getByRole('status').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(218, 251, 225)',
    );

    expect(problems).toEqual([]);
  });

  test('the e-mail preview shows every message with its inline styles, no violation', async ({ page }) => {
    test.slow(); // 65 messages (13 kinds in 5 languages)
    const problems = await watchPolicies(page);
    await page.goto('/email-preview');
    const links = await page
      .getByRole('link')
      .filter({ hasNotText: '(text)' })
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).pathname));
    expect(links.length).toBeGreaterThanOrEqual(10);
    for (const path of links) {
      const response = await page.goto(path);
      expect(response!.status()).toBe(200);
      expect(response!.headers()['content-security-policy']).not.toContain("'unsafe-inline'");
      // The message's inline styles apply: the grey page around the white column.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(241, 245, 249)');
    }
    expect(problems).toEqual([]);
  });
});
