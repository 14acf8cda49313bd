import { type ComponentProps, type ReactNode, Suspense, lazy } from 'react';
import type { Components } from 'react-markdown';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** react-markdown in its own chunk, loaded when a preview is first shown (never in the storefront's bundle). */
const ReactMarkdown = lazy(() => import('react-markdown'));

type HeadingProps = ComponentProps<'h1'> & { node?: unknown };

/** A Markdown heading one level below the preview's own (the page has its `h1`, the editor its `h2`). */
function heading(level: 3 | 4 | 5 | 6) {
  const Tag = `h${level}` as const;
  const size = level === 3 ? 'text-xl' : level === 4 ? 'text-lg' : 'text-base';
  return function Heading({ node: _node, children, ...props }: HeadingProps) {
    return (
      <Tag className={`mt-5 mb-2 font-bold text-ink first:mt-0 ${size}`} {...props}>
        {children}
      </Tag>
    );
  };
}

const components: Components = {
  h1: heading(3),
  h2: heading(4),
  h3: heading(5),
  h4: heading(6),
  h5: heading(6),
  h6: heading(6),
  a: ({ node: _node, children, href, ...props }) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="font-medium text-brand-700 underline"
      {...props}
    >
      {children as ReactNode}
    </a>
  ),
  // Images are not loaded in the admin's preview (no third-party requests): their text shows.
  img: ({ alt }) => <span className="italic text-slate-600">[{alt || 'image'}]</span>,
};

/**
 * The article's Markdown as the chat widget's readers would see it: CommonMark without raw HTML (`skipHtml`; react-markdown never injects HTML), links opening in a new tab, images shown as their text. Headings start at `h3`.
 */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  const { t } = useTranslation('admin-knowledge');
  return (
    <Suspense fallback={<Spinner label={t('editor.previewLoading')} className="py-8" />}>
      <div className="max-w-none text-sm leading-6 break-words text-slate-800 [&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-700 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] [&_hr]:my-4 [&_li]:my-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_strong]:font-semibold [&_strong]:text-ink [&_table]:my-3 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-200 [&_th]:px-2 [&_th]:py-1 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6">
        <ReactMarkdown skipHtml components={components}>
          {markdown}
        </ReactMarkdown>
      </div>
    </Suspense>
  );
}
