import type { ProductsResponse } from '@esim/contract/catalog';
import { checkoutResponseSchema } from '@esim/contract/checkout';
import { orderViewSchema } from '@esim/contract/order';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../../test/orders-fixtures.ts';
import { type TestSmtpServer, startSmtpServer } from '../../../test/smtp-server.ts';

/**
 * A checkout, fulfilled by the job worker, delivers its confirmation e-mail
 * to a real SMTP server on loopback (`smtp-server`), and that e-mail carries the portal access
 * token and every eSIM's activation code.
 */
let smtp: TestSmtpServer;
let ctx: OrdersTestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createOrdersTestApp({ env: { SMTP_URL: smtp.url(), PUBLIC_URL: 'https://shop.test' } });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

it('e-mails the access token, the activation codes and the QR codes over SMTP in the buyer’s language', async () => {
  const api = client(ctx.app);
  const { products } = (
    await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR' })
  ).json<ProductsResponse>();
  const session = newSession();
  await api.addToCart(session, products[0]!.productId, 2);
  const res = await api.checkout(
    session,
    newKey(),
    checkoutBody(
      { method: 'card', token: await api.cardToken() },
      { language: 'de', customer: { fullName: 'Ada Lovelace', email: 'ada@example.com' } },
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  const { orderNumber, accessToken } = checkoutResponseSchema.parse(res.json());

  await ctx.services.jobs.runUntilIdle();
  const [mail] = await smtp.waitFor(1);
  expect(smtp.received).toHaveLength(1);
  expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.value[0]?.address : undefined).toBe('ada@example.com');
  expect(mail!.subject).toBe(`Ihre 2 eSIMs sind bereit – Bestellung ${orderNumber}`);

  // The e-mail's token opens the order, and every eSIM of it is in the message.
  const order = orderViewSchema.parse((await api.getOrder(orderNumber, { 'x-access-token': accessToken })).json());
  expect(order.status).toBe('completed');
  expect(order.esims).toHaveLength(2);
  for (const text of [mail!.text ?? '', String(mail!.html)]) {
    expect(text).toContain(accessToken);
    expect(text).toContain('https://shop.test/portal');
    for (const esim of order.esims) {
      expect(text).toContain(esim.activationCode);
      expect(text).toContain(esim.iccid);
    }
  }
  expect(mail!.text).toContain('Ada Lovelace');
  const qrImages = mail!.attachments.filter((a) => a.contentType === 'image/png' && a.contentDisposition === 'inline');
  expect(qrImages).toHaveLength(2);
  for (const image of qrImages) expect(String(mail!.html)).toContain(`cid:${image.cid}`);
});
