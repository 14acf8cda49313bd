import { type ElementHandle, type Locator, type Page, expect, test } from '../support/test.ts';
import { text } from './i18n.ts';

/**
 * The floating chat launcher never sits on what a visitor buys with. On the home page (the
 * destination tabs, the destination links, 'Browse all plans'), a product page (its price and
 * 'Add to cart') and the country page `/tr/turkey` (each plan card's price, 'View details' and
 * add button), at 360 x 780 and 1280 x 800, the page is scrolled from top to bottom as a visitor
 * would: the top, every position where a checked control has just come fully into view at the
 * bottom of the screen (where scrolling down meets it, and where the launcher is), steps of half
 * a screen, and the end. At each, once the launcher has come to rest, its box must meet no checked
 * control or price in view. The launcher must stay reachable by keyboard with a visible focus
 * (WCAG 2.2 SC 2.4.7 Focus Visible, SC 2.4.11 Focus Not Obscured), and it must never move the
 * page's content (no layout shift, `docs/decisions/0022-server-rendering.md`).
 */

const VIEWPORTS = [
  { width: 360, height: 780 },
  { width: 1280, height: 800 },
] as const;

type Lang = 'en' | 'tr';

/** A control or price a visitor needs, with a description for the failure message. */
interface Checked {
  what: string;
  handle: ElementHandle<HTMLElement | SVGElement>;
}

const PRICE = /^\$\d+(?:\.\d\d)?$/;

const launcherOf = (page: Page, lang: Lang) =>
  page.getByRole('button', { name: text(lang, 'common', 'chat.launcher'), exact: true });

/** Every element `locator` matches, each described as `what` and its text or name. */
async function collect(locator: Locator, what: string): Promise<Checked[]> {
  const found: Checked[] = [];
  for (const one of await locator.all()) {
    const label = (await one.getAttribute('aria-label')) ?? (await one.innerText()).replace(/\s+/g, ' ').trim();
    const handle = await one.elementHandle();
    if (handle) found.push({ what: `${what} "${label.slice(0, 60)}"`, handle });
  }
  return found;
}

/** The pages and what is checked on each, located by role, name and the text a visitor reads. */
const PAGES: {
  name: string;
  lang: Lang;
  path: (page: Page) => Promise<string>;
  controls: (page: Page) => Promise<Checked[]>;
}[] = [
  {
    name: 'home page',
    lang: 'en',
    path: async () => '/',
    controls: async (page) => {
      const tabs = page.getByRole('tablist', { name: text('en', 'catalog', 'destinations.tabsLabel') });
      await expect(tabs.getByRole('tab', { name: text('en', 'catalog', 'destinations.tabs.global') })).toBeVisible();
      return [
        ...(await collect(tabs.getByRole('tab'), 'tab')),
        ...(await collect(page.getByRole('tabpanel').getByRole('link'), 'destination link')),
        ...(await collect(
          page.getByRole('button', { name: text('en', 'catalog', 'destinations.browseAll') }),
          'button',
        )),
      ];
    },
  },
  {
    name: 'product page',
    lang: 'en',
    path: async (page) => {
      const res = await page.request.get('/api/products?country=TR');
      const { products } = (await res.json()) as { products: { productId: number }[] };
      return `/products/${products[0]?.productId}`;
    },
    controls: async (page) => {
      const purchase = page.getByRole('complementary', { name: text('en', 'catalog', 'details.purchase.heading') });
      const add = purchase.getByRole('button', { name: text('en', 'catalog', 'details.purchase.addToCart') });
      await expect(add).toBeVisible();
      return [...(await collect(add, 'button')), ...(await collect(purchase.getByText(PRICE), 'price'))];
    },
  },
  {
    name: 'country page',
    lang: 'tr',
    path: async () => '/tr/turkey',
    controls: async (page) => {
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards.first()).toBeVisible();
      const addName = new RegExp(`^${text('tr', 'catalog', 'plan.addToCart')}: `);
      return [
        ...(await collect(cards.getByText(PRICE), 'price')),
        ...(await collect(cards.getByRole('button', { name: addName }), 'button')),
        ...(await collect(cards.getByRole('link', { name: text('tr', 'catalog', 'plan.viewDetails') }), 'link')),
      ];
    },
  },
];

type ShiftEntry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };

/** Starts recording layout shifts not caused by input (scrolling is not input), with the nodes that moved. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: ShiftEntry[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as ShiftEntry[]) if (!entry.hadRecentInput) w.__shifts.push(entry);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The page's layout shifts from the `from`th on: their sum, and the nodes that moved (those of the
 * chat widget marked).
 */
async function layoutShifts(launcher: Locator, from = 0): Promise<{ count: number; total: number; moved: string[] }> {
  return launcher.evaluate((own, first) => {
    const all = (window as unknown as { __shifts: ShiftEntry[] }).__shifts;
    const shifts = all.slice(first);
    const widget = own.parentElement!;
    const moved = shifts.flatMap((s) =>
      s.sources.map(({ node }) => {
        const el = node instanceof Element ? node : node?.parentElement;
        const name = el
          ? `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').split(/\s+/).slice(0, 4).join('.')}`
          : 'unknown';
        return `${node && widget.contains(node) ? 'CHAT LAUNCHER ' : ''}${name} (${s.value.toFixed(5)})`;
      }),
    );
    return { count: all.length, total: shifts.reduce((sum, s) => sum + s.value, 0), moved };
  }, from);
}

/**
 * Resolves once the launcher has come to rest: no animation running on it and its box unchanged
 * for 400 ms (longer than any settling delay a launcher that makes way could reasonably use).
 */
async function launcherAtRest(launcher: Locator): Promise<void> {
  await launcher.evaluate(async (el) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    const key = () => JSON.stringify(el.getBoundingClientRect());
    let last = key();
    let since = performance.now();
    const deadline = since + 5_000;
    while (performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const now = key();
      const moving = el.getAnimations({ subtree: true }).some((a) => a.playState === 'running');
      if (now !== last || moving) {
        last = now;
        since = performance.now();
      } else if (performance.now() - since >= 400) return;
    }
  });
}

/** The checked elements in view that the launcher's box meets, at the current scroll position. */
async function overlapsInView(page: Page, launcher: Locator, checked: Checked[]): Promise<string[]> {
  const handle = await launcher.elementHandle();
  const hits = await page.evaluate(
    ([own, ...targets]) => {
      const l = own!.getBoundingClientRect();
      const found: { index: number; box: string }[] = [];
      targets.forEach((target, index) => {
        const b = target.getBoundingClientRect();
        const inView =
          b.width > 0 && b.height > 0 && b.bottom > 0 && b.top < innerHeight && b.right > 0 && b.left < innerWidth;
        const meets = b.left < l.right && b.right > l.left && b.top < l.bottom && b.bottom > l.top;
        if (inView && meets)
          found.push({
            index,
            box: `${Math.round(b.left)},${Math.round(b.top)} ${Math.round(b.width)}x${Math.round(b.height)} under launcher ${Math.round(l.left)},${Math.round(l.top)} ${Math.round(l.width)}x${Math.round(l.height)}`,
          });
      });
      return found;
    },
    [handle, ...checked.map((c) => c.handle)] as ElementHandle<Element>[],
  );
  const y = await page.evaluate(() => Math.round(scrollY));
  return hits.map((h) => `scrollY ${y}: ${checked[h.index]!.what} at ${h.box}`);
}

/**
 * The scroll positions to check, ascending: the top, each checked element just fully in view at
 * the bottom of the screen, steps of half a screen, and the end.
 */
async function scrollPositions(page: Page, checked: Checked[]): Promise<number[]> {
  const { height, max } = await page.evaluate(() => ({
    height: innerHeight,
    max: document.documentElement.scrollHeight - innerHeight,
  }));
  const positions = new Set<number>([0, max]);
  for (let y = 0; y < max; y += Math.round(height / 2)) positions.add(y);
  for (const c of checked) {
    const bottom = await c.handle.evaluate((el) => el.getBoundingClientRect().bottom + scrollY);
    positions.add(Math.min(max, Math.max(0, Math.ceil(bottom - height))));
  }
  return [...positions].sort((a, b) => a - b);
}

for (const viewport of VIEWPORTS) {
  test.describe(`chat launcher at ${viewport.width} x ${viewport.height}`, () => {
    test.use({ viewport });

    for (const target of PAGES) {
      test(`never covers a control or price of the ${target.name}, from top to bottom`, async ({ page }) => {
        test.setTimeout(180_000);
        await watchLayoutShifts(page);
        await page.goto(await target.path(page));
        const launcher = launcherOf(page, target.lang);
        await expect(launcher).toBeVisible();
        const checked = await target.controls(page);
        expect(checked.length).toBeGreaterThan(0);
        await launcherAtRest(launcher);
        const before = await layoutShifts(launcher);

        const overlaps: string[] = [];
        for (const y of await scrollPositions(page, checked)) {
          await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
          await launcherAtRest(launcher);
          overlaps.push(...(await overlapsInView(page, launcher, checked)));
        }
        // Still there, whole, at the end of the page (its reserved space: `app/layout/footer.tsx`).
        const end = await launcher.boundingBox();
        expect(end).not.toBeNull();
        expect(end!.x + end!.width).toBeLessThanOrEqual(viewport.width);
        expect(end!.y + end!.height).toBeLessThanOrEqual(viewport.height);

        expect(overlaps, `the launcher covers:\n${overlaps.join('\n')}`).toEqual([]);
        // The launcher moves nothing: no layout shift of it since the page loaded, and none at all
        // while it made way during the scrolling.
        const all = await layoutShifts(launcher);
        expect(
          all.moved.filter((m) => m.startsWith('CHAT LAUNCHER')),
          all.moved.join('\n'),
        ).toEqual([]);
        const during = await layoutShifts(launcher, before.count);
        expect(during.total, during.moved.join('\n')).toBe(0);
      });
    }

    test('a keyboard user reaches the launcher anywhere on a page: whole, with its focus ring', async ({ page }) => {
      await page.goto('/tr/turkey');
      const launcher = launcherOf(page, 'tr');
      await expect(launcher).toBeVisible();
      // Among the plans, where a price or an add button is under the launcher's corner.
      await page.evaluate(() => window.scrollTo({ top: innerHeight, behavior: 'instant' }));
      await launcherAtRest(launcher);
      // Nothing focused: Shift+Tab goes to the last control of the page, the launcher.
      await page.keyboard.press('Shift+Tab');
      await expect(launcher).toBeFocused();
      await launcherAtRest(launcher);
      const box = await launcher.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      expect(await launcher.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
      await screenshot(page, `launcher-focused-${viewport.width}`);

      // It opens the chat, and Escape gives the focus back to it, whole.
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: text('tr', 'common', 'chat.dialog', { brand: 'Roamwise' }) });
      await expect(panel).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(launcher).toBeFocused();
      await launcherAtRest(launcher);
      const back = await launcher.boundingBox();
      expect(back!.x + back!.width).toBeLessThanOrEqual(viewport.width);
    });

    test('a press on the launcher where it has made way opens the chat, and closing it makes way again', async ({
      page,
    }) => {
      await page.goto('/tr/turkey');
      const launcher = launcherOf(page, 'tr');
      await expect(launcher).toBeVisible();
      const checked = await PAGES[2]!.controls(page);
      // The first plan's add button just in view at the bottom, under the launcher's corner.
      const add = checked.find((c) => c.what.startsWith('button'))!;
      const bottom = await add.handle.evaluate((el) => el.getBoundingClientRect().bottom + scrollY);
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), Math.ceil(bottom - viewport.height));
      await launcherAtRest(launcher);
      expect(await overlapsInView(page, launcher, checked)).toEqual([]);

      // A mouse comes to rest on the visible edge of the tucked launcher: the launcher slides back
      // whole and stays under the pointer (hovered, not sliding away again), so a press opens it.
      const edge = await launcher.boundingBox();
      const at = { x: Math.min(edge!.x + edge!.width, viewport.width) - 4, y: edge!.y + edge!.height / 2 };
      await page.mouse.move(at.x, at.y);
      await launcherAtRest(launcher);
      expect(await launcher.evaluate((el) => el.matches(':hover'))).toBe(true);
      await page.mouse.down();
      await page.mouse.up();
      const panel = page.getByRole('dialog', { name: text('tr', 'common', 'chat.dialog', { brand: 'Roamwise' }) });
      await expect(panel).toBeVisible();
      await expect(launcher).toHaveAttribute('aria-expanded', 'true');
      // Open, the launcher is the panel's close button: whole, under the panel.
      await launcherAtRest(launcher);
      const open = await launcher.boundingBox();
      const frame = await panel.boundingBox();
      expect(open!.x + open!.width).toBeLessThanOrEqual(viewport.width);
      expect(frame!.y + frame!.height).toBeLessThan(open!.y);
      await screenshot(page, `panel-open-${viewport.width}`);

      await launcher.click();
      await expect(panel).toBeHidden();
      await expect(launcher).toHaveAttribute('aria-expanded', 'false');
      await page.mouse.move(0, viewport.height / 2);
      await launcherAtRest(launcher);
      expect(await overlapsInView(page, launcher, checked)).toEqual([]);
    });

    test('screenshots: the top and the end of each page', async ({ page }) => {
      for (const target of PAGES) {
        await page.goto(await target.path(page));
        const launcher = launcherOf(page, target.lang);
        await expect(launcher).toBeVisible();
        await launcherAtRest(launcher);
        const slug = target.name.replace(/\s+/g, '-');
        await screenshot(page, `${slug}-top-${viewport.width}`);
        await page.evaluate(() => window.scrollTo({ top: innerHeight * 1.5, behavior: 'instant' }));
        await launcherAtRest(launcher);
        await screenshot(page, `${slug}-middle-${viewport.width}`);
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
        await launcherAtRest(launcher);
        await screenshot(page, `${slug}-end-${viewport.width}`);
      }
    });
  });
}

async function screenshot(page: Page, name: string): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  await test.info().attach(name, { path, contentType: 'image/png' });
}
