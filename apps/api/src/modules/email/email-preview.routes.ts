import { LANGUAGES, isLanguage } from '@esim/contract/languages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { scriptFreeDocumentPolicy } from '../../lib/content-security.ts';
import { COLORS, FONT, escapeHtml, inlineImagesAsDataUris } from './email-html.ts';
import { EMAIL_TEMPLATES } from './email-templates.ts';
import type { RenderedEmail } from './email-layout.tsx';

const paramsSchema = z.object({ template: z.string().max(100), lang: z.string().max(20) });
const querySchema = z.object({
  /** `text` shows the plain-text part instead of the HTML. */
  format: z.enum(['html', 'text']).default('html'),
});

/**
 * The e-mail preview (`/email-preview`), rendered by the server because the messages are
 * server-side HTML:
 * - `GET /email-preview` -> 200 HTML index linking every template x language.
 * - `GET /email-preview/{template}/{lang}` -> 200 the message as HTML with its QR codes as `data:`
 *   URIs (no `cid:` parts exist outside a real e-mail); `?format=text` -> 200 the subject and the
 *   plain-text part. Unknown template or language -> 404 JSON `not_found`.
 *
 * Pages render only fixed sample data (no order, token or customer from the database), carry
 * `X-Robots-Tag: noindex` and a CSP stricter than the storefront's: no script at all, images only
 * as `data:` URIs (the QR codes), and only the page's own inline styles, pinned by hash (e-mail
 * HTML is styled inline; `scriptFreeDocumentPolicy`, decision record 0010). So they stay on in
 * production too: support and translators check the real templates on the live store. Links point
 * at `PUBLIC_URL`, never at a request header (decision record 0013).
 */
export const emailPreviewRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const hide = { hide: true } as const;
  /** Rendered samples by template and language (QR codes cost ~15 ms each); at most 100. */
  const cache = new Map<string, Promise<RenderedEmail>>();

  app.get('/email-preview', { schema: hide }, async (_request, reply) => {
    const rows = Object.entries(EMAIL_TEMPLATES)
      .map(([id, entry]) => {
        const links = LANGUAGES.map(
          (l) =>
            `<a href="/email-preview/${encodeURIComponent(id)}/${l.code}" hreflang="${l.code}" style="margin-right:12px;color:${COLORS.brand};">${escapeHtml(l.nativeName)}</a>` +
            `<a href="/email-preview/${encodeURIComponent(id)}/${l.code}?format=text" style="margin-right:20px;font-size:12px;color:${COLORS.muted};">(text)</a>`,
        ).join('');
        return `<tr><th scope="row" style="text-align:left;padding:12px 16px 12px 0;vertical-align:top;">${escapeHtml(entry.title)}<br><code style="font-weight:400;font-size:12px;color:${COLORS.muted};">${escapeHtml(id)}</code></th><td style="padding:12px 0;">${links}</td></tr>`;
      })
      .join('\n');
    const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>E-mail preview</title>
</head>
<body style="margin:0;padding:24px;font-family:${FONT};color:${COLORS.ink};background:${COLORS.page};">
<main style="max-width:720px;margin:0 auto;background:${COLORS.white};border:1px solid ${COLORS.border};border-radius:12px;padding:24px;">
<h1 style="margin:0 0 8px;font-size:24px;">E-mail preview</h1>
<p style="margin:0 0 16px;color:${COLORS.muted};">Every template in every language, rendered with sample data.</p>
<table style="border-collapse:collapse;width:100%;">
${rows}
</table>
</main>
</body>
</html>
`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', scriptFreeDocumentPolicy(html))
      .send(html);
  });

  app.get(
    '/email-preview/:template/:lang',
    {
      schema: { ...hide, params: paramsSchema, querystring: querySchema },
    },
    async (request, reply) => {
      const { template, lang } = request.params;
      const entry = Object.hasOwn(EMAIL_TEMPLATES, template) ? EMAIL_TEMPLATES[template] : undefined;
      if (!entry) throw new NotFoundError(`No e-mail template ${template}`, 'template');
      if (!isLanguage(lang)) throw new NotFoundError(`No e-mail language ${lang}`, 'lang');
      const base = config.publicUrl;
      const key = `${template}/${lang}`;
      let pending = cache.get(key);
      if (!pending) {
        if (cache.size >= 100) cache.clear();
        pending = entry.renderSample(lang, base);
        cache.set(key, pending);
        pending.catch(() => cache.delete(key));
      }
      const rendered = await pending;
      reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noindex');
      if (request.query.format === 'text')
        return reply.type('text/plain; charset=utf-8').send(`Subject: ${rendered.subject}\n\n${rendered.text}`);
      const html = inlineImagesAsDataUris(rendered.html, rendered.inlineImages);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', scriptFreeDocumentPolicy(html))
        .send(html);
    },
  );
};
