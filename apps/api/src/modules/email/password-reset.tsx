/** @jsxRuntime automatic @jsxImportSource react */
import { BRAND } from '@esim/contract/brand';
import { DEFAULT_LANGUAGE, type Language, isLanguage } from '@esim/contract/languages';
import { assertHttpUrl, fill, textFooter } from './email-html.ts';
import {
  ButtonLink,
  Card,
  EmailLayout,
  EmailTitle,
  Paragraph,
  type RenderedEmail,
  SupportSection,
  TextLink,
  fillElements,
  renderEmailHtml,
} from './email-layout.tsx';
import { EMAIL_STRINGS, type CommonEmailStrings, type PasswordResetStrings } from './locales/index.ts';

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
  lang: Language;
  common: CommonEmailStrings;
  t: PasswordResetStrings;
  /** Placeholder values: `name`, `username`, `brand`, `minutes`. */
  vars: Readonly<Record<string, string | number>>;
  subject: string;
  /** The year of the request, for the footer's ©; empty for an invalid date. */
  year: string;
  resetUrl: string;
}

/**
 * Prepares a reset for {@link PasswordResetEmail} and the text part: the language (English when
 * `language` is not supported), its texts and the subject.
 * @throws TypeError when `resetUrl` is not an absolute http(s) URL; RangeError when
 *   `validMinutes` is not a positive integer.
 */
export function passwordResetView(data: PasswordResetData, language: string): PasswordResetView {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const { common, passwordReset: t } = EMAIL_STRINGS[lang];
  const resetUrl = assertHttpUrl(data.resetUrl, 'resetUrl');
  if (!Number.isInteger(data.validMinutes) || data.validMinutes < 1) {
    throw new RangeError(`validMinutes must be a positive integer, got ${data.validMinutes}`);
  }
  const requestedAt = new Date(data.requestedAt);
  const vars = { name: data.customerName, username: data.username, brand: BRAND, minutes: data.validMinutes };
  return {
    data,
    lang,
    common,
    t,
    vars,
    subject: fill(t.subject, vars),
    year: Number.isNaN(requestedAt.getTime()) ? '' : String(requestedAt.getUTCFullYear()),
    resetUrl,
  };
}

/**
 * The password-reset e-mail as a React Email document: greeting, what was asked for (naming the
 * account), the button, how long and how often the link works, the link in full for clients
 * that break buttons, what a reset does to signed-in devices, "if it was not you, ignore this",
 * and support. Rendered by {@link renderPasswordReset}.
 */
export function PasswordResetEmail({ view }: { view: PasswordResetView }) {
  const { data, lang, common, t, vars } = view;
  return (
    <EmailLayout
      lang={lang}
      title={view.subject}
      preheader={fill(t.preheader, vars)}
      footer={[fill(t.reason, vars), fill(common.tagline, vars), `© ${view.year} ${BRAND}`]}
    >
      <Card>
        <EmailTitle>{t.heading}</EmailTitle>
        <Paragraph>{fill(common.greeting, vars)}</Paragraph>
        <Paragraph>{fillElements(t.intro, vars, { username: <strong>{data.username}</strong> })}</Paragraph>
        <div>
          <ButtonLink href={view.resetUrl}>{t.button}</ButtonLink>
        </div>
        <Paragraph size="small" style={{ marginTop: 4, fontWeight: 600 }}>
          {fill(t.validity, vars)}
        </Paragraph>
        <Paragraph size="fine">{t.linkHint}</Paragraph>
        <Paragraph size="fine" marginBottom={0} style={{ wordBreak: 'break-all' }}>
          <TextLink href={view.resetUrl}>{view.resetUrl}</TextLink>
        </Paragraph>
      </Card>
      <Card>
        <Paragraph size="small">{t.sessionsNote}</Paragraph>
        <Paragraph size="small" marginBottom={0}>
          {t.ignore}
        </Paragraph>
      </Card>
      <Card>
        <SupportSection common={common} />
      </Card>
    </EmailLayout>
  );
}

/** The plain-text part: the same content as the HTML, the link in full. */
function passwordResetText(view: PasswordResetView): string {
  const { common, t, vars } = view;
  return [
    t.heading,
    '',
    fill(common.greeting, vars),
    '',
    fill(t.intro, vars),
    '',
    `${t.button}: ${view.resetUrl}`,
    fill(t.validity, vars),
    '',
    t.sessionsNote,
    t.ignore,
    '',
    ...textFooter(common, t.reason, vars),
  ].join('\n');
}

/**
 * Renders the e-mail sent for `POST /api/forgot-password` to an address that has an account
 * (issue 9; OWASP ASVS 4.0.3 V2.5; specification section 7): greeting with the account's name,
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
  const html = await renderEmailHtml(<PasswordResetEmail view={view} />);
  return {
    template: PASSWORD_RESET_TEMPLATE,
    language: view.lang,
    subject: view.subject,
    html,
    text: passwordResetText(view),
    inlineImages: [],
  };
}
