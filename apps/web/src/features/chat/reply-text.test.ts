import { describe, expect, it } from 'vitest';
import { parseInline, parseReply, safeHref } from './reply-text.ts';

describe('parseReply', () => {
  it('keeps plain text as one paragraph with its line breaks', () => {
    expect(parseReply('Yes.\nHotspot works on all plans.')).toEqual([
      { type: 'paragraph', inlines: [{ type: 'text', text: 'Yes.\nHotspot works on all plans.' }] },
    ]);
  });

  it('splits paragraphs on blank lines and reads bullet lists', () => {
    expect(parseReply('Options:\n\n- **Japan 3 GB** $4.50\n- [Japan plans](/en/japan)\n\nDone')).toEqual([
      { type: 'paragraph', inlines: [{ type: 'text', text: 'Options:' }] },
      {
        type: 'list',
        items: [
          [
            { type: 'strong', text: 'Japan 3 GB' },
            { type: 'text', text: ' $4.50' },
          ],
          [{ type: 'link', text: 'Japan plans', href: '/en/japan', external: false }],
        ],
      },
      { type: 'paragraph', inlines: [{ type: 'text', text: 'Done' }] },
    ]);
  });

  it('returns nothing for blank text', () => {
    expect(parseReply('  \n ')).toEqual([]);
  });
});

describe('links', () => {
  it('allows store paths and http(s) addresses only', () => {
    expect(safeHref('/en/japan')).toEqual({ href: '/en/japan', external: false });
    expect(safeHref('https://example.com/a')).toEqual({ href: 'https://example.com/a', external: true });
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('javascript:alert(1)')).toBeNull();
  });

  it('shows an unsafe link as its text', () => {
    expect(parseInline('see [this](javascript:void0) now')).toEqual([{ type: 'text', text: 'see this now' }]);
  });
});
