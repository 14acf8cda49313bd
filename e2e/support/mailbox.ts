/**
 * A throw-away mailbox for the browser tests, run as a Playwright `webServer`:
 * `node --import tsx support/mailbox.ts`.
 *
 * - SMTP on 127.0.0.1:`MAILBOX_SMTP_PORT` (default 5187), the `smtp-server` package: accepts any
 *   sender and recipient, no STARTTLS, AUTH optional (any credentials). The store sends to it
 *   through its real nodemailer transport (`SMTP_URL`), so the tests see what a customer gets.
 * - HTTP JSON on 127.0.0.1:`MAILBOX_HTTP_PORT` (default 5188):
 *   - `GET /messages?to=<address>` -> 200 `MailboxMessage[]`, oldest first (newest last); `to`
 *     (optional, case-insensitive) keeps messages with that address in the `To` header or the
 *     SMTP envelope;
 *   - `DELETE /messages` -> 204, forgets every message;
 *   - `GET /health` -> 200 `{ ok: true, messages: <count> }` (Playwright waits for it);
 *   - anything else -> 404 or 405 JSON `{ error }`.
 *
 * Messages live in memory only (parsed with mailparser; attachments dropped), at most
 * {@link MAX_MESSAGES}. SIGINT / SIGTERM close both servers.
 */
import type { EventEmitter } from 'node:events';
import http from 'node:http';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { MAILBOX_HOST, MAILBOX_HTTP_PORT, MAILBOX_SMTP_PORT, type MailboxMessage } from './mailbox-api.ts';

/** Messages kept; the oldest go first beyond this, so a long run cannot exhaust memory. */
const MAX_MESSAGES = 1000;

/** Largest message accepted, bytes (the confirmation with several QR PNGs is well under 1 MB). */
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

/** A stored message and its SMTP envelope recipients (matched by `?to=` but not returned). */
interface StoredMessage {
  message: MailboxMessage;
  envelopeTo: string[];
}

const messages: StoredMessage[] = [];
let nextId = 1;

/** Every address of a mailparser address header (one object, or several for repeated headers). */
function addresses(header: AddressObject | AddressObject[] | undefined): string[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const out: string[] = [];
  const walk = (list: AddressObject['value']) => {
    for (const entry of list) {
      if (entry.address) out.push(entry.address.toLowerCase());
      if (entry.group) walk(entry.group);
    }
  };
  for (const object of objects) walk(object.value);
  return out;
}

const smtp = new SMTPServer({
  authOptional: true,
  // Plain loopback SMTP: no certificate to trust, and credentials (if any) are accepted as sent.
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  size: MAX_MESSAGE_BYTES,
  logger: false,
  onAuth(auth, _session, callback) {
    callback(null, { user: auth.username ?? 'test' });
  },
  onData(stream, session, callback) {
    simpleParser(stream, { skipImageLinks: true })
      .then((mail) => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        const message: MailboxMessage = {
          id: nextId++,
          to: addresses(mail.to),
          from: mail.from?.text ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: mail.html === false ? null : mail.html,
          date: (mail.date ?? new Date()).toISOString(),
        };
        messages.push({ message, envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()) });
        if (messages.length > MAX_MESSAGES) messages.splice(0, messages.length - MAX_MESSAGES);
        process.stdout.write(`mailbox: #${message.id} to ${message.to.join(', ')}: ${message.subject}\n`);
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});

/** Sends `body` as JSON with `status`. */
function json(res: http.ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(payload);
}

const api = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${MAILBOX_HOST}`);
  if (url.pathname === '/health') {
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: 'method not allowed' });
    return json(res, 200, { ok: true, messages: messages.length });
  }
  if (url.pathname === '/messages') {
    if (req.method === 'GET') {
      const to = url.searchParams.get('to')?.trim().toLowerCase();
      const found = to ? messages.filter((m) => m.message.to.includes(to) || m.envelopeTo.includes(to)) : messages;
      return json(
        res,
        200,
        found.map((m) => m.message),
      );
    }
    if (req.method === 'DELETE') {
      messages.length = 0;
      res.writeHead(204).end();
      return;
    }
    return json(res, 405, { error: 'method not allowed' });
  }
  return json(res, 404, { error: 'not found' });
});

/** Listens on the loopback port, or rejects (e.g. EADDRINUSE) so the process exits non-zero. */
function listen(
  server: EventEmitter & { listen(port: number, host: string, onListening: () => void): unknown },
  port: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, MAILBOX_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Closes both servers and exits; open SMTP sessions are not waited for (this is a test double). */
function shutdown(): void {
  api.close();
  api.closeAllConnections();
  smtp.close(() => process.exit(0));
  // smtp-server waits up to its closeTimeout (30 s) for open sessions; a test run need not.
  setTimeout(() => process.exit(0), 1000).unref();
}

try {
  await listen(smtp, MAILBOX_SMTP_PORT);
  await listen(api, MAILBOX_HTTP_PORT);
} catch (error) {
  console.error(`mailbox: cannot listen: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// A client's broken connection is reported as a server error: log it, never crash the mailbox.
smtp.on('error', (error) => console.error(`mailbox: SMTP error: ${error.message}`));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
process.stdout.write(
  `mailbox: SMTP smtp://${MAILBOX_HOST}:${MAILBOX_SMTP_PORT}, API http://${MAILBOX_HOST}:${MAILBOX_HTTP_PORT}\n`,
);
