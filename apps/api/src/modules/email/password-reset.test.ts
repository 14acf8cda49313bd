import { LANGUAGE_CODES, type Language } from '@esim/contract/languages';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './email-html.ts';
import { SAMPLE_RESET_TOKEN, samplePasswordReset } from './email-templates.ts';
import { NASTY_NAME, SHOP, bothParts, expectMessage, expectEscaped, expectPreviewEntry } from './email-test-helpers.ts';
import { fill } from './email-text.ts';
import { EMAIL_STRINGS } from './locales/index.ts';
import {
  PASSWORD_RESET_TEMPLATE,
  type PasswordResetData,
  passwordResetUrl,
  renderPasswordReset,
} from './password-reset.tsx';

const TOKEN = 'k3Yq9Zb_Xw-7Lr2PmT8vN1cH5sJ0dF4gA6eR9uW2xQy';
const URL_WITH_TOKEN = `${SHOP}/auth?view=reset#token=${TOKEN}`;

function data(overrides: Partial<PasswordResetData> = {}): PasswordResetData {
  return {
    ...samplePasswordReset('en', SHOP),
    customerName: NASTY_NAME,
    username: 'zoe.obrien',
    resetUrl: URL_WITH_TOKEN,
    ...overrides,
  };
}

/** The subject, "30 minutes" and "only once" per language, written out by hand (not derived from the code). */
const EXPECTED: Record<Language, { subject: string; validity: readonly [minutes: string, once: string] }> = {
  en: { subject: 'Reset your Roamwise password', validity: ['30 minutes', 'only once'] },
  tr: { subject: 'Roamwise şifrenizi sıfırlayın', validity: ['30 dakika', 'yalnızca bir kez'] },
  es: { subject: 'Restablece tu contraseña de Roamwise', validity: ['30 minutos', 'solo se puede usar una vez'] },
  fr: { subject: 'Réinitialisez votre mot de passe Roamwise', validity: ['30 minutes', 'une seule fois'] },
  de: { subject: 'Setzen Sie Ihr Roamwise-Passwort zurück', validity: ['30 Minuten', 'nur einmal'] },
};

describe('passwordResetUrl', () => {
  it('puts the token in the fragment of the reset page on the store origin', () => {
    expect(passwordResetUrl(SHOP, TOKEN)).toBe(URL_WITH_TOKEN);
    expect(passwordResetUrl(`${SHOP}/`, TOKEN)).toBe(URL_WITH_TOKEN);
    expect(new URL(passwordResetUrl(SHOP, TOKEN)).search).toBe('?view=reset');
  });
});

describe('renderPasswordReset', () => {
  describe.each(LANGUAGE_CODES)('in %s', (lang) => {
    it('greets by name, names the account, links with the token, says 30 minutes and single use, and what if it was not you', async () => {
      const email = await renderPasswordReset(data(), lang);
      const t = EMAIL_STRINGS[lang].passwordReset;
      const { subject } = EXPECTED[lang];
      expectMessage(email, { template: 'password-reset', lang, heading: t.heading, subject, greets: NASTY_NAME });

      for (const [part, enc] of bothParts(email)) {
        expect(part).toContain('zoe.obrien');
        for (const words of EXPECTED[lang].validity) expect(part).toContain(words);
        expect(part).toContain(enc(t.ignore));
        expect(part).toContain(enc(t.sessionsNote));
        expect(part).toContain('support@roamwise.example');
        expect(part).toContain(enc(fill(t.reason, { brand: 'Roamwise' })));
      }
      // The button and the link written out, both to the reset page with the token in the fragment.
      const links = [...email.html.matchAll(/<a href="([^"]*)"([^>]*)>(.*?)<\/a>/g)].filter((m) =>
        m[1]!.includes('#token='),
      );
      expect(links.map((m) => m[1])).toEqual([URL_WITH_TOKEN, URL_WITH_TOKEN]);
      expect(links[0]![3]).toContain(`>${escapeHtml(t.button)}<`);
      expect(links[1]![3]).toBe(URL_WITH_TOKEN);
      expect(email.text).toContain(`${t.button}: ${URL_WITH_TOKEN}\n`);
    });
  });

  it('escapes HTML in the name and the username', async () => {
    const email = await renderPasswordReset(data({ username: '<img src=x onerror=alert(1)>' }), 'en');
    expectEscaped(email, ['<script>', '<b>O', '<img src=x']);
    expect(email.html).toContain('<strong>&lt;img src=x onerror=alert(1)&gt;</strong>');
  });

  it('falls back to English for an unsupported language', async () => {
    const email = await renderPasswordReset(data(), 'pt-BR');
    expect(email.language).toBe('en');
    expect(email.subject).toBe(EXPECTED.en.subject);
  });

  it('rejects a link that is not an absolute http(s) URL and a validity that is not a positive integer', async () => {
    await expect(renderPasswordReset(data({ resetUrl: 'javascript:alert(1)' }), 'en')).rejects.toThrow(TypeError);
    await expect(renderPasswordReset(data({ resetUrl: '/auth?view=reset' }), 'en')).rejects.toThrow(/resetUrl/);
    await expect(renderPasswordReset(data({ validMinutes: 0 }), 'en')).rejects.toThrow(RangeError);
    await expect(renderPasswordReset(data({ validMinutes: 2.5 }), 'en')).rejects.toThrow(/validMinutes/);
  });

  it('is listed for the e-mail preview with a sample in every language', async () => {
    await expectPreviewEntry(
      PASSWORD_RESET_TEMPLATE,
      'Password reset',
      `http://preview.test/auth?view=reset#token=${SAMPLE_RESET_TOKEN}`,
    );
  });
});
