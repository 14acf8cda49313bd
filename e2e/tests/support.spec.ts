import { randomUUID } from 'node:crypto';
import { type Locator, type Page, type Route, expect, test } from '../support/test.ts';
import { seriousViolations } from './a11y.ts';
import { text } from './i18n.ts';
import { waitForMail } from './mail.ts';

/**
 * The support page's contact form end to end, up to the message in the loopback SMTP mailbox
 * (`docs/product-rules.md#support-messages`), in Debian's Chromium against the built store, whose `SUPPORT_EMAIL` is
 * `support-desk@roamwise.example` and whose mail goes to the test mailbox: in English and
 * Turkish, at 360 and 1280 px, an empty form shows every field's error, a filled one shows the
 * success toast and the reference, the support desk receives the message (`[SUP-…] <subject>`)
 * and the sender the acknowledgement in their language. The honeypot is out of people's way;
 * the server's 400 and 429 are shown at the field and as the wait. No serious axe violation
 * (axe is injected as a script, so the page's CSP is bypassed).
 */

const DESK = 'support-desk@roamwise.example';
const WIDTHS = [360, 1280] as const;
const LANGUAGES = ['en', 'tr'] as const;

test.use({ bypassCSP: true });

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

/** A screenshot of `element` (or of the window), kept with the test's results. */
async function screenshot(page: Page, name: string, element?: Locator): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  await (element ? element.screenshot({ path }) : page.screenshot({ path }));
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/** The form's fields by their labels in `lang`. */
function fields(form: Locator, lang: string) {
  const label = (key: string) => form.getByLabel(text(lang, 'content', `support.form.${key}`), { exact: true });
  return { name: label('name'), email: label('email'), subject: label('subject'), message: label('message') };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Nothing wider than the window (no sideways scrolling at 360 px). */
async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of WIDTHS) {
  for (const lang of LANGUAGES) {
    test(`${lang} at ${width} px: field errors, then the message reaches the support desk and the acknowledgement the sender`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/support?lng=${lang}#contact-form`);
      const form = page.locator('#contact-form form');
      const submit = form.getByRole('button', { name: text(lang, 'content', 'support.form.submit') });
      await expect(submit).toBeVisible();

      // An empty form: every field says what is missing, and the first one gets the focus.
      await submit.click();
      for (const key of ['nameRequired', 'emailRequired', 'subjectRequired', 'messageRequired']) {
        await expect(form.getByText(text(lang, 'content', `support.form.errors.${key}`))).toBeVisible();
      }
      const input = fields(form, lang);
      await expect(input.name).toBeFocused();
      await expect(input.name).toHaveAttribute('aria-invalid', 'true');
      await expectNoOverflow(page);
      if (lang === 'en') await screenshot(page, `support-errors-${width}`, page.locator('#contact-form'));
      expect(await seriousViolations(page)).toEqual([]);

      // A message in the page's language.
      const id = randomUUID().slice(0, 8);
      const email = `sender-${lang}-${width}-${id}@example.com`;
      const subject = lang === 'tr' ? `Tokyo’da internet yok ${id}` : `No data in Tokyo ${id}`;
      const message =
        lang === 'tr'
          ? 'Merhaba, eSIM sinyal gösteriyor ama internet yok.\nVeri dolaşımı açık.'
          : 'Hello, my eSIM shows signal but no data.\nData roaming is on.';
      await input.name.fill(lang === 'tr' ? 'Elif Yılmaz' : 'Ada Lovelace');
      await input.email.fill(email);
      await input.subject.fill(subject);
      await input.message.fill(message);
      await submit.click();

      const success = toast(page, text(lang, 'content', 'support.form.toast.successTitle'));
      await expect(success).toBeVisible();
      await expect(success).toContainText(text(lang, 'content', 'support.form.toast.successBody'));
      const sent = form.getByTestId('support-reference');
      await expect(sent).toContainText(/SUP-[A-Z2-7]{8}/);
      const reference = /SUP-[A-Z2-7]{8}/.exec((await sent.textContent()) ?? '')![0];
      // The form is empty again, ready for another message.
      await expect(input.subject).toHaveValue('');
      await expectNoOverflow(page);
      await screenshot(page, `support-sent-${lang}-${width}`, page.locator('#contact-form'));
      await screenshot(page, `support-sent-${lang}-${width}-window`);
      expect(await seriousViolations(page)).toEqual([]);

      // The support desk's copy, and the acknowledgement in the sender's language.
      const desk = await waitForMail(page.request, { to: DESK, subject: new RegExp(escape(reference)) });
      expect(desk.subject).toBe(`[${reference}] ${subject}`);
      expect(desk.text).toContain(message);
      expect(desk.text).toContain(email);
      const ack = await waitForMail(page.request, { to: email, subject: new RegExp(escape(reference)) });
      expect(ack.subject).toBe(
        lang === 'tr' ? `Mesajınızı aldık [${reference}]` : `We have received your message [${reference}]`,
      );
      expect(ack.text).toContain(
        lang === 'tr' ? 'Size 24 saat içinde dönüş yapacağız.' : "We'll get back to you within 24 hours.",
      );
      expect(ack.text).toContain(subject);
      expect(ack.text).toContain('09:00–18:00 GMT');
    });
  }
}

test('the honeypot is out of people’s way: hidden, out of the tab order and of the accessibility tree', async ({
  page,
}) => {
  await page.goto('/support#contact-form');
  const form = page.locator('#contact-form form');
  const honeypot = form.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  await expect(honeypot).toHaveValue('');
  // Inside a visually hidden (1 px, out of the flow, nothing overflowing), aria-hidden box.
  const box = form.locator('[aria-hidden="true"]:has(input[name="website"])');
  await expect(box).toHaveCount(1);
  const size = await box.boundingBox();
  expect(size === null || (size.width <= 1 && size.height <= 1)).toBe(true);
  expect(await box.evaluate((el) => [getComputedStyle(el).position, getComputedStyle(el).overflow])).toEqual([
    'absolute',
    'hidden',
  ]);
  // Keyboard order: from the message straight to the send button.
  await fields(form, 'en').message.focus();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Send message' })).toBeFocused();
  // The form sends the (empty) field and the page's language.
  const posted = page.waitForRequest('**/api/support/messages');
  const input = fields(form, 'en');
  await input.name.fill('Grace Hopper');
  await input.email.fill(`grace-${randomUUID().slice(0, 8)}@example.com`);
  await input.subject.fill('Honeypot check');
  await input.message.fill('Checking what the form sends to the store.');
  await form.getByRole('button', { name: 'Send message' }).click();
  const body = (await posted).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ website: '', language: 'en', name: 'Grace Hopper', subject: 'Honeypot check' });
  await expect(toast(page, 'Message sent successfully!')).toBeVisible();
});

test.describe('the server’s refusals', () => {
  const refuse =
    (status: number, body: unknown, headers: Record<string, string> = {}) =>
    (route: Route) =>
      route.fulfill({ status, contentType: 'application/json', headers, body: JSON.stringify(body) });

  async function fillAndSend(page: Page): Promise<Locator> {
    const form = page.locator('#contact-form form');
    const input = fields(form, 'en');
    await input.name.fill('Ada Lovelace');
    await input.email.fill('ada@example.com');
    await input.subject.fill('Refund');
    await input.message.fill('Please refund my unused eSIM.');
    await form.getByRole('button', { name: 'Send message' }).click();
    return form;
  }

  test('a 400 shows the field the server names, with the focus on it', async ({ page }) => {
    await page.route(
      '**/api/support/messages',
      refuse(400, { error: { code: 'validation_error', message: 'email: email', field: 'email' } }),
    );
    await page.goto('/support#contact-form');
    const form = await fillAndSend(page);
    const error = text('en', 'content', 'support.form.errors.emailInvalid');
    await expect(form.getByText(error)).toBeVisible();
    await expect(fields(form, 'en').email).toBeFocused();
    const failed = toast(page, 'Failed to send message');
    await expect(failed).toBeVisible();
    await expect(failed).toContainText(error);
  });

  test('a 429 says how long to wait (Turkish)', async ({ page }) => {
    await page.route(
      '**/api/support/messages',
      refuse(429, { error: { code: 'rate_limited', message: 'Too many messages.' } }, { 'Retry-After': '1500' }),
    );
    await page.goto('/support?lng=tr#contact-form');
    const form = page.locator('#contact-form form');
    const input = fields(form, 'tr');
    await input.name.fill('Elif Yılmaz');
    await input.email.fill('elif@example.com');
    await input.subject.fill('İade');
    await input.message.fill('Kullanılmamış eSIM için iade istiyorum.');
    await form.getByRole('button', { name: text('tr', 'content', 'support.form.submit') }).click();
    const failed = toast(page, text('tr', 'content', 'support.form.toast.errorTitle'));
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('Lütfen 25 dakika bekleyip tekrar deneyin.');
  });

  test('anything else: Please try again later', async ({ page }) => {
    await page.route('**/api/support/messages', refuse(503, { error: { code: 'internal_error', message: 'Down' } }));
    await page.goto('/support#contact-form');
    await fillAndSend(page);
    const failed = toast(page, 'Failed to send message');
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('Please try again later.');
  });
});
