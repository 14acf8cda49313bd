import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDocumentLanguage } from './document-language.ts';

/** A `document` whose root element holds `attributes` and records every write. */
function documentWith(attributes: Record<string, string>) {
  const root = {
    getAttribute: (name: string) => attributes[name] ?? null,
    setAttribute: vi.fn((name: string, value: string) => void (attributes[name] = value)),
  };
  vi.stubGlobal('document', { documentElement: root });
  return { root, attributes };
}

afterEach(() => vi.unstubAllGlobals());

describe('setDocumentLanguage', () => {
  it('writes nothing when the server already said the language and the direction', () => {
    const { root } = documentWith({ lang: 'tr', dir: 'ltr' });
    setDocumentLanguage('tr');
    expect(root.setAttribute).not.toHaveBeenCalled();
  });

  it('writes only what differs', () => {
    const { root, attributes } = documentWith({ lang: 'en' });
    setDocumentLanguage('de');
    expect(attributes).toEqual({ lang: 'de', dir: 'ltr' });
    expect(root.setAttribute).toHaveBeenCalledTimes(2);
    setDocumentLanguage('de');
    expect(root.setAttribute).toHaveBeenCalledTimes(2);
  });
});
