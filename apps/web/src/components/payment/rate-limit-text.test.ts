import { LANGUAGE_CODES } from '@esim/contract/languages';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de/payment.json';
import en from '../../locales/en/payment.json';
import es from '../../locales/es/payment.json';
import fr from '../../locales/fr/payment.json';
import tr from '../../locales/tr/payment.json';
import { rateLimitText } from './rate-limit-text.ts';

const resources = {
  en: { payment: en },
  tr: { payment: tr },
  es: { payment: es },
  fr: { payment: fr },
  de: { payment: de },
};

async function translator(language: string) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: false,
    resources,
    ns: ['payment'],
    interpolation: { escapeValue: false },
  });
  return instance.getFixedT(language, 'payment');
}

describe('rateLimitText', () => {
  it('says in English how long to wait, from Retry-After', async () => {
    const t = await translator('en');
    expect(rateLimitText(t, 600)).toEqual({
      title: 'Too many payment attempts',
      body: 'Please wait 10 minutes and try again.',
    });
    expect(rateLimitText(t, 1).body).toBe('Please wait 1 second and try again.');
    expect(rateLimitText(t, 45).body).toBe('Please wait 45 seconds and try again.');
    expect(rateLimitText(t, 60).body).toBe('Please wait 1 minute and try again.');
    expect(rateLimitText(t, 3_600).body).toBe('Please wait 60 minutes and try again.');
    expect(rateLimitText(t, 7_200).body).toBe('Please wait 2 hours and try again.');
    expect(rateLimitText(t, undefined).body).toBe('Please wait a few minutes and try again.');
  });

  it('is written out in every language, with the wait in its words', async () => {
    const expected: Record<string, [string, string]> = {
      en: ['Too many payment attempts', 'Please wait 10 minutes and try again.'],
      tr: ['Çok fazla ödeme denemesi', 'Lütfen 10 dakika bekleyip tekrar deneyin.'],
      es: ['Demasiados intentos de pago', 'Espera 10 minutos y vuelve a intentarlo.'],
      fr: ['Trop de tentatives de paiement', 'Veuillez patienter 10 minutes avant de réessayer.'],
      de: ['Zu viele Zahlungsversuche', 'Bitte warten Sie 10 Minuten und versuchen Sie es dann erneut.'],
    };
    for (const language of LANGUAGE_CODES) {
      const t = await translator(language);
      expect(rateLimitText(t, 600), language).toEqual({ title: expected[language]![0], body: expected[language]![1] });
      for (const seconds of [1, 2, 59, 60, 61, 3_600, 5_401, 86_400, undefined]) {
        const { title, body } = rateLimitText(t, seconds);
        // No missing key (i18next would show the key) and no unfilled placeholder.
        expect(`${title} ${body}`, `${language} ${seconds}`).not.toMatch(/rateLimited\.|wait\.|\{\{/);
        if (seconds !== undefined) expect(body).toMatch(/\d/);
      }
    }
  });

  it('uses the singular where the language has one', async () => {
    expect(rateLimitText(await translator('de'), 60).body).toBe(
      'Bitte warten Sie 1 Minute und versuchen Sie es dann erneut.',
    );
    expect(rateLimitText(await translator('fr'), 1).body).toBe('Veuillez patienter 1 seconde avant de réessayer.');
    expect(rateLimitText(await translator('es'), 3_600 * 2).body).toBe('Espera 2 horas y vuelve a intentarlo.');
    expect(rateLimitText(await translator('tr'), 7_200).body).toBe('Lütfen 2 saat bekleyip tekrar deneyin.');
  });
});
