/**
 * The widget's limits. The message length is the contract's `CHAT_MESSAGE_MAX_LENGTH` (1 to
 * 2,000 characters after trimming, `docs/product-rules.md#chat-assistant-and-knowledge-base`), repeated here so that the storefront's chat code does
 * not pull zod in with `@esim/contract/chat`; `chat-limits.test.ts` keeps the two equal.
 */

/** Longest message, characters (the input's `maxlength`). */
export const MESSAGE_MAX_LENGTH = 2000;

/** From this length on, the input shows how many characters it holds out of {@link MESSAGE_MAX_LENGTH}. */
export const COUNTER_FROM_LENGTH = 1800;

/**
 * The message list scrolls to the newest message at once and again after these delays, for
 * late layout (sources and markdown settle after the first frame), ms.
 */
export const SCROLL_DELAYS_MS = [100, 500] as const;
