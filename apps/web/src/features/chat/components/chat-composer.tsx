import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { COUNTER_FROM_LENGTH, MESSAGE_MAX_LENGTH } from '../chat-limits.ts';

/**
 * The message input and send button: a labelled text area
 * (`maxlength` 2,000, a counter from 1,800 characters), Enter sends and Shift+Enter starts a
 * new line; blank or whitespace-only text cannot be sent (the button is disabled); both are
 * disabled while a request is pending; the text is cleared when the reply arrived and kept when
 * it failed. The focus comes back to the input after a reply if it was there when sending.
 */
export function ChatComposer({
  pending,
  active,
  onSend,
  inputRef,
}: {
  pending: boolean;
  /** The panel is open (not closed or minimised): only then does the input take the focus back. */
  active: boolean;
  /** Sends the text; resolves to true when the reply arrived. */
  onSend: (text: string) => Promise<boolean>;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const refocus = useRef(false);
  const inputId = useId();
  const counterId = useId();
  const blank = text.trim() === '';
  const showCounter = text.length >= COUNTER_FROM_LENGTH;

  useEffect(() => {
    if (pending || !refocus.current) return;
    refocus.current = false;
    if (active) inputRef.current?.focus();
  }, [pending, active, inputRef]);

  const submit = async () => {
    if (blank || pending) return;
    refocus.current = document.activeElement === inputRef.current;
    if (await onSend(text)) setText('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={onSubmit} className="shrink-0 border-t border-slate-200 bg-white p-3">
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('inputLabel')}
        </label>
        <textarea
          ref={inputRef}
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={pending}
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t('placeholder')}
          aria-describedby={showCounter ? counterId : undefined}
          enterKeyHint="send"
          className="field-sizing-content max-h-32 min-h-11 min-w-0 flex-1 resize-none rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-ink placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100 sm:text-sm"
        />
        <button
          type="submit"
          disabled={blank || pending}
          aria-label={t('send')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white shadow-sm transition-colors hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
      </div>
      {showCounter && (
        <p
          id={counterId}
          className={cn(
            'mt-1 text-right text-xs',
            text.length >= MESSAGE_MAX_LENGTH ? 'font-semibold text-red-700' : 'text-slate-600',
          )}
        >
          {t('counter', { length: text.length, max: MESSAGE_MAX_LENGTH })}
        </p>
      )}
    </form>
  );
}
