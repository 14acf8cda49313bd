/**
 * When the people of the store's support answer: the one source of the hours that the
 * storefront, the e-mails and the chat assistant state, beside the contact details
 * (`contact.ts`). Days are Monday to Friday (the texts name them in each language); times are
 * 24-hour clock times in {@link SUPPORT_TIME_ZONE}.
 *
 * No person is there around the clock: only the chat assistant (it answers from the knowledge
 * base at any hour) and the intake of e-mails and contact-form messages are, so "24/7" is said
 * of those alone (`apps/api/test/storefront-copy.test.ts` keeps it so).
 */

/** The time zone of every span of {@link SUPPORT_HOURS}. */
export const SUPPORT_TIME_ZONE = 'GMT';

/** A daily span: opening and closing time, `HH:MM`. */
export interface SupportSpan {
  opens: string;
  closes: string;
}

/** The human support hours, Monday to Friday. */
export const SUPPORT_HOURS = {
  /** The support team: replies to e-mails and contact-form messages, and on WhatsApp. */
  team: { opens: '09:00', closes: '18:00' },
  /** The phone line. */
  phone: { opens: '09:00', closes: '17:00' },
} as const satisfies Record<string, SupportSpan>;

/** A span as every text writes it: `09:00–18:00 GMT` (an en dash, the zone after). */
export function supportSpanText(span: SupportSpan): string {
  return `${span.opens}–${span.closes} ${SUPPORT_TIME_ZONE}`;
}

/**
 * The hours as the texts interpolate them: `teamHours` (`09:00–18:00 GMT`) and `phoneHours`
 * (`09:00–17:00 GMT`), as i18next's `{{teamHours}}` in the storefront and `{teamHours}` in the
 * e-mails.
 */
export const SUPPORT_HOURS_TEXT = {
  teamHours: supportSpanText(SUPPORT_HOURS.team),
  phoneHours: supportSpanText(SUPPORT_HOURS.phone),
} as const;
