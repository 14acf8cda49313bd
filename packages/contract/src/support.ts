import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { LANGUAGE_CODES } from './languages.ts';
import { multiLineText, singleLineText } from './text.ts';

/**
 * The support page's contact form (specification section 2 "Support page", section 8 toasts;
 * issue 11): `POST /api/support/messages`. Length limits match the form's fields.
 */

export const SUPPORT_NAME_MAX_LENGTH = 100;
export const SUPPORT_SUBJECT_MAX_LENGTH = 150;
export const SUPPORT_MESSAGE_MIN_LENGTH = 10;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

/**
 * The contact form: name, e-mail, subject, message; `website` is the hidden honeypot field a
 * person leaves empty (a filled one is accepted and silently dropped); `language` is the page's.
 */
export const supportMessageRequestSchema = z.object({
  name: singleLineText().min(1, 'required').max(SUPPORT_NAME_MAX_LENGTH, 'tooLong'),
  email: emailSchema,
  subject: singleLineText().min(1, 'required').max(SUPPORT_SUBJECT_MAX_LENGTH, 'tooLong'),
  message: multiLineText().min(SUPPORT_MESSAGE_MIN_LENGTH, 'tooShort').max(SUPPORT_MESSAGE_MAX_LENGTH, 'tooLong'),
  website: z.string().max(500).optional(),
  language: z.enum(LANGUAGE_CODES).optional(),
});
export type SupportMessageRequest = z.input<typeof supportMessageRequestSchema>;

/** `POST /api/support/messages` reply: 202 with the message's reference. */
export const supportMessageResponseSchema = z.object({ status: z.literal('received'), reference: z.string() });
export type SupportMessageResponse = z.infer<typeof supportMessageResponseSchema>;
