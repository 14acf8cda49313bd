import { z } from 'zod';
import { INVALID_CHARACTERS } from './checkout-errors.ts';

/**
 * Text rules for every free-text field a person fills in (names, address lines, search text,
 * messages): the characters people type are allowed, in any script, with emoji, combining marks,
 * joiners and tabs; control characters that no keyboard produces are refused.
 *
 * Sources: OWASP ASVS 4.0.3 V5.1.4 ("structured data is strongly typed and validated against a
 * defined schema including allowed characters") and the XML 1.0 (Fifth Edition) `Char`
 * production with its section 2.2 advice to avoid DEL and C1 controls. Refused everywhere:
 * - C0 controls U+0000-U+001F except TAB, LF and CR (NUL is the one PostgreSQL cannot store);
 * - DEL U+007F and the C1 controls U+0080-U+009F (including NEL U+0085);
 * - the noncharacters U+FFFE and U+FFFF (outside XML `Char`);
 * - lone surrogates U+D800-U+DFFF: a JavaScript string can hold half of a UTF-16 pair, but such
 *   text has no UTF-8 form (Unicode 15, D91-D92), so PostgreSQL and e-mail cannot carry it.
 *
 * Single-line fields (names, address lines, search) also refuse line breaks: LF, CR, and the
 * LINE and PARAGRAPH SEPARATORs U+2028 and U+2029 (Unicode UAX #14 mandatory breaks). Multi-line
 * fields (messages) keep LF and CR.
 */

/** The key of a refused character (`checkout:errors.invalidCharacters`, `payment:errors.invalidCharacters`); the API returns `<field>: invalidCharacters`. */
export { INVALID_CHARACTERS };

/**
 * Text of one line: no C0 control but TAB, no DEL or C1 control, no U+2028/U+2029, no U+FFFE/U+FFFF,
 * no lone surrogate. The `u` flag makes a well-formed surrogate pair one character (allowed) and
 * a lone surrogate a `\p{Cs}` code point (refused).
 */
// eslint-disable-next-line no-control-regex -- naming the control characters to refuse is the point
export const SINGLE_LINE_TEXT_PATTERN = /^[^\0-\x08\x0A-\x1F\x7F-\x9F\u2028\u2029\uFFFE\uFFFF\p{Cs}]*$/u;

/** Text of several lines: as {@link SINGLE_LINE_TEXT_PATTERN}, but LF, CR, U+2028 and U+2029 are allowed. */
// eslint-disable-next-line no-control-regex -- as above
export const MULTI_LINE_TEXT_PATTERN = /^[^\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF\p{Cs}]*$/u;

/** Whether `value` holds only characters a single-line field accepts (see the module's rules). */
export function isSingleLineText(value: string): boolean {
  return SINGLE_LINE_TEXT_PATTERN.test(value);
}

/** Whether `value` holds only characters a multi-line field accepts (see the module's rules). */
export function isMultiLineText(value: string): boolean {
  return MULTI_LINE_TEXT_PATTERN.test(value);
}

/** Options of the text builders. */
export interface TextOptions {
  /** Remove leading and trailing white space first (default true), so that `'  '` is empty. */
  trim?: boolean;
}

function text(pattern: RegExp, { trim = true }: TextOptions): z.ZodString {
  const base = trim ? z.string().trim() : z.string();
  return base.regex(pattern, INVALID_CHARACTERS);
}

/**
 * A zod string for a single-line free-text field (name, address line, search text): trimmed,
 * refusing control characters, line breaks and lone surrogates with the message
 * {@link INVALID_CHARACTERS}. Chain length rules after it, e.g.
 * `singleLineText().min(1, 'required').max(120, 'tooLong')`.
 */
export function singleLineText(options: TextOptions = {}): z.ZodString {
  return text(SINGLE_LINE_TEXT_PATTERN, options);
}

/**
 * A zod string for a multi-line free-text field (a message): as {@link singleLineText}, but line
 * breaks (LF, CR, U+2028, U+2029) are allowed.
 */
export function multiLineText(options: TextOptions = {}): z.ZodString {
  return text(MULTI_LINE_TEXT_PATTERN, options);
}
