import { AUTH_ERROR_KEYS } from '@esim/contract/auth';
import type { ApiErrorInfo } from '../../../lib/api-error.ts';

/**
 * How the account forms read the API's refusals (`{ error: { code, message, field? } }`):
 * which field an error belongs to, and the message to show there, as a translation key of
 * `auth:errors.*` when the server gave one (`password: passwordCommon`) or its own text otherwise.
 */

/** Messages the storefront translates: the contract's validation keys and the API's codes of the account calls. */
export const AUTH_MESSAGE_KEYS = [
  ...AUTH_ERROR_KEYS,
  'usernameTaken',
  'emailTaken',
  'invalidCredentials',
  'invalidCode',
  'codeAlreadyUsed',
  'currentPasswordWrong',
] as const;
export type AuthMessageKey = (typeof AUTH_MESSAGE_KEYS)[number];

/** Whether `message` is a key of `auth:errors.*` rather than text to show as it is. */
export function isAuthMessageKey(message: string): message is AuthMessageKey {
  return (AUTH_MESSAGE_KEYS as readonly string[]).includes(message);
}

/** API codes with a field-level meaning of their own. */
const CODE_MESSAGES: Readonly<Record<string, AuthMessageKey>> = {
  username_taken: 'usernameTaken',
  email_taken: 'emailTaken',
  invalid_current_password: 'currentPasswordWrong',
  invalid_code: 'invalidCode',
  code_already_used: 'codeAlreadyUsed',
};

/**
 * The key of `auth:errors.*` for an API code whose own message the visitor must read in their
 * language, in the failure toast too: `code_already_used` (the two-factor code was just used;
 * wait for the next one), which the generic "not valid" would misstate. Other codes keep the
 * server's text in the toast.
 */
export function translatedFailureOf(code: string | undefined): AuthMessageKey | undefined {
  return code === 'code_already_used' ? CODE_MESSAGES[code] : undefined;
}

/**
 * The server's message as a sentence to show: without the `<field>: ` it starts with
 * (`currentPassword: the current password is not correct.`), first letter in capitals.
 */
export function readableServerMessage(message: string): string {
  const text = message.trim().replace(/^[\w.]+: /, '');
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * The message for a field error: the key of the code (`username_taken`, `invalid_code`), the key
 * after the last `: ` of the server's message (`password: passwordCommon`), or else the server's
 * text as a sentence.
 */
export function fieldMessageOf(info: Pick<ApiErrorInfo, 'code' | 'message'>): string {
  if (info.code && CODE_MESSAGES[info.code]) return CODE_MESSAGES[info.code]!;
  const message = info.message?.trim() ?? '';
  const key = message.includes(': ') ? message.slice(message.lastIndexOf(': ') + 2) : message;
  if (isAuthMessageKey(key)) return key;
  return message ? readableServerMessage(message) : 'required';
}

/**
 * The form field a server error names, when it is one of `fields` (`body.email` and `email`
 * both name `email`); `null` when it names none of them.
 */
export function formFieldOf<F extends string>(
  info: Pick<ApiErrorInfo, 'field'> | null,
  fields: readonly F[],
): F | null {
  if (!info?.field) return null;
  const name = info.field.slice(info.field.lastIndexOf('.') + 1);
  return (fields as readonly string[]).includes(name) ? (name as F) : null;
}

/** A server error shown next to a field of the form. */
export interface ServerFieldError<F extends string> {
  field: F;
  message: string;
}

/** The field error of a 400 or 409 answer naming one of `fields`, or `null`. */
export function serverFieldError<F extends string>(
  info: ApiErrorInfo | null,
  fields: readonly F[],
): ServerFieldError<F> | null {
  if (!info || (info.status !== 400 && info.status !== 409 && info.status !== 422)) return null;
  const field = formFieldOf(info, fields);
  return field ? { field, message: fieldMessageOf(info) } : null;
}
