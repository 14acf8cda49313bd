import { describe, expect, it } from 'vitest';
import {
  fieldMessageOf,
  formFieldOf,
  isAuthMessageKey,
  readableServerMessage,
  serverFieldError,
  translatedFailureOf,
} from './auth-errors.ts';

const REGISTER = ['username', 'email', 'password', 'confirmPassword', 'firstName', 'lastName'] as const;

describe('server errors of the account forms', () => {
  it('reads the key of a validation message', () => {
    expect(fieldMessageOf({ code: 'validation_error', message: 'password: passwordCommon' })).toBe('passwordCommon');
    expect(fieldMessageOf({ code: 'validation_error', message: 'email' })).toBe('email');
    expect(fieldMessageOf({ code: 'validation_error', message: 'firstName: invalidCharacters' })).toBe(
      'invalidCharacters',
    );
  });

  it('turns the API codes of a field into keys', () => {
    expect(fieldMessageOf({ code: 'username_taken', message: 'username: this username is taken.' })).toBe(
      'usernameTaken',
    );
    expect(fieldMessageOf({ code: 'email_taken', message: 'email: an account with this e-mail address exists.' })).toBe(
      'emailTaken',
    );
    expect(
      fieldMessageOf({
        code: 'invalid_current_password',
        message: 'currentPassword: the current password is not correct.',
      }),
    ).toBe('currentPasswordWrong');
    expect(fieldMessageOf({ code: 'invalid_code', message: 'code: the code is not valid.' })).toBe('invalidCode');
    // A replayed two-factor code has a message of its own, whatever the status (400 or 401).
    expect(fieldMessageOf({ code: 'code_already_used', message: 'code: this code was just used.' })).toBe(
      'codeAlreadyUsed',
    );
  });

  it("keeps the server's own text otherwise", () => {
    expect(fieldMessageOf({ code: 'validation_error', message: 'Something else went wrong' })).toBe(
      'Something else went wrong',
    );
    expect(fieldMessageOf({ code: 'validation_error', message: 'firstName: must not be empty' })).toBe(
      'Must not be empty',
    );
    expect(fieldMessageOf({})).toBe('required');
  });

  it('finds the field among the form fields', () => {
    expect(formFieldOf({ field: 'email' }, REGISTER)).toBe('email');
    expect(formFieldOf({ field: 'body.username' }, REGISTER)).toBe('username');
    expect(formFieldOf({ field: 'language' }, REGISTER)).toBeNull();
    expect(formFieldOf({}, REGISTER)).toBeNull();
    expect(formFieldOf(null, REGISTER)).toBeNull();
  });

  it('maps 400 and 409 answers with a field, and nothing else', () => {
    expect(
      serverFieldError(
        { status: 409, code: 'username_taken', message: 'Username is taken', field: 'username' },
        REGISTER,
      ),
    ).toEqual({ field: 'username', message: 'usernameTaken' });
    expect(
      serverFieldError(
        { status: 400, code: 'validation_error', message: 'password: passwordTooShort', field: 'password' },
        REGISTER,
      ),
    ).toEqual({ field: 'password', message: 'passwordTooShort' });
    expect(serverFieldError({ status: 401, code: 'invalid_credentials', field: 'password' }, REGISTER)).toBeNull();
    expect(serverFieldError({ status: 429, code: 'rate_limited' }, REGISTER)).toBeNull();
    expect(serverFieldError(null, REGISTER)).toBeNull();
  });

  it('reads a server message as a sentence, without its field', () => {
    expect(readableServerMessage('currentPassword: the current password is not correct.')).toBe(
      'The current password is not correct.',
    );
    expect(readableServerMessage('Invalid username or password')).toBe('Invalid username or password');
    expect(readableServerMessage('body.email: invalid')).toBe('Invalid');
  });

  it('translates the toast of a code just used, and keeps the server text of the others', () => {
    expect(translatedFailureOf('code_already_used')).toBe('codeAlreadyUsed');
    for (const code of ['invalid_code', 'two_factor_required', 'username_taken', undefined]) {
      expect(translatedFailureOf(code), String(code)).toBeUndefined();
    }
  });

  it('knows its translatable keys', () => {
    expect(isAuthMessageKey('passwordMismatch')).toBe(true);
    expect(isAuthMessageKey('invalidCode')).toBe(true);
    expect(isAuthMessageKey('codeAlreadyUsed')).toBe(true);
    expect(isAuthMessageKey('Username is taken')).toBe(false);
  });
});
