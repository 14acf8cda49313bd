import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '@esim/contract/languages';
import { SUPPORT_HOURS } from '@esim/contract/support-hours';
import { describe, expect, it } from 'vitest';
import { TEXTS as CHAT_TEXTS } from '../src/modules/chat/engine/texts.ts';
import { EMAIL_STRINGS } from '../src/modules/email/locales/index.ts';
import { loadSeedArticles } from '../src/modules/chat/knowledge-base/seed-content.ts';
import { destinationFigures, liveChatMentions, roundTheClockClaims, timeRanges } from './copy-claims.ts';

/**
 * The store's texts say the same true things everywhere, in the five languages: the storefront's
 * (`apps/web/src/locales`), the page metadata (`packages/contract/src/seo.ts`, `index.html`), the
 * shipped knowledge-base articles the chat assistant answers from, the e-mails and the chat
 * assistant's own replies.
 *
 * - "24/7" (and its translations) is said only of what is there at every hour: the chat
 *   assistant and the intake of messages; the support team's hours are those of
 *   `@esim/contract/support-hours`, and no text promises a live chat with people.
 * - No text states a number of destinations of its own: the one figure comes from the catalogue
 *   (`@esim/contract/destination-figure`, interpolated as `{{figure}}`).
 */

const root = path.resolve(import.meta.dirname, '../../..');

/** One text and where it comes from (file and key). */
interface Text {
  source: string;
  text: string;
}

/**
 * The string leaves of `value`, named by `source` and their key path. A `{ label, value }` pair
 * (a row of the support hours, a fact tile) is one text: the label says what the value is of.
 */
function leaves(value: unknown, source: string): Text[] {
  if (typeof value === 'string') return [{ source, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${source}[${i}]`));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const record = value as Record<string, unknown>;
    if (typeof record.label === 'string' && typeof record.value === 'string') {
      const rest = entries.filter(([k]) => k !== 'label' && k !== 'value');
      return [
        { source: `${source}.{label,value}`, text: `${record.label} ${record.value}` },
        ...rest.flatMap(([k, v]) => leaves(v, `${source}.${k}`)),
      ];
    }
    return entries.flatMap(([k, v]) => leaves(v, `${source}.${k}`));
  }
  return [];
}

function storefrontTexts(): Text[] {
  const dir = path.join(root, 'apps/web/src/locales');
  return LANGUAGE_CODES.flatMap((lang) =>
    fs
      .readdirSync(path.join(dir, lang))
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) =>
        leaves(JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8')), `locales/${lang}/${file}`),
      ),
  );
}

/** Files whose every line is a text (the metadata's template strings, the HTML shell). */
function fileLines(relative: string): Text[] {
  return fs
    .readFileSync(path.join(root, relative), 'utf8')
    .split('\n')
    .map((text, i) => ({ source: `${relative}:${i + 1}`, text }));
}

function allTexts(): Text[] {
  return [
    ...storefrontTexts(),
    ...fileLines('packages/contract/src/seo.ts'),
    ...fileLines('apps/web/index.html'),
    ...loadSeedArticles().map((a) => ({
      source: `knowledge-base/${a.language}/${a.slug}.md`,
      text: `${a.title}\n${a.body}`,
    })),
    ...LANGUAGE_CODES.flatMap((lang) => leaves(EMAIL_STRINGS[lang], `email/locales/${lang}.ts`)),
    ...LANGUAGE_CODES.flatMap((lang) => leaves(CHAT_TEXTS[lang], `chat/engine/texts.ts ${lang}`)),
  ];
}

const TEXTS = allTexts();

describe('the claim readers', () => {
  it('tell a round-the-clock claim about people from one about the chat assistant or the intake of messages', () => {
    for (const claim of [
      '24/7 support',
      'Technical and emergency support 24/7.',
      'Support rund um die Uhr',
      'Assistance 24h/24, 7j/7',
      '7/24 teknik ve acil destek',
      'Contact us: technical help is available 24/7.',
      'los problemas técnicos urgentes se atienden las 24 horas.',
    ]) {
      expect(roundTheClockClaims(claim), claim).toEqual([claim]);
    }
    for (const fine of [
      'Chat assistant 24/7',
      'Sohbet asistanı 7/24',
      'Messages by e-mail or form: received 24/7',
      'Asistente de chat 24/7',
      'L’assistant de chat répond 24h/24, 7j/7.',
    ]) {
      expect(roundTheClockClaims(fine), fine).toEqual([]);
    }
  });

  it('read destination figures in the five languages', () => {
    expect(destinationFigures('Travel eSIM for 200+ countries')).toEqual([200]);
    expect(destinationFigures('One eSIM that works in 190+ countries. Show all 246 destinations')).toEqual([190, 246]);
    expect(destinationFigures('eSIM de viaje para más de 200 países')).toEqual([200]);
    expect(destinationFigures("200'den fazla ülke için seyahat eSIM'i")).toEqual([200]);
    expect(destinationFigures('Reise-eSIM für über 200 Länder')).toEqual([200]);
    expect(
      destinationFigures(
        'Call +44 20 7946 0123, weekdays 09:00–17:00 GMT. 99.9% uptime, 2 min to install, 24–48 hours.',
      ),
    ).toEqual([]);
    expect(destinationFigures('Validity: 30+ days, 30+ gün')).toEqual([]);
  });

  it('read time ranges however a language writes them', () => {
    expect(timeRanges('Mon–Fri, 09:00–18:00 GMT; de 09:00 a 17:00; von 09:00 bis 18:00')).toEqual([
      '09:00–18:00',
      '09:00–17:00',
      '09:00–18:00',
    ]);
  });
});

describe('the store texts', () => {
  it('reads every source', () => {
    for (const source of [
      'locales/tr/catalog.json',
      'seo.ts',
      'index.html',
      'knowledge-base/de/',
      'email/locales/fr.ts',
      'chat/engine/texts.ts es',
    ]) {
      expect(
        TEXTS.some((t) => t.source.includes(source)),
        source,
      ).toBe(true);
    }
  });

  it('say "24/7" only of the chat assistant and the intake of messages, never of people', () => {
    const claims = TEXTS.flatMap(({ source, text }) => roundTheClockClaims(text).map((claim) => `${source}: ${claim}`));
    expect(claims).toEqual([]);
  });

  it('promise no live chat with people: the chat button opens the assistant', () => {
    const mentions = TEXTS.flatMap(({ source, text }) => liveChatMentions(text).map((m) => `${source}: ${m}`));
    expect(mentions).toEqual([]);
  });

  it('give the support hours of @esim/contract/support-hours only', () => {
    const allowed = new Set(Object.values(SUPPORT_HOURS).map(({ opens, closes }) => `${opens}–${closes}`));
    const others = TEXTS.flatMap(({ source, text }) =>
      timeRanges(text)
        .filter((r) => !allowed.has(r))
        .map((r) => `${source}: ${r}`),
    );
    expect(others).toEqual([]);
    // The storefront's texts interpolate them ({{teamHours}}), and the e-mails' and the chat
    // assistant's take them from the contract: none of them writes a time itself.
    const repeated = [
      ...TEXTS.filter(({ source, text }) => source.startsWith('locales/') && timeRanges(text).length > 0),
      ...[
        ...LANGUAGE_CODES.map((lang) => `apps/api/src/modules/email/locales/${lang}.ts`),
        'apps/api/src/modules/chat/engine/texts.ts',
      ].flatMap((file) => fileLines(file).filter(({ text }) => /\d{2}:\d{2}/.test(text))),
    ].map(({ source }) => source);
    expect(repeated).toEqual([]);
  });

  it('state no number of destinations of their own: the figure is the catalogue’s, interpolated', () => {
    const figures = TEXTS.flatMap(({ source, text }) => destinationFigures(text).map((n) => `${source}: ${n}`));
    expect(figures).toEqual([]);
  });
});
