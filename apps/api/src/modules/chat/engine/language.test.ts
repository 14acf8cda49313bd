import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language.ts';

describe('detectLanguage', () => {
  it.each([
    ['Wann beginnt mein Tarif?', 'en', 'de'],
    ['remboursement ?', 'en', 'fr'],
    ['Can I get a refund?', 'de', 'en'],
    ['paket ne zaman başlar', 'en', 'tr'],
    ['iade', 'en', 'tr'],
    ['reembolso', 'en', 'es'],
    ['Rückerstattung', 'en', 'de'],
    ['¿Puedo usar hotspot?', 'en', 'es'],
    ['Est-ce que mon iPhone 12 est compatible ?', 'en', 'fr'],
    ['Is my Pixel 6 compatible?', 'de', 'en'],
    ['cheapest plan for Japan', 'tr', 'en'],
    ['en ucuz japonya', 'en', 'tr'],
    ['Kann ich mein eSIM teilen?', 'en', 'de'],
    ['como instalo la esim', 'en', 'es'],
    ['nasıl kurarım', 'en', 'tr'],
    ['kein internet', 'en', 'de'],
    ['my esim doesnt work', 'tr', 'en'],
    ['eSIM iadesi nasıl alınır?', 'de', 'tr'],
  ] as const)('%s (page %s) -> %s', (message, page, expected) => {
    expect(detectLanguage(message, page)).toBe(expected);
  });

  it.each([
    ['hotspot?', 'fr'],
    ['Pixel 6?', 'es'],
    ['Japan', 'de'],
    ['unlimited', 'tr'],
    ['eSIM', 'en'],
  ] as const)('keeps the page language for "%s" (too short or international to tell)', (message, page) => {
    expect(detectLanguage(message, page)).toBe(page);
  });

  it('keeps the page language on a close call', () => {
    // "recharge" is English and French alike.
    expect(detectLanguage('recharge', 'fr')).toBe('fr');
    expect(detectLanguage('recharge', 'en')).toBe('en');
  });
});
