/**
 * The test mailbox's addresses and answer shape, shared by `playwright.config.ts` (which starts
 * it and points the store's `SMTP_URL` at it), the mailbox program (`mailbox.ts`) and the tests'
 * helper (`tests/mail.ts`). Each process reads the same environment variables, so the three agree.
 *
 * Ports: `MAILBOX_SMTP_PORT` (default 5187) and `MAILBOX_HTTP_PORT` (default 5188), both on
 * 127.0.0.1, next to the store's `E2E_PORT` (default 5179) and clear of the usual service ports.
 */

/** Loopback only: the mailbox accepts anything, so it must not be reachable from elsewhere. */
export const MAILBOX_HOST = '127.0.0.1';

/**
 * A TCP port from the environment variable `name`, else `fallback`.
 * @throws Error when the variable is set but not an integer from 1 to 65535.
 */
function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${name} must be a TCP port (1-65535), got ${JSON.stringify(raw)}`);
  }
  return port;
}

/** SMTP port of the mailbox (`MAILBOX_SMTP_PORT`, default 5187). */
export const MAILBOX_SMTP_PORT = portFromEnv('MAILBOX_SMTP_PORT', 5187);

/** HTTP port of the mailbox's JSON API (`MAILBOX_HTTP_PORT`, default 5188). */
export const MAILBOX_HTTP_PORT = portFromEnv('MAILBOX_HTTP_PORT', 5188);

/** `SMTP_URL` for the store: plain SMTP, no credentials (the mailbox takes AUTH but needs none). */
export const MAILBOX_SMTP_URL = `smtp://${MAILBOX_HOST}:${MAILBOX_SMTP_PORT}`;

/** Base URL of the JSON API, e.g. `http://127.0.0.1:5188`. */
export const MAILBOX_HTTP_URL = `http://${MAILBOX_HOST}:${MAILBOX_HTTP_PORT}`;

/** One received message as `GET /messages` returns it (parsed by mailparser). */
export interface MailboxMessage {
  /** 1, 2, 3... in order of arrival. */
  id: number;
  /** Addresses of the `To` header, lower-cased, e.g. `['ada@example.com']`. */
  to: string[];
  /** The `From` header as written, e.g. `Roamwise <orders@roamwise.example>`. */
  from: string;
  subject: string;
  /** The plain-text part ('' when the message has none). */
  text: string;
  /** The HTML part, or null when the message has none. */
  html: string | null;
  /** The `Date` header (else the time of arrival), ISO 8601. */
  date: string;
}
