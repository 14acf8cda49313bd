import { randomUUID } from 'node:crypto';
import { type Browser, type Page, type Response, awaitHydrationOnNavigation, expect, test } from '../support/test.ts';
import { visitorWithCart } from './visitor.ts';

/**
 * The order page opened anywhere but the buyer's browser (the address bar's link copied to the
 * phone that installs the eSIM, or sent to a companion): it says the page is private and how to
 * open it, never that the order does not exist, and says exactly the same for a number that
 * belongs to no order (no enumeration of order numbers). The access token opens it without ever
 * travelling in a URL; the buyer's own browser and a signed-in owner open it directly.
 */

const PASSWORD = 'violet-harbour-tram-42';
const PRIVATE_TITLE = 'This order page is private';

/** A sandbox card token and a checkout of the cart of `sessionId`, run inside `page` (same origin). */
async function checkoutInPage(page: Page, sessionId: string): Promise<{ orderNumber: string; accessToken: string }> {
  if (!page.url().startsWith('http')) await page.goto('/faq');
  return page.evaluate(
    async ({ sessionId, expiryYear }) => {
      const post = (url: string, headers: Record<string, string>, body: unknown) =>
        fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Session-Id': sessionId, ...headers },
          body: JSON.stringify(body),
        });
      const tokenised = await post(
        '/api/payments/sandbox/tokens',
        {},
        {
          cardholderName: 'Ada Lovelace',
          cardNumber: '4242424242424242',
          expiryMonth: 12,
          expiryYear,
          cvv: '123',
        },
      );
      if (tokenised.status !== 201) throw new Error(`tokenise: ${tokenised.status}`);
      const { token } = (await tokenised.json()) as { token: string };
      const checkout = await post(
        '/api/checkout',
        { 'Idempotency-Key': crypto.randomUUID() },
        {
          customer: { fullName: 'Ada Lovelace', email: 'ada@example.com' },
          payment: { method: 'card', token },
          acceptTerms: true,
          language: 'en',
        },
      );
      if (checkout.status !== 201) throw new Error(`checkout: ${checkout.status} ${await checkout.text()}`);
      return (await checkout.json()) as { orderNumber: string; accessToken: string };
    },
    { sessionId, expiryYear: new Date().getUTCFullYear() + 2 },
  );
}

/** A page in a browser context of its own: no storage, no cookie, nothing of the buyer's. */
async function elsewhere(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  awaitHydrationOnNavigation(page);
  return page;
}

/** What the page shows in its main region, with `orderNumber` written as `{n}`. */
async function mainText(page: Page, orderNumber: string): Promise<string> {
  return (await page.getByRole('main').innerText()).replaceAll(orderNumber, '{n}');
}

/** A well-formed order number that no order has (the store's alphabet, 12 characters). */
function madeUpOrderNumber(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `ORD-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

const thankYou = (page: Page) => page.getByRole('heading', { level: 1, name: 'Thank you for your order!' });
const privateTitle = (page: Page) => page.getByRole('heading', { level: 1, name: PRIVATE_TITLE });

test.describe('the order page outside the buyer’s browser', () => {
  test('says the page is private, the same for an existing and a made-up number, and opens with the pasted token', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const sessionId = await visitorWithCart(page);
    const { orderNumber, accessToken } = await checkoutInPage(page, sessionId);
    const link = `/order-confirmation/${orderNumber}`;

    // The buyer's browser reopens the address bar's link, in this tab and in a new one.
    await page.goto(link);
    await expect(thankYou(page)).toBeVisible();
    const newTab = await page.context().newPage();
    awaitHydrationOnNavigation(newTab);
    await newTab.goto(link);
    await expect(thankYou(newTab)).toBeVisible();
    await newTab.close();

    // The same link on another device.
    const phone = await elsewhere(browser);
    const urls: string[] = [];
    phone.on('request', (request) => urls.push(request.url()));
    const answers: { status: number; body: string }[] = [];
    const recordOrderAnswer = async (response: Response) => {
      if (!/\/api\/orders\/ORD-/.test(response.url())) return;
      answers.push({ status: response.status(), body: await response.text() });
    };
    phone.on('response', (response) => void recordOrderAnswer(response));

    await phone.goto(link);
    await expect(privateTitle(phone)).toBeVisible();
    await expect(phone.getByText(/not found|does not exist/i)).toHaveCount(0);
    const main = phone.getByRole('main');
    // The ways in: the e-mail's link or the token, the account, the portal; and nothing of the order.
    await expect(main.getByText(/confirmation e-mail/).first()).toBeVisible();
    await expect(main.getByText(/if you typed the number/i)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/auth?next=${encodeURIComponent(link)}`,
    );
    await expect(main.getByRole('link', { name: 'Customer portal' })).toHaveAttribute('href', '/portal');
    await expect(main.getByText('Ada Lovelace')).toHaveCount(0);
    await expect(main.getByText(/Turkey/)).toHaveCount(0);
    const existingText = await mainText(phone, orderNumber);

    // A number nobody bought: not a word different, and the API answers alike.
    const madeUp = madeUpOrderNumber();
    await phone.goto(`/order-confirmation/${madeUp}`);
    await expect(privateTitle(phone)).toBeVisible();
    expect(await mainText(phone, madeUp)).toBe(existingText);
    await expect.poll(() => answers.length).toBeGreaterThanOrEqual(2);
    expect(answers[0]?.status).toBe(404);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);

    // A wrong token is refused (and forgotten); the e-mail's link pasted whole opens the order.
    await phone.goto(link);
    const field = phone.getByLabel('Access token or link');
    await field.fill('not-the-right-token');
    await phone.getByRole('button', { name: 'Open order' }).click();
    await expect(phone.getByText("This access token doesn't open this order.", { exact: false })).toBeVisible();
    await expect(privateTitle(phone)).toBeVisible();
    await field.fill(`${baseURL}${link}#token=${accessToken}`);
    await phone.getByRole('button', { name: 'Open order' }).click();
    await expect(thankYou(phone)).toBeVisible();
    await expect(phone.getByRole('region', { name: 'Your portal access token' }).locator('code')).toHaveText(
      accessToken,
    );
    expect(new URL(phone.url()).pathname).toBe(link);
    // The tab keeps the accepted token: a reload stays open.
    await phone.reload();
    await expect(thankYou(phone)).toBeVisible();
    expect(await phone.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('not-the-right-token');

    // The token never travelled in a URL: no query string, no path.
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url).not.toContain(accessToken);
      expect(url).not.toContain('not-the-right-token');
      expect(new URL(url).search).not.toMatch(/token/i);
    }
    await phone.context().close();
  });

  test('an owner signed in on another device opens the order; signed out it stays private', async ({
    page,
    browser,
  }) => {
    const sessionId = await visitorWithCart(page);
    const username = `owner-${randomUUID().slice(0, 8)}`;
    const account = { username, email: `${username}@example.com`, firstName: 'Ada', lastName: 'Lovelace' };
    const registered = await page.request.post('/api/register', {
      data: { ...account, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const { orderNumber } = await checkoutInPage(page, sessionId);
    const link = `/order-confirmation/${orderNumber}`;

    const laptop = await elsewhere(browser);
    await laptop.goto(link);
    await expect(privateTitle(laptop)).toBeVisible();
    const signedIn = await laptop.request.post('/api/login', { data: { username, password: PASSWORD } });
    expect(signedIn.status()).toBe(200);
    await laptop.goto(link);
    await expect(thankYou(laptop)).toBeVisible();
    await expect(laptop.getByText(orderNumber, { exact: true })).toBeVisible();
    await laptop.context().close();
  });
});
