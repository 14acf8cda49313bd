/**
 * The little formatting an assistant reply may carry (the local engine writes plain sentences;
 * an AnythingLLM model may add Markdown): paragraphs, bullet lists, `**bold**` and
 * `[text](link)`. Read into plain data so the widget renders it as React elements, never as
 * HTML, and without a Markdown library in the storefront.
 */

/** A run of text inside a paragraph or list item. */
export type ReplyInline =
  | { type: 'text'; text: string }
  | { type: 'strong'; text: string }
  | { type: 'link'; text: string; href: string; external: boolean };

/** A paragraph (its lines kept) or a bullet list. */
export type ReplyBlock = { type: 'paragraph'; inlines: ReplyInline[] } | { type: 'list'; items: ReplyInline[][] };

const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;
const INLINE = /\*\*(.+?)\*\*|\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/**
 * Where a link may go: a path of this store (`/en/japan`, not `//host`) or an http(s) address;
 * anything else (`javascript:`, `data:`) is shown as text.
 */
export function safeHref(href: string): { href: string; external: boolean } | null {
  if (/^\/(?!\/)/.test(href)) return { href, external: false };
  if (/^https?:\/\/[^\s]+$/i.test(href)) return { href, external: true };
  return null;
}

/** Splits a line into text, bold and link runs. */
export function parseInline(line: string): ReplyInline[] {
  const out: ReplyInline[] = [];
  let last = 0;
  const push = (text: string) => {
    if (!text) return;
    const prev = out[out.length - 1];
    if (prev?.type === 'text') prev.text += text;
    else out.push({ type: 'text', text });
  };
  for (const m of line.matchAll(INLINE)) {
    push(line.slice(last, m.index));
    if (m[1] !== undefined) out.push({ type: 'strong', text: m[1] });
    else {
      const target = safeHref(m[3]!);
      if (target) out.push({ type: 'link', text: m[2]!, ...target });
      else push(m[2]!);
    }
    last = m.index + m[0].length;
  }
  push(line.slice(last));
  return out;
}

/** Reads a reply into paragraphs (split on blank lines, line breaks kept) and bullet lists. */
export function parseReply(text: string): ReplyBlock[] {
  const blocks: ReplyBlock[] = [];
  let paragraph: string[] = [];
  let list: ReplyInline[][] | null = null;
  const flushParagraph = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', inlines: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  const flushList = () => {
    if (list?.length) blocks.push({ type: 'list', items: list });
    list = null;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      flushParagraph();
      flushList();
    } else if (BULLET.test(line)) {
      flushParagraph();
      (list ??= []).push(parseInline(line.replace(BULLET, '')));
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return blocks;
}
