import type { APIRequestContext } from '@playwright/test';
import { MAILBOX_HTTP_URL, type MailboxMessage } from '../support/mailbox-api.ts';

export type { MailboxMessage } from '../support/mailbox-api.ts';

/** What {@link waitForMail} looks for. */
export interface WaitForMailOptions {
  /** Recipient address (case-insensitive), e.g. `ada@example.com`. */
  to: string;
  /**
   * Only messages whose subject matches, e.g. the order number. Tests run in parallel and buy as
   * the same customer, so a subject that names the order keeps them apart.
   */
  subject?: RegExp;
  /** How long to poll before failing, ms (default 20 000: fulfilment runs before the e-mail job). */
  timeoutMs?: number;
}

/** Pause between two looks at the mailbox, ms. */
const POLL_INTERVAL_MS = 250;

/**
 * Waits until the test mailbox (`support/mailbox.ts`, started by `playwright.config.ts`) has a
 * message to `to` whose subject matches `subject`, polling `GET /messages?to=`.
 * @param request any Playwright request context (`page.request`, the `request` fixture); the
 *   mailbox URL is absolute, so the store's `baseURL` does not apply.
 * @returns the newest matching message.
 * @throws Error when none arrives within `timeoutMs` (listing the subjects that did arrive), or
 *   when the mailbox answers with an error.
 */
export async function waitForMail(
  request: APIRequestContext,
  { to, subject, timeoutMs = 20_000 }: WaitForMailOptions,
): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await request.get(`${MAILBOX_HTTP_URL}/messages`, { params: { to } });
    if (!res.ok()) throw new Error(`Mailbox answered ${res.status()}: ${await res.text()}`);
    const messages = (await res.json()) as MailboxMessage[];
    // `search` ignores `lastIndex`, so a /g or /y pattern matches the same on every poll.
    const match = messages.filter((m) => !subject || m.subject.search(subject) !== -1).at(-1);
    if (match) return match;
    if (Date.now() >= deadline) {
      const received = messages.map((m) => JSON.stringify(m.subject)).join(', ') || 'none';
      throw new Error(
        `No e-mail to ${to}${subject ? ` with a subject matching ${subject}` : ''} within ${timeoutMs} ms; received for that address: ${received}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** Decodes the character references `escapeHtml` writes (`&#38;`) and the common named ones. */
function decodeHtmlAttribute(value: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return value.replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (match, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number(ref.slice(1)));
    return named[ref.toLowerCase()] ?? match;
  });
}

/** The token of a `.../portal#token=<encoded>` link, or undefined for any other URL. */
function tokenOfPortalLink(link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (!/\/portal\/?$/.test(url.pathname)) return undefined;
  const raw = /^#(?:.*&)?token=([^&]*)/.exec(url.hash)?.[1];
  return raw === undefined || raw === '' ? undefined : decodeURIComponent(raw);
}

/**
 * The access token carried by the message's portal link (`{origin}/portal#token=<token>`, the
 * token URI-encoded), read from the HTML part's links and the plain-text part's URLs.
 * @returns the decoded token.
 * @throws Error when the message has no such link, or when its links carry different tokens.
 */
export function extractPortalToken(message: Pick<MailboxMessage, 'text' | 'html'>): string {
  const links = [
    ...[...(message.html ?? '').matchAll(/\shref="([^"]*)"/g)].map((m) => decodeHtmlAttribute(m[1] ?? '')),
    ...[...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
  ];
  const tokens = new Set(links.map(tokenOfPortalLink).filter((t): t is string => t !== undefined));
  if (tokens.size === 0) throw new Error('The message has no portal link with #token=');
  if (tokens.size > 1) throw new Error(`The message's portal links carry different tokens: ${[...tokens].join(', ')}`);
  return [...tokens][0]!;
}
