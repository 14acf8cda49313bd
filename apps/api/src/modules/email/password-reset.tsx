/** @jsxRuntime automatic @jsxImportSource react */
import { BRAND } from '@esim/contract/brand';
import { assertHttpUrl } from './email-html.ts';
import {
  ButtonLink,
  Buttons,
  EmailLayout,
  Paragraph,
  type RenderedEmail,
  TextCard,
  TextLink,
  fillElements,
  renderEmail,
} from './email-layout.tsx';
import { type MessageFrame, type TextCardContent, customerFrame, emailLanguage, fill } from './email-text.ts';
import type { PasswordResetStrings } from './locales/index.ts';

/** Template id of the password-reset e-mail (`email_messages.template`). */
export const PASSWORD_RESET_TEMPLATE = 'password-reset';

/**
 * The reset page's link for `token`: `<origin>/auth?view=reset#token=<token>`. The token is in the
 * fragment, which browsers never send to a server, so it reaches no access log, proxy or
 * `Referer` (as the portal link of the order confirmation does).
 * @param origin the store's public origin (`PUBLIC_URL`), e.g. `https://roamwise.example`.
 * @throws TypeError when the result is not an absolute http(s) URL.
 */
export function passwordResetUrl(origin: string, token: string): string {
  return assertHttpUrl(`${origin.replace(/\/+$/, '')}/auth?view=reset#token=${encodeURIComponent(token)}`, 'resetUrl');
}

/** What the password-reset e-mail shows. Every string is plain text; the renderer escapes it. */
export interface PasswordResetData {
  /** Name for the greeting: the account's first and last name. */
  customerName: string;
  /** The account's username, named in the message (who forgot a password may have forgotten it too). */
  username: string;
  /** Absolute http(s) URL of the reset page with the token in its fragment ({@link passwordResetUrl}). */
  resetUrl: string;
  /** Minutes the link stays valid (30); a positive integer. */
  validMinutes: number;
  /** When the reset was asked for; its year goes in the footer's ©. */
  requestedAt: Date;
}

/** Everything the HTML and the text part share, computed once; made by {@link passwordResetView}. */
export interface PasswordResetView {
  data: PasswordResetData;
  /** Language, subject, heading, greeting, support and small print. */
  frame: MessageFrame;
  t: PasswordResetStrings;
  /** Placeholder values: `name`, `username`, `brand`, `minutes`. */
  vars: Readonly<Record<string, string | number>>;
  resetUrl: string;
  /** What a reset does to signed-in devices, and "if it was not you, ignore this". */
  notes: TextCardContent;
}

/**
 * Prepares a reset for {@link PasswordResetEmail} and the text part: the language (English when
 * `language` is not supported), its texts and the subject.
 * @throws TypeError when `resetUrl` is not an absolute http(s) URL; RangeError when
 *   `validMinutes` is not a positive integer.
 */
export function passwordResetView(data: PasswordResetData, language: string): PasswordResetView {
  const { lang, strings } = emailLanguage(language);
  const { common, passwordReset: t } = strings;
  const resetUrl = assertHttpUrl(data.resetUrl, 'resetUrl');
  if (!Number.isInteger(data.validMinutes) || data.validMinutes < 1) {
    throw new RangeError(`validMinutes must be a positive integer, got ${data.validMinutes}`);
  }
  const vars = { name: data.customerName, username: data.username, brand: BRAND, minutes: data.validMinutes };
  return {
    data,
    frame: customerFrame({ lang, common, vars, date: data.requestedAt, texts: t }),
    t,
    vars,
    resetUrl,
    notes: { paragraphs: [t.sessionsNote, t.ignore] },
  };
}

/**
 * The password-reset e-mail as a React Email document: greeting, what was asked for (naming the
 * account), the button, how long and how often the link works, the link in full for clients
 * that break buttons, what a reset does to signed-in devices, "if it was not you, ignore this",
 * and support. Rendered by {@link renderPasswordReset}.
 */
export function PasswordResetEmail({ frame, data, t, vars, resetUrl, notes }: PasswordResetView) {
  return (
    <EmailLayout
      frame={frame}
      opening={
        <>
          <Paragraph>{fillElements(t.intro, vars, { username: <strong>{data.username}</strong> })}</Paragraph>
          <Buttons>
            <ButtonLink href={resetUrl}>{t.button}</ButtonLink>
          </Buttons>
          <Paragraph size="small" style={{ marginTop: 4, fontWeight: 600 }}>
            {fill(t.validity, vars)}
          </Paragraph>
          <Paragraph size="fine">{t.linkHint}</Paragraph>
          <Paragraph size="fine" marginBottom={0} style={{ wordBreak: 'break-all' }}>
            <TextLink href={resetUrl}>{resetUrl}</TextLink>
          </Paragraph>
        </>
      }
    >
      <TextCard content={notes} />
    </EmailLayout>
  );
}

/** The plain-text part's body: the same content as the HTML, the link in full. */
function passwordResetText({ t, vars, resetUrl, notes }: PasswordResetView) {
  return [[fill(t.intro, vars)], [`${t.button}: ${resetUrl}`, fill(t.validity, vars)], notes];
}

/**
 * Renders the e-mail sent for `POST /api/forgot-password` to an address that has an account
 * (OWASP ASVS 4.0.3 V2.5; `docs/product-rules.md#accounts-sessions-and-two-factor`): greeting with the account's name,
 * that a reset of the account `username` was asked for, a button to the reset page with the
 * one-time token in the link's fragment, that the link is valid for `validMinutes` minutes and
 * works once, the link in full, that a reset signs out every device, that whoever did not ask
 * can ignore the message (the password is unchanged), and the support contacts. No images.
 *
 * @param data the account and the link; plain text, escaped by React in the HTML.
 * @param language `en`, `tr`, `es`, `fr` or `de` (the account's `users.language`); anything else
 *   renders in English.
 * @returns subject, HTML, text, template id `password-reset`, the language used and no inline
 *   images, ready for `Mailer.send` with `to`.
 * @throws TypeError when `resetUrl` is not an absolute http(s) URL; RangeError when
 *   `validMinutes` is not a positive integer (as rejected promises).
 */
export async function renderPasswordReset(data: PasswordResetData, language: string): Promise<RenderedEmail> {
  const view = passwordResetView(data, language);
  return renderEmail(PASSWORD_RESET_TEMPLATE, view.frame, <PasswordResetEmail {...view} />, passwordResetText(view));
}
