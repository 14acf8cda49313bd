import { describe, expect, it } from 'vitest';
import { FIXTURE_DESTINATIONS } from './__fixtures__/fixtures.ts';
import { foldedTokens } from './fold.ts';
import { Gazetteer } from './gazetteer.ts';

const gazetteer = Gazetteer.build(FIXTURE_DESTINATIONS);
const codes = (message: string, includeWeak = true) =>
  gazetteer.find(foldedTokens(message), includeWeak).map((m) => m.code);

describe('Gazetteer', () => {
  it.each([
    ['cheapest plan for Japan', 'JP'],
    ['Japonya için en ucuz paket', 'JP'],
    ['plan más barato para Japón', 'JP'],
    ['forfait pour le Japon', 'JP'],
    ['Tarif für Japan', 'JP'],
    ['Türkei eSIM', 'TR'],
    ['Turquía', 'TR'],
    ['Türkiye paketleri', 'TR'],
  ])('finds the country in "%s"', (message, code) => {
    expect(codes(message)).toEqual([code]);
  });

  it('accepts Turkish case endings, with or without an apostrophe', () => {
    expect(codes("Japonya'da internet")).toEqual(['JP']);
    expect(codes('Japonyada internet')).toEqual(['JP']);
    expect(codes("Japonya'ya gidiyorum")).toEqual(['JP']);
    expect(codes('Japonyaya gidiyorum')).toEqual(['JP']);
    expect(codes('Türkiyeden')).toEqual(['TR']);
  });

  it('does not take a longer word for a name', () => {
    expect(codes('japonyalilarin kulturu')).toEqual([]);
    expect(codes('asian food')).toEqual([]);
  });

  it('finds regions in every language and prefers the longest name', () => {
    expect(codes('Avrupa için paket')).toEqual(['Europe+']);
    expect(codes('Europa plan')).toEqual(['Europe+']);
    expect(codes('plans for Asia')).toEqual(['Asia']);
    expect(codes('Asien Tarif')).toEqual(['Asia']);
  });

  it('finds a country without plans of its own through ICU names (extra codes)', () => {
    expect(codes('Is Switzerland covered?')).toEqual(['CH']);
    expect(codes('İsviçre')).toEqual(['CH']);
  });

  it('keeps weak names (Global, words that are also common words) for when the message asks about plans', () => {
    expect(codes('is turkey cooked well', false)).toEqual([]);
    expect(codes('global plan price', false)).toEqual([]);
    expect(codes('global plan price', true)).toEqual(['Global']);
  });

  it('finds several destinations in order', () => {
    expect(codes('Japan and Turkey')).toEqual(['JP', 'TR']);
    expect(codes('does the Europe plan cover Switzerland')).toEqual(['Europe+', 'CH']);
  });
});
