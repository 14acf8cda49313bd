import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 for tests, with every accepted message parsed. */
export interface TestSmtpServer {
  /** `smtp://[auth@]127.0.0.1:<port>`, for `SMTP_URL`. */
  url: (auth?: string) => string;
  /** Messages accepted so far, in order. */
  received: ParsedMail[];
  /** Resolves once `count` messages have arrived; rejects after `timeoutMs` (default 10 000 ms). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ParsedMail[]>;
  close: () => Promise<void>;
}

/**
 * Starts an SMTP server (the `smtp-server` package) on a random loopback port that accepts any
 * sender and recipient (no STARTTLS, optional AUTH) unless `options` say otherwise.
 */
export async function startSmtpServer(options: SMTPServerOptions = {}): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream, { skipImageLinks: true })
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: (auth) => `smtp://${auth ? `${auth}@` : ''}127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, received ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
