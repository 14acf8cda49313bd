import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { type ReplyInline, parseReply } from '../reply-text.ts';

const LINK_CLASS = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** A link of a reply or a source: a store path through the router, an http(s) address in a new tab. */
export function ChatLink({
  href,
  external,
  children,
  onNavigate,
}: {
  href: string;
  external: boolean;
  children: string;
  /** Called when a store path is followed (the panel gives way on small screens). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('chat');
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
        {children}
        <span className="sr-only"> {t('newTab')}</span>
      </a>
    );
  }
  return (
    <Link href={href} className={LINK_CLASS} onClick={onNavigate}>
      {children}
    </Link>
  );
}

function Inlines({ inlines, onNavigate }: { inlines: ReplyInline[]; onNavigate?: () => void }) {
  return inlines.map((inline, i) => {
    if (inline.type === 'strong') return <strong key={i}>{inline.text}</strong>;
    if (inline.type === 'link')
      return (
        <ChatLink key={i} href={inline.href} external={inline.external} onNavigate={onNavigate}>
          {inline.text}
        </ChatLink>
      );
    return inline.text;
  });
}

/**
 * An assistant reply as paragraphs and bullet lists with bold runs and links (`reply-text.ts`),
 * rendered as elements, never as HTML.
 */
export function ReplyContent({ text, onNavigate }: { text: string; onNavigate?: () => void }) {
  return parseReply(text).map((block, i) =>
    block.type === 'paragraph' ? (
      <p key={i} className="whitespace-pre-line [&+*]:mt-2">
        <Inlines inlines={block.inlines} onNavigate={onNavigate} />
      </p>
    ) : (
      <ul key={i} className="list-disc space-y-1 ps-5 [&+*]:mt-2">
        {block.items.map((item, j) => (
          <li key={j}>
            <Inlines inlines={item} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    ),
  );
}
