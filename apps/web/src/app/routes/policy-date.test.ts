import { LANGUAGE_CODES } from '@esim/contract/languages';
import { describe, expect, it } from 'vitest';
import { POLICY_UPDATED_ISO, POLICY_UPDATED_TEXT } from './policy-date.ts';

describe('the policies’ date', () => {
  it.each(LANGUAGE_CODES)('is written in %s as Intl.DateTimeFormat writes a long date', (lang) => {
    const format = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
    expect(POLICY_UPDATED_TEXT[lang]).toBe(format.format(new Date(`${POLICY_UPDATED_ISO}T00:00:00Z`)));
  });
});
