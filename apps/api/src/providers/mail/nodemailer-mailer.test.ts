import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { emailMessages } from '../../modules/email/email.schema.ts';
import { sampleOrderConfirmation } from '../../modules/email/email-templates.ts';
import { renderOrderConfirmation } from '../../modules/email/order-confirmation.tsx';
import type { OutgoingEmail } from './mailer.ts';
import { createMailer } from '../../modules/email/email.module.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The rendered sample order confirmation as the fulfilment job would send it. */
async function confirmationEmail(
  to = 'alex@example.com',
): Promise<{ email: OutgoingEmail; accessToken: string; lpa: string; iccid: string }> {
  const data = sampleOrderConfirmation('en', 'https://roamwise.example');
  const rendered = await renderOrderConfirmation(data, 'en');
  const esim = data.esims[0];
  if (!esim) throw new Error('sample has no eSIM');
  return { email: { ...rendered, to }, accessToken: data.accessToken, lpa: esim.activationCode, iccid: esim.iccid };
}

async function row(id: number) {
  const [found] = await database.db.select().from(emailMessages).where(eq(emailMessages.id, id));
  if (!found) throw new Error(`no email_messages row ${id}`);
  return found;
}

describe('config', () => {
  it('reads SMTP_URL (smtp or smtps, empty = unset) and MAIL_FROM with its default', () => {
    expect(testConfig().smtpUrl).toBeUndefined();
    expect(testConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
    expect(testConfig().mailFrom).toBe('Roamwise <orders@roamwise.example>');
    expect(testConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://u:p@mail.example.com:465',
    );
    expect(testConfig({ MAIL_FROM: 'Shop <shop@example.com>' }).mailFrom).toBe('Shop <shop@example.com>');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com:25' })).toThrow(/SMTP_URL/);
  });
});

describe('database transport (no SMTP_URL)', () => {
  it('stores the message with its inline images as an Outbox row', async () => {
    const mailer = createMailer(testConfig(), database);
    expect(mailer.transport).toBe('database');
    const { email } = await confirmationEmail();
    const id = await mailer.send(email);
    const stored = await row(id);
    expect(stored).toMatchObject({
      to: 'alex@example.com',
      subject: email.subject,
      html: email.html,
      text: email.text,
      template: 'order-confirmation',
      language: 'en',
      orderId: null,
      status: 'stored',
      error: null,
      sentAt: null,
    });
    expect(stored.attachments).toHaveLength(2);
    expect(stored.attachments[0]).toEqual({
      cid: email.inlineImages?.[0]?.cid,
      filename: email.inlineImages?.[0]?.filename,
      contentType: 'image/png',
      contentBase64: email.inlineImages?.[0]?.content.toString('base64'),
    });
  });
});

describe('SMTP transport (a real smtp-server on 127.0.0.1)', () => {
  it('delivers HTML, text and the QR codes as inline Content-ID images, and records status sent', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer(testConfig({ SMTP_URL: smtp.url() }), database);
      expect(mailer.transport).toBe('smtp');
      const { email, accessToken, lpa, iccid } = await confirmationEmail('traveller@example.com');
      const id = await mailer.send(email);

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0];
      if (!mail) throw new Error('no message');
      expect(mail.subject).toBe('Your 2 eSIMs are ready – order ORD-7K3F9Q2X4M');
      expect(mail.from?.value[0]).toEqual({ name: 'Roamwise', address: 'orders@roamwise.example' });
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined).toBe('traveller@example.com');
      expect(mail.text).toContain(accessToken);
      expect(mail.text).toContain(lpa);
      expect(mail.text).toContain(iccid);
      expect(mail.html).toContain(accessToken);
      expect(mail.html).toContain(lpa);

      const images = mail.attachments.filter((a) => a.contentType === 'image/png');
      expect(images).toHaveLength(2);
      const first = images.find((a) => a.cid === 'esim-1-qr@roamwise');
      expect(first?.contentId).toBe('<esim-1-qr@roamwise>');
      expect(first?.contentDisposition).toBe('inline');
      expect(first?.content.equals(email.inlineImages?.[0]?.content ?? Buffer.alloc(0))).toBe(true);
      expect(first?.content.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a'); // PNG signature
      expect(mail.html).toContain('src="cid:esim-1-qr@roamwise"');

      const sent = await row(id);
      expect(sent.status).toBe('sent');
      expect(sent.error).toBeNull();
      expect(sent.sentAt).toBeInstanceOf(Date);
      expect(sent.attachments.map((a) => a.cid)).toEqual(['esim-1-qr@roamwise', 'esim-2-qr@roamwise']);
    } finally {
      await smtp.close();
    }
  });

  it('authenticates with the credentials of SMTP_URL', async () => {
    const logins: string[] = [];
    const smtp = await startSmtpServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username}:${auth.password}`);
        if (auth.username === 'shop' && auth.password === 's3cret') callback(null, { user: auth.username });
        else callback(new Error('Invalid credentials'));
      },
    });
    try {
      const mailer = createMailer(testConfig({ SMTP_URL: smtp.url('shop:s3cret') }), database);
      const { email } = await confirmationEmail();
      expect((await row(await mailer.send(email))).status).toBe('sent');
      expect(logins).toEqual(['shop:s3cret']);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('records a refused message as failed with the error, and rethrows it', async () => {
    const smtp = await startSmtpServer({
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@blocked.example')) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        } else callback();
      },
    });
    try {
      const mailer = createMailer(testConfig({ SMTP_URL: smtp.url() }), database);
      const { email } = await confirmationEmail('nobody@blocked.example');
      const error = await mailer.send(email).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/550/);
      expect(smtp.received).toHaveLength(0);

      const failed = await database.db
        .select()
        .from(emailMessages)
        .where(eq(emailMessages.to, 'nobody@blocked.example'));
      expect(failed).toHaveLength(1);
      expect(failed[0]?.status).toBe('failed');
      expect(failed[0]?.error).toMatch(/550/);
      expect(failed[0]?.sentAt).toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it('records an unreachable server as failed and rethrows the connection error', async () => {
    const smtp = await startSmtpServer();
    const url = smtp.url();
    await smtp.close(); // nothing listens on that port any more
    const mailer = createMailer(testConfig({ SMTP_URL: url }), database);
    const { email } = await confirmationEmail('unreachable@example.com');
    await expect(mailer.send(email)).rejects.toThrow(/ECONNREFUSED|connect/i);
    const failed = await database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.to, 'unreachable@example.com'));
    expect(failed.map((r) => r.status)).toEqual(['failed']);
    expect(failed[0]?.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
