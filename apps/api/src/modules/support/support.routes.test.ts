import { SUPPORT_REFERENCE_PATTERN, type SupportMessageRequest } from '@esim/contract/support';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AddressObject, ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AppServices, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { emailMessages } from '../email/email.schema.ts';
import { jobs } from '../../lib/platform.schema.ts';
import { supportMessages } from './support.schema.ts';
import { createMailer } from '../email/email.module.ts';
import { EmailLogRepository } from '../email/email-log.repository.ts';
import type { Mailer, OutgoingEmail } from '../../providers/mail/mailer.ts';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';
import { type TestSmtpServer, startSmtpServer } from '../../../test/smtp-server.ts';
import { SUPPORT_ACKNOWLEDGEMENT_TEMPLATE } from '../email/support-acknowledgement.tsx';
import { SUPPORT_MESSAGE_TEMPLATE } from '../email/support-message.tsx';
import { newSupportReference } from './reference.ts';
import { SEND_SUPPORT_MESSAGE_JOB, SupportEmailJob } from './support-email-job.ts';
import { SupportRepository } from './support.repository.ts';

/**
 * The support page's contact form: `POST /api/support/messages` validated field by field (400 naming the
 * field), the hidden honeypot, the per-address and per-sender throttle (429 + Retry-After), the
 * stored row and its reference, and the two e-mails over a real SMTP server on loopback: the
 * support desk's copy (Reply-To the sender, `[SUP-…] <subject>`, the message escaped) and the
 * acknowledgement in the sender's language. PGlite by default; PostgreSQL with `DATABASE_URL`.
 */

const DESK = 'desk@store.test';
const LIMIT_PER_HOUR = 3;

let smtp: TestSmtpServer;
let database: Database;
let app: FastifyInstance;
let services: AppServices;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await openTestDatabase();
  ({ app, services } = await buildApp({
    config: testConfig({
      SMTP_URL: smtp.url(),
      SUPPORT_EMAIL: DESK,
      SUPPORT_RATE_LIMIT_PER_HOUR: String(LIMIT_PER_HOUR),
      PUBLIC_URL: 'https://shop.test',
      LOG_LEVEL: 'info',
    }),
    database,
    serveWeb: false,
    jobOptions: { backoffBaseMs: 5, backoffCapMs: 50 },
    logStream: { write: (line) => void logLines.push(line) },
  }));
  await app.ready();
});

afterAll(async () => {
  await services?.jobs.stop();
  await app?.close();
  await database?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
});

let addressCounter = 0;
/** A client address of its own, so that each test starts with empty throttle counters. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

const form = (overrides: Partial<SupportMessageRequest> = {}): SupportMessageRequest => ({
  name: 'Ada Lovelace',
  email: `ada-${addressCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
  subject: 'No data after landing',
  message: 'My eSIM shows signal but no data since I landed in Tokyo.',
  language: 'en',
  ...overrides,
});

const send = (body: unknown, options: Partial<InjectOptions> & { remoteAddress?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/support/messages',
    payload: body as Record<string, unknown>,
    remoteAddress: options.remoteAddress ?? freshAddress(),
    ...(options.headers ? { headers: options.headers } : {}),
  });

const addressOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address));

const mailTo = (mails: ParsedMail[], to: string) => mails.filter((m) => addressOf(m.to).includes(to));

describe('POST /api/support/messages: validation', () => {
  const cases: [string, Partial<SupportMessageRequest> & Record<string, unknown>, string, string][] = [
    ['an empty name', { name: '   ' }, 'name', 'required'],
    ['a name of 101 characters', { name: 'a'.repeat(101) }, 'name', 'tooLong'],
    ['a name with a control character', { name: 'Ada\u0007' }, 'name', 'invalidCharacters'],
    ['a missing e-mail', { email: '' }, 'email', 'required'],
    ['a malformed e-mail', { email: 'ada@' }, 'email', 'email'],
    ['an empty subject', { subject: '' }, 'subject', 'required'],
    ['a subject on two lines', { subject: 'one\ntwo' }, 'subject', 'invalidCharacters'],
    ['a subject of 151 characters', { subject: 's'.repeat(151) }, 'subject', 'tooLong'],
    ['a message of 9 characters', { message: '  too short ' }, 'message', 'tooShort'],
    ['a message of 5001 characters', { message: 'm'.repeat(5001) }, 'message', 'tooLong'],
    ['an unknown language', { language: 'xx' as 'en' }, 'language', ''],
  ];

  it.each(cases)(
    'refuses %s with 400 naming the field, storing and sending nothing',
    async (_what, overrides, field, reason) => {
      const res = await send(form(overrides));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      const { error } = res.json<{ error: { code: string; field: string; message: string } }>();
      expect(error.code).toBe('validation_error');
      expect(error.field).toBe(field);
      if (reason) expect(error.message).toBe(`${field}: ${reason}`);
    },
  );

  it('refuses a missing field, and stored nothing for any refusal', async () => {
    const { message: _m, ...noMessage } = form();
    const res = await send(noMessage);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { field: string } }>().error.field).toBe('message');
    expect(await database.db.select().from(supportMessages)).toEqual([]);
    expect(await database.db.select().from(jobs).where(eq(jobs.type, SEND_SUPPORT_MESSAGE_JOB))).toEqual([]);
  });
});

describe('POST /api/support/messages: a message', () => {
  it('answers 202 with a SUP- reference, stores the row and e-mails the desk (Reply-To the sender) and the sender (in Turkish)', async () => {
    const body = form({
      name: 'Elif <b>Yılmaz</b>',
      subject: 'Tokyo’da internet yok & <i>acil</i>',
      message: 'Merhaba,\n<script>alert(1)</script> eSIM bağlanıyor ama internet yok.\nTeşekkürler',
      language: 'tr',
    });
    const res = await send(body);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['cache-control']).toBe('no-store');
    const { status, reference } = res.json<{ status: string; reference: string }>();
    expect(status).toBe('received');
    expect(reference).toMatch(SUPPORT_REFERENCE_PATTERN);

    const [row] = await database.db.select().from(supportMessages).where(eq(supportMessages.reference, reference));
    expect(row).toMatchObject({
      name: body.name,
      email: body.email,
      subject: body.subject,
      message: body.message,
      language: 'tr',
      status: 'open',
      answeredAt: null,
      answeredBy: null,
    });
    const queued = await database.db.select().from(jobs).where(eq(jobs.type, SEND_SUPPORT_MESSAGE_JOB));
    expect(queued.filter((j) => (j.payload as { messageId: number }).messageId === row!.id)).toHaveLength(1);

    await services.jobs.runUntilIdle();
    const mails = await smtp.waitFor(2);
    expect(mails).toHaveLength(2);

    const [desk] = mailTo(mails, DESK);
    expect(desk, 'the desk copy').toBeDefined();
    expect(desk!.subject).toBe(`[${reference}] ${body.subject}`);
    expect(addressOf(desk!.replyTo)).toEqual([body.email]);
    expect(desk!.text).toContain(body.message);
    expect(desk!.text).toContain(`${body.name} <${body.email}>`);
    expect(desk!.text).toContain('https://shop.test/admin/support-messages?id=');
    const html = String(desk!.html);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<b>Yılmaz</b>');

    const [ack] = mailTo(mails, body.email);
    expect(ack, 'the acknowledgement').toBeDefined();
    expect(ack!.subject).toBe(`Mesajınızı aldık [${reference}]`);
    expect(ack!.replyTo).toBeUndefined();
    for (const part of [ack!.text ?? '', String(ack!.html)]) {
      expect(part).toContain('24 saat içinde');
      expect(part).toContain('09:00–18:00 GMT');
      expect(part).toContain(reference);
    }
    expect(ack!.text).toContain(`Konunuz: “${body.subject}”`);
    expect(ack!.text).toContain('Merhaba Elif <b>Yılmaz</b>,');
    expect(String(ack!.html)).toContain('Elif &lt;b&gt;Yılmaz&lt;/b&gt;');
    // The acknowledgement never repeats the message (the form relays no text to any address).
    expect(ack!.text).not.toContain('eSIM bağlanıyor');

    // Both are in the Outbox under their templates.
    const outbox = await database.db.select().from(emailMessages);
    expect(
      outbox
        .filter((m) => m.subject.includes(reference))
        .map((m) => [m.template, m.to, m.language])
        .sort(),
    ).toEqual(
      [
        [SUPPORT_ACKNOWLEDGEMENT_TEMPLATE, body.email, 'tr'],
        [SUPPORT_MESSAGE_TEMPLATE, DESK, 'en'],
      ].sort(),
    );
  });

  it.each([
    ['en', "We'll get back to you within 24 hours", 'We have received your message'],
    ['es', 'Te responderemos en un plazo de 24 horas', 'Hemos recibido tu mensaje'],
    ['fr', 'Nous vous répondrons sous 24 heures', 'Nous avons bien reçu votre message'],
    ['de', 'Wir melden uns innerhalb von 24 Stunden bei Ihnen', 'Wir haben Ihre Nachricht erhalten'],
  ] as const)('acknowledges in %s', async (language, within24h, subjectStart) => {
    const body = form({ language });
    const res = await send(body);
    expect(res.statusCode, res.body).toBe(202);
    const { reference } = res.json<{ reference: string }>();
    await services.jobs.runUntilIdle();
    const [ack] = mailTo(await smtp.waitFor(2), body.email);
    expect(ack!.subject).toBe(`${subjectStart} [${reference}]`);
    expect(ack!.text).toContain(within24h);
    expect(ack!.text).toContain(reference);
    expect(ack!.text).toMatch(/09:00.*18:00.*GMT/);
  });

  it('takes the language from Accept-Language when the form sends none, else English', async () => {
    const { language: _l, ...body } = form();
    const german = await send(body, { headers: { 'accept-language': 'nl-NL, de-DE;q=0.8, en;q=0.5' } });
    expect(german.statusCode, german.body).toBe(202);
    const english = await send({ ...body, email: `x${body.email}` }, { headers: { 'accept-language': 'nl' } });
    expect(english.statusCode, english.body).toBe(202);
    const rows = await database.db.select().from(supportMessages);
    const languageOf = (reference: string) => rows.find((r) => r.reference === reference)?.language;
    expect(languageOf(german.json<{ reference: string }>().reference)).toBe('de');
    expect(languageOf(english.json<{ reference: string }>().reference)).toBe('en');
    await services.jobs.runUntilIdle();
  });
});

describe('POST /api/support/messages: honeypot', () => {
  it('answers a filled honeypot 202 like a real message, stores and sends nothing, and logs it at info', async () => {
    const before = (await database.db.select().from(supportMessages)).length;
    const jobsBefore = (await database.db.select().from(jobs).where(eq(jobs.type, SEND_SUPPORT_MESSAGE_JOB))).length;
    const body = form({ website: 'https://spam.example' });
    const res = await send(body);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json<{ status: string; reference: string }>();
    expect(answer.status).toBe('received');
    expect(answer.reference).toMatch(SUPPORT_REFERENCE_PATTERN);
    expect((await database.db.select().from(supportMessages)).length).toBe(before);
    expect((await database.db.select().from(jobs).where(eq(jobs.type, SEND_SUPPORT_MESSAGE_JOB))).length).toBe(
      jobsBefore,
    );
    await services.jobs.runUntilIdle();
    expect(smtp.received).toEqual([]);
    const logged = logLines
      .map((l) => JSON.parse(l) as { level: number; msg: string; honeypot?: boolean })
      .filter((l) => l.honeypot);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.level).toBe(30);
    expect(logLines.join('')).not.toContain(body.email);
  });

  it('treats an empty or blank honeypot as a person’s form', async () => {
    const res = await send(form({ website: '  ' }));
    expect(res.statusCode).toBe(202);
    const { reference } = res.json<{ reference: string }>();
    expect(
      await database.db.select().from(supportMessages).where(eq(supportMessages.reference, reference)),
    ).toHaveLength(1);
    await services.jobs.runUntilIdle();
  });
});

describe('POST /api/support/messages: throttle', () => {
  it(`refuses the ${LIMIT_PER_HOUR + 1}th message of an hour from one address with 429 and Retry-After; other addresses go on`, async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT_PER_HOUR; i++) {
      const ok = await send(form({ email: `burst${i}@example.com` }), { remoteAddress: address });
      expect(ok.statusCode, ok.body).toBe(202);
    }
    const refused = await send(form(), { remoteAddress: address });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json<{ error: { code: string; message: string } }>().error).toMatchObject({ code: 'rate_limited' });
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(
      /^Too many messages\. Please wait \d+ minutes? and try again\.$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(refused.headers['cache-control']).toBe('no-store');
    // A honeypot counts like a message: a bot is refused too.
    expect((await send(form({ website: 'x' }), { remoteAddress: address })).statusCode).toBe(429);
    // IPv6 by /64: another address of the same /64 is the same client.
    const v6 = '2001:db8:5:6::1';
    for (let i = 0; i < LIMIT_PER_HOUR; i++) expect((await send(form(), { remoteAddress: v6 })).statusCode).toBe(202);
    expect((await send(form(), { remoteAddress: '2001:db8:5:6:ffff::2' })).statusCode).toBe(429);
    expect((await send(form(), { remoteAddress: freshAddress() })).statusCode).toBe(202);
    await services.jobs.runUntilIdle();
  });

  it('refuses more than the limit to one sender address, whatever the client address', async () => {
    const email = 'target@example.com';
    for (let i = 0; i < LIMIT_PER_HOUR; i++) expect((await send(form({ email }))).statusCode).toBe(202);
    const refused = await send(form({ email: 'TARGET@example.com' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    await services.jobs.runUntilIdle();
  });

  it('does not count refused forms', async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT_PER_HOUR + 2; i++)
      expect((await send(form({ name: '' }), { remoteAddress: address })).statusCode).toBe(400);
    expect((await send(form(), { remoteAddress: address })).statusCode).toBe(202);
    await services.jobs.runUntilIdle();
  });
});

describe('the e-mail job', () => {
  it('on a retry, sends only the e-mail that did not go out', async () => {
    const repo = new SupportRepository(database.db);
    const sent: OutgoingEmail[] = [];
    const outbox = createMailer({ smtpUrl: undefined, mailFrom: 'Roamwise <orders@roamwise.example>' }, database);
    let failAcknowledgement = true;
    const flaky: Mailer = {
      transport: 'database',
      async send(message) {
        if (message.template === SUPPORT_ACKNOWLEDGEMENT_TEMPLATE && failAcknowledgement) {
          failAcknowledgement = false;
          throw new Error('451 try again later');
        }
        sent.push(message);
        return outbox.send(message);
      },
    };
    const job = new SupportEmailJob({
      repo,
      mailer: flaky,
      emailLog: new EmailLogRepository(database.db),
      supportEmail: 'flaky-desk@store.test',
      publicOrigin: 'https://shop.test/',
    });
    const row = await repo.create(
      {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        subject: 'Refund',
        message: 'Please refund order ORD-1234.',
        language: 'fr',
      },
      newSupportReference,
      { type: 'unregistered-support-test', maxAttempts: 1 },
    );
    await expect(job.run({ type: SEND_SUPPORT_MESSAGE_JOB, payload: { messageId: row.id } })).rejects.toThrow('451');
    expect(sent.map((m) => m.template)).toEqual([SUPPORT_MESSAGE_TEMPLATE]);
    expect(sent[0]!.replyTo).toBe('grace@example.com');
    expect(sent[0]!.text).toContain(`https://shop.test/admin/support-messages?id=${row.id}`);
    await job.run({ type: SEND_SUPPORT_MESSAGE_JOB, payload: { messageId: row.id } });
    expect(sent.map((m) => m.template)).toEqual([SUPPORT_MESSAGE_TEMPLATE, SUPPORT_ACKNOWLEDGEMENT_TEMPLATE]);
    expect(sent[1]!.language).toBe('fr');
    // A third run (a crash after the last send) sends nothing more.
    await job.run({ type: SEND_SUPPORT_MESSAGE_JOB, payload: { messageId: row.id } });
    expect(sent).toHaveLength(2);
    // A bad payload fails for good; an unknown message sends nothing.
    await expect(job.run({ type: SEND_SUPPORT_MESSAGE_JOB, payload: { messageId: 'x' } })).rejects.toMatchObject({
      retryable: false,
    });
    await job.run({ type: SEND_SUPPORT_MESSAGE_JOB, payload: { messageId: 999_999 } });
    expect(sent).toHaveLength(2);
  });
});

describe('newSupportReference', () => {
  it('makes SUP- and 8 base32 characters from 40 random bits', () => {
    expect(newSupportReference(() => Buffer.alloc(5, 0))).toBe('SUP-AAAAAAAA');
    expect(newSupportReference(() => Buffer.alloc(5, 0xff))).toBe('SUP-77777777');
    expect(newSupportReference(() => Buffer.from([0x00, 0x44, 0x32, 0x14, 0xc7]))).toBe('SUP-ABCDEFGH');
    const many = new Set(Array.from({ length: 2000 }, () => newSupportReference()));
    expect(many.size).toBe(2000);
    for (const reference of many) expect(reference).toMatch(SUPPORT_REFERENCE_PATTERN);
  });
});
