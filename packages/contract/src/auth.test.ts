import { describe, expect, it } from 'vitest';
import {
  initialsOf,
  loginBodySchema,
  newPasswordSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  setupAdminBodySchema,
  updateUserBodySchema,
} from './auth.ts';

const registration = {
  username: 'ada_l',
  email: 'ada@example.com',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

describe('account shapes', () => {
  it('takes initials from first and last name, else the first two letters of the username, in capitals', () => {
    expect(initialsOf({ firstName: 'ada', lastName: 'lovelace', username: 'x1' })).toBe('AL');
    expect(initialsOf({ firstName: 'Çağla', lastName: 'öz', username: 'x1' })).toBe('ÇÖ');
    expect(initialsOf({ firstName: '', lastName: '', username: 'grace' })).toBe('GR');
  });

  it('counts password length in characters: 12 to 128 (OWASP ASVS V2.1.1, V2.1.2)', () => {
    expect(newPasswordSchema.safeParse('a'.repeat(11)).error?.issues[0]?.message).toBe('passwordTooShort');
    expect(newPasswordSchema.safeParse('😀'.repeat(12)).success).toBe(true);
    expect(newPasswordSchema.safeParse('a'.repeat(129)).error?.issues[0]?.message).toBe('passwordTooLong');
  });

  it('refuses a registration whose passwords differ, naming confirmPassword', () => {
    const issue = registerBodySchema.safeParse({ ...registration, confirmPassword: 'x' }).error?.issues[0];
    expect(issue).toMatchObject({ message: 'passwordMismatch', path: ['confirmPassword'] });
    expect(registerBodySchema.safeParse(registration).success).toBe(true);
  });

  it('refuses usernames with spaces or control characters, and an empty profile change', () => {
    expect(registerBodySchema.safeParse({ ...registration, username: 'ada l' }).success).toBe(false);
    expect(loginBodySchema.safeParse({ username: 'ada\u0000', password: 'x' }).success).toBe(false);
    expect(updateUserBodySchema.safeParse({}).success).toBe(false);
  });

  it('takes the registration fields plus the one-time token to set up the first admin', () => {
    const token = 'k3Yq9Zb_Xw-7Lr2PmT8vN1cH5sJ0dF4gA6eR9uW2xQy';
    expect(setupAdminBodySchema.parse({ ...registration, token })).toEqual({ ...registration, token });
    expect(setupAdminBodySchema.safeParse(registration).error?.issues[0]).toMatchObject({ path: ['token'] });
    expect(setupAdminBodySchema.safeParse({ ...registration, token: '' }).error?.issues[0]?.message).toBe('required');
    expect(
      setupAdminBodySchema.safeParse({ ...registration, token, confirmPassword: 'x' }).error?.issues[0],
    ).toMatchObject({
      message: 'passwordMismatch',
      path: ['confirmPassword'],
    });
    expect(
      setupAdminBodySchema.safeParse({ ...registration, token, password: 'short', confirmPassword: 'short' }).error
        ?.issues[0]?.message,
    ).toBe('passwordTooShort');
  });

  it('refuses a reset whose passwords differ or whose token is missing or over-long', () => {
    const body = { token: 'abc', password: 'correct horse battery', confirmPassword: 'correct horse battery' };
    expect(resetPasswordBodySchema.safeParse(body).success).toBe(true);
    expect(resetPasswordBodySchema.safeParse({ ...body, confirmPassword: 'x' }).error?.issues[0]).toMatchObject({
      message: 'passwordMismatch',
      path: ['confirmPassword'],
    });
    expect(resetPasswordBodySchema.safeParse({ ...body, token: '' }).error?.issues[0]?.message).toBe('required');
    expect(resetPasswordBodySchema.safeParse({ ...body, token: 'a'.repeat(201) }).error?.issues[0]?.message).toBe(
      'tooLong',
    );
  });
});
