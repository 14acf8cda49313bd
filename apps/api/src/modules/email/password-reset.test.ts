import { LANGUAGE_CODES, type Language } from '@esim/contract/languages';
import { describe, expect, it } from 'vitest';
import { escapeHtml, fill } from './email-html.ts';
import { EMAIL_TEMPLATES, SAMPLE_RESET_TOKEN, samplePasswordReset } from './email-templates.ts';
import { EMAIL_STRINGS } from './locales/index.ts';
import {
  PASSWORD_RESET_TEMPLATE,
  type PasswordResetData,
  passwordResetUrl,
  renderPasswordReset,
} from './password-reset.tsx';

const NASTY_NAME = `Zoë "<b>O'Brien</b>" & <script>alert(1)</script>`;
const TOKEN = 'k3Yq9Zb_Xw-7Lr2PmT8vN1cH5sJ0dF4gA6eR9uW2xQy';
const URL_WITH_TOKEN = `https://shop.example/auth?view=reset#token=${TOKEN}`;

function data(overrides: Partial<PasswordResetData> = {}): PasswordResetData {
  return {
    ...samplePasswordReset('en', 'https://shop.example'),
    customerName: NASTY_NAME,
    username: 'zoe.obrien',
    resetUrl: URL_WITH_TOKEN,
    ...overrides,
  };
}

/** The subject per language, written out by hand (not derived from the code). */
const SUBJECTS: Record<Language, string> = {
  en: 'Reset your Roamwise password',
  tr: 'Roamwise şifrenizi sıfırlayın',
  es: 'Restablece tu contraseña de Roamwise',
  fr: 'Réinitialisez votre mot de passe Roamwise',
  de: 'Setzen Sie Ihr Roamwise-Passwort zurück',
};
/** "30 minutes" and "only once" per language, written out by hand. */
const VALIDITY: Record<Language, [string, string]> = {
  en: ['30 minutes', 'only once'],
  tr: ['30 dakika', 'yalnızca bir kez'],
  es: ['30 minutos', 'solo se puede usar una vez'],
  fr: ['30 minutes', 'une seule fois'],
  de: ['30 Minuten', 'nur einmal'],
};

describe('passwordResetUrl', () => {
  it('puts the token in the fragment of the reset page on the store origin', () => {
    expect(passwordResetUrl('https://shop.example', TOKEN)).toBe(URL_WITH_TOKEN);
    expect(passwordResetUrl('https://shop.example/', TOKEN)).toBe(URL_WITH_TOKEN);
    expect(new URL(passwordResetUrl('https://shop.example', TOKEN)).search).toBe('?view=reset');
  });
});

describe('renderPasswordReset', () => {
  describe.each(LANGUAGE_CODES)('in %s', (lang) => {
    it('greets by name, names the account, links with the token, says 30 minutes and single use, and what if it was not you', async () => {
      const email = await renderPasswordReset(data(), lang);
      const t = EMAIL_STRINGS[lang].passwordReset;
      expect(email.template).toBe('password-reset');
      expect(email.language).toBe(lang);
      expect(email.subject).toBe(SUBJECTS[lang]);
      expect(email.inlineImages).toEqual([]);
      expect(email.html).toMatch(new RegExp(`^<!DOCTYPE html[^>]*><html [^>]*lang="${lang}"`));
      expect(email.html).toContain('max-width:600px');
      expect(email.html).toContain(`<title>${escapeHtml(SUBJECTS[lang])}</title>`);
      expect(email.text.split('\n')[0]).toBe(t.heading);

      for (const part of [email.html, email.text]) {
        const enc = part === email.html ? escapeHtml : (s: string) => s;
        expect(part).toContain(enc(t.heading));
        expect(part).toContain(enc(fill(EMAIL_STRINGS[lang].common.greeting, { name: NASTY_NAME })));
        expect(part).toContain('zoe.obrien');
        expect(part).toContain(VALIDITY[lang][0]);
        expect(part).toContain(VALIDITY[lang][1]);
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
    for (const raw of ['<script>', '<b>O', '<img src=x']) expect(email.html).not.toContain(raw);
    expect(email.html).toContain(
      'Zoë &quot;&lt;b&gt;O&#x27;Brien&lt;/b&gt;&quot; &amp; &lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(email.html).toContain('<strong>&lt;img src=x onerror=alert(1)&gt;</strong>');
    expect(email.text).toContain(NASTY_NAME);
  });

  it('falls back to English for an unsupported language', async () => {
    const email = await renderPasswordReset(data(), 'pt-BR');
    expect(email.language).toBe('en');
    expect(email.subject).toBe(SUBJECTS.en);
  });

  it('rejects a link that is not an absolute http(s) URL and a validity that is not a positive integer', async () => {
    await expect(renderPasswordReset(data({ resetUrl: 'javascript:alert(1)' }), 'en')).rejects.toThrow(TypeError);
    await expect(renderPasswordReset(data({ resetUrl: '/auth?view=reset' }), 'en')).rejects.toThrow(/resetUrl/);
    await expect(renderPasswordReset(data({ validMinutes: 0 }), 'en')).rejects.toThrow(RangeError);
    await expect(renderPasswordReset(data({ validMinutes: 2.5 }), 'en')).rejects.toThrow(/validMinutes/);
  });

  it('is listed for the e-mail preview with a sample in every language', async () => {
    const entry = EMAIL_TEMPLATES[PASSWORD_RESET_TEMPLATE];
    expect(entry?.title).toBe('Password reset');
    for (const lang of LANGUAGE_CODES) {
      const email = await entry!.renderSample(lang, 'http://preview.test');
      expect(email.template).toBe(PASSWORD_RESET_TEMPLATE);
      expect(email.language).toBe(lang);
      expect(email.html).toContain(`href="http://preview.test/auth?view=reset#token=${SAMPLE_RESET_TOKEN}"`);
    }
  });
});
