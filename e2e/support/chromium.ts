/**
 * How the browser tests launch Debian's Chromium (never a downloaded browser): headless, with the
 * flags that keep it off the network (this machine reaches loopback only). Shared by
 * `playwright.config.ts` and `cluster/playwright.config.ts`.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Playwright `launchOptions`: `CHROMIUM_PATH` or `/usr/bin/chromium`, with {@link CHROMIUM_ARGS}. */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
};
