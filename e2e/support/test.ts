/**
 * Playwright's `test`, with pages that wait for the storefront to hydrate after `goto` and
 * `reload`. A server-rendered page is on screen before its JavaScript has run; a click
 * or keystroke in that moment is a real visitor's too, but a test that acts at once would test
 * the network, not the store. The app marks `<html data-hydrated>` once hydrated
 * (`apps/web/src/app/app.tsx`); pages without server rendering have no `#ssr-state` and do not wait.
 * Everything else is Playwright's own.
 */
import { type Page, test as base } from '@playwright/test';

export * from '@playwright/test';

/** Waits until the page in view is hydrated (or was never server-rendered). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('ssr-state') || document.documentElement.hasAttribute('data-hydrated'),
    undefined,
    { timeout: 15_000 },
  );
}

/** Makes `page.goto` and `page.reload` resolve once the storefront page has hydrated. */
export function awaitHydrationOnNavigation(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    if (response?.headers()['content-type']?.startsWith('text/html')) await waitForHydration(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    if (response?.headers()['content-type']?.startsWith('text/html')) await waitForHydration(page);
    return response;
  };
}

export const test = base.extend({
  page: async ({ page }, use) => {
    awaitHydrationOnNavigation(page);
    await use(page);
  },
});
