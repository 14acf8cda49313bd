// First: sets up zod and the style nonce before any other module runs (lib/csp.ts).
import './lib/csp.ts';
import './index.css';
import { SSR_PRELOAD_ID, SSR_STATE_ID } from '@esim/contract/ssr';

/** The longest wait for the first paint to be on screen before the app loads anyway (ms). */
const FIRST_PAINT_WAIT_MS = 1000;

/**
 * The browser's entry, kept tiny (decision record 0022). On a server-rendered page the
 * HTML and CSS are painted first; only then does the app's JavaScript start downloading, so on a
 * slow connection it does not compete with them for bandwidth. The screen's chunks named by the
 * server (`#ssr-preload`) are preloaded in parallel with the app. A page the browser renders alone
 * (dev server, client-only screens) loads the app at once.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      clearTimeout(fallback);
      observer?.disconnect();
      resolve();
    };
    // A hidden tab paints nothing, and a browser may never say: the app loads after a while anyway.
    const fallback = setTimeout(done, document.visibilityState === 'hidden' ? 0 : FIRST_PAINT_WAIT_MS);
    if (PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) {
      // Reported once the frame is on screen (its presentation), not when the main thread has
      // drawn it: a download started in between would still compete with the content's.
      observer = new PerformanceObserver(done);
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } else {
      // A frame, then a task: the paint has happened.
      requestAnimationFrame(() => setTimeout(done, 0));
    }
  });
}

/**
 * How many preloads one task starts. Each costs the main thread a request's set-up (measured: 2 to
 * 8 ms at full speed here), and a screen names up to about 30 chunks (`/checkout`): all at once
 * were one task of some 250 ms on Lighthouse's phone (decision record 0030).
 */
const PRELOADS_PER_TASK = 2;

/**
 * `<link rel="modulepreload">` for the chunks the server named: fetched now, run when imported.
 * A few per task, yielding between, so that input and paint are never held for all of them.
 */
async function preloadScreen(): Promise<void> {
  let hrefs: unknown[];
  try {
    hrefs = JSON.parse(document.getElementById(SSR_PRELOAD_ID)?.textContent ?? '[]') as unknown[];
  } catch {
    return; // A malformed list only loses the head start.
  }
  let started = 0;
  for (const href of hrefs) {
    if (typeof href !== 'string' || !href.startsWith('/assets/')) continue;
    if (started > 0 && started % PRELOADS_PER_TASK === 0) await nextTask();
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
    started++;
  }
}

/** Lets the browser run what waits (input, paint) before the next step. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Loads the app: React, the other libraries, then the app, each evaluated in a task of its own
 * (`framework.ts`). In a function rather than at the module's top level: Rolldown merges shared
 * chunks only in a build without top-level await (decision record 0027).
 */
async function start(): Promise<void> {
  if (document.getElementById(SSR_STATE_ID)) {
    await afterFirstPaint();
    void preloadScreen();
  }
  await import('./framework-react.ts');
  await nextTask();
  await import('./framework.ts');
  await nextTask();
  await import('./boot.tsx');
}

void start();
