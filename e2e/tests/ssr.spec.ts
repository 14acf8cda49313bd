import type { CountriesResponse } from '@esim/contract/catalog';
import { destinationFigureOf } from '@esim/contract/destination-figure';
import { destinationFigures, roundTheClockClaims } from '../../apps/api/test/copy-claims.ts';
import { type Page, expect, test } from '../support/test.ts';
import { text } from './i18n.ts';
import { visitorWithCart } from './visitor.ts';

/**
 * Server rendering of the public pages (decision record 0022): the first HTML holds the
 * visible content in the page's language, and hydration changes nothing a user sees.
 */

/** The text a user sees in the header, the main content and the footer (the chat launcher and toasts come later, by design). */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [document.querySelector('header'), document.querySelector('main'), document.querySelector('footer')]
      .map((el) => (el instanceof HTMLElement ? el.innerText : ''))
      .join('\n')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/**
 * Collects the page's uncaught errors and React's hydration errors (minified codes 418, 419, 423,
 * 425) from now on, in the returned list.
 */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#419|#423|#425/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** Starts summing layout shifts (the CLS of the page so far, without those after user input). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test.describe('server rendering', () => {
  test('the first HTML of /tr/turkey holds its plans and prices in Turkish', async ({ request }) => {
    const response = await request.get('/tr/turkey', { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="tr"');
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="ssr-state"'));
    // The Turkish page title, plan facts and prices are in the markup itself, not only in the data.
    expect(root).toContain('Türkiye eSIM');
    expect(root).toMatch(/\$\d+\.\d\d/);
    expect(root).toMatch(/\d+ gün/);
    expect(root).toMatch(/href="\/products\/\d+"/);
    // No inline script is needed to reveal any part of it (the CSP allows none).
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(html).not.toContain('<template');
  });

  test('each public page is rendered in the first HTML with its own content', async ({ request }) => {
    for (const [path, expected] of [
      ['/', 'Turkey'],
      ['/products/1', '$'],
      ['/about-us', 'Roamwise'],
      ['/de/japan', 'Japan'],
    ] as const) {
      const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      expect(main.length, path).toBeGreaterThan(500);
      expect(main, path).toContain(expected);
    }
  });

  for (const path of ['/tr/turkey', '/', '/products/1', '/products?view=all']) {
    test(`hydration of ${path} changes nothing a user sees`, async ({ browser }) => {
      const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
      const before = await noScript.newPage();
      await before.goto(path);
      const serverText = await visibleText(before);
      await noScript.close();

      const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
      const page = await context.newPage();
      const errors = hydrationErrors(page);
      await watchLayoutShifts(page);
      await page.goto(path);
      // Hydrated: the app has handled the page (the cart badge's query ran, the chat launcher mounted).
      await page.waitForLoadState('networkidle');
      await expect.poll(() => visibleText(page)).toBe(serverText);
      expect(errors).toEqual([]);
      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
      expect(shift).toBeLessThanOrEqual(0.02);
      await context.close();
    });
  }

  test("the home page states one destination figure, the catalogue's, in its first HTML and after hydration, in each language", async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const { countries } = (await (await request.get('/api/countries')).json()) as CountriesResponse;
    const figure = destinationFigureOf(countries);
    expect(figure, `${countries.length} destinations`).toBeGreaterThan(0);
    for (const lang of ['en', 'tr', 'es', 'fr', 'de'] as const) {
      const html = await (await request.get(`/?lng=${lang}`, { headers: { accept: 'text/html' } })).text();
      // What the first HTML says: the title and the metadata, and the rendered page (not the state script).
      const head = html.slice(0, html.indexOf('</head>'));
      const metadata = [...head.matchAll(/<title>([^<]*)<\/title>|\scontent="([^"]*)"/g)]
        .map((m) => m[1] ?? m[2])
        .join('\n');
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="ssr-state"'));
      const rendered = root
        .replace(/<[^>]+>/g, '\n')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&amp;/g, '&');
      expect(destinationFigures(`${metadata}\n${rendered}`), `${lang}: first HTML`).toEqual([figure]);
      expect(roundTheClockClaims(rendered), `${lang}: first HTML`).toEqual([]);

      await page.goto(`/?lng=${lang}`);
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(() =>
        [
          document.title,
          document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
          document.body.innerText,
        ].join('\n'),
      );
      expect(destinationFigures(seen), `${lang}: hydrated`).toEqual([figure]);
      expect(roundTheClockClaims(seen), `${lang}: hydrated`).toEqual([]);
    }
    // The page as a visitor sees it, on a phone and on a laptop.
    await page.goto('/?lng=en');
    await page.waitForLoadState('networkidle');
    for (const [width, height] of [
      [360, 780],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: testInfo.outputPath(`home-${width}.png`) });
      await page.screenshot({ path: testInfo.outputPath(`home-${width}-full.png`), fullPage: true });
    }
  });

  test('the support, contact and about pages say "24/7" only of the chat assistant and the intake of messages', async ({
    page,
  }) => {
    test.slow(); // 20 pages
    for (const lang of ['en', 'tr', 'es', 'fr', 'de'] as const) {
      for (const path of ['/support', '/contact', '/about-us', '/faq']) {
        await page.goto(`${path}?lng=${lang}`);
        await expect(page.locator('main h1')).toBeVisible();
        const seen = await page.evaluate(() => {
          // A term and its description (a row of the support hours, a figure tile) read as one line.
          document.querySelectorAll('dt').forEach((term) => {
            const description = term.nextElementSibling;
            if (description?.tagName !== 'DD') return;
            term.append(` ${description.textContent ?? ''}`);
            description.textContent = '';
          });
          return [document.title, document.body.innerText].join('\n');
        });
        expect(roundTheClockClaims(seen), `${lang} ${path}`).toEqual([]);
      }
    }
  });

  test("the cart's first HTML holds the visitor's lines, and hydrating it changes nothing (the visitor_session cookie)", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await visitorWithCart(page, [2]);
    const html = await (await page.request.get('/cart', { headers: { accept: 'text/html' } })).text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="ssr-state"'));
    expect(root).toContain('Order summary');
    expect(root).toMatch(/Turkey eSIM: [^<"]+/);
    expect(root).toMatch(/type="number"[^>]*value="2"/);

    const errors = hydrationErrors(page);
    await watchLayoutShifts(page);
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThanOrEqual(0.02);
    await context.close();
  });

  test("the checkout's first HTML holds the whole form, whose pay button cannot submit before the page's code runs", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await visitorWithCart(page, [1]);
    const html = await (await page.request.get('/checkout', { headers: { accept: 'text/html' } })).text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="ssr-state"'));
    // The payment methods came with the page: the card fields and PayPal, not a skeleton.
    expect(root).toContain('Card number');
    expect(root).toContain('PayPal');
    expect(root).not.toContain('aria-busy="true"');
    // A click before hydration would make the browser submit the form itself, card fields in the address.
    expect(root).toMatch(/<button type="submit"[^>]*disabled=""/);

    const errors = hydrationErrors(page);
    await watchLayoutShifts(page);
    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: /Complete purchase/ })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThanOrEqual(0.02);
    await context.close();
  });

  test('a visitor whose cookie is missing still sees their own cart: the page is rendered afresh, and the cookie set', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const sessionId = await visitorWithCart(page, [3]);
    await context.clearCookies();
    const errors = hydrationErrors(page);
    await page.goto('/cart');
    // The server rendered an empty cart (no cookie); the browser knows better.
    await expect(page.getByRole('spinbutton', { name: /^Quantity of/ })).toHaveValue('3');
    await expect(page.getByText('Your cart is empty')).toHaveCount(0);
    expect(errors).toEqual([]);
    expect((await context.cookies()).find((cookie) => cookie.name === 'visitor_session')?.value).toBe(sessionId);
    await context.close();
  });

  test("keeps the server's footer without its code: its links open pages in the app, and a language change renders it anew", async ({
    page,
  }) => {
    const footerCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/footer-[\w-]+\.js$/.test(request.url())) footerCode.push(request.url());
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: text('en', 'common', 'footer.quickLinks.title') })).toBeVisible();
    expect(footerCode).toEqual([]);
    // A link of the kept footer opens its page inside the app: no new document.
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await footer.getByRole('link', { name: text('en', 'common', 'footer.quickLinks.faq') }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/FAQ|Frequently/i);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(footerCode).toEqual([]);
    // Another language: the footer is rendered by the app, in that language.
    await page.getByRole('button', { name: /Language: English/ }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect(footer.getByRole('heading', { name: text('de', 'common', 'footer.quickLinks.title') })).toBeVisible();
    await expect(footer.getByRole('link', { name: text('de', 'common', 'footer.legal.privacy') })).toBeVisible();
    expect(footerCode).toHaveLength(1);
  });

  test('a page the browser renders alone detects its language, keeps it for the next page and renders the footer', async ({
    page,
    context,
  }) => {
    await page.goto('/portal?lng=fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: text('fr', 'common', 'footer.quickLinks.title') })).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === 'i18next')?.value).toBe('fr');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr');
    // The server renders the next page in the language chosen (the cookie).
    await page.goto('/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(footer.getByRole('heading', { name: text('fr', 'common', 'footer.quickLinks.title') })).toBeVisible();
  });

  test("the FAQ's answers open without the page's code, and a link to one (/faq#hotspot) opens it", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto('/faq');
    const question = page.getByText('Do I get a phone number?');
    await question.click();
    await expect(page.locator('details', { has: question })).toHaveAttribute('open', '');
    await page.goto('/faq#hotspot');
    await expect(page.locator('#hotspot')).toBeVisible();
    await context.close();
  });

  test('a page address that cannot be decoded shows the not-found screen in the layout', async ({ page }) => {
    const response = await page.goto('/en/%E0%A4%A');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('a screen whose download fails is retried, then shows its error inside the layout with a retry', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    let blocked = true;
    await page.route(/\/assets\/faq-[^/]*\.js$/, (route) => (blocked ? route.abort() : route.continue()));
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    // Header and footer stay.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    blocked = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/FAQ|Frequently/i);
  });
});
