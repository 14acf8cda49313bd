import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/api-client.ts';
import { actionFailureOf, loadFailureOf } from './portal-errors.ts';

const http = (status: number, code = 'x') =>
  new HttpError(status, JSON.stringify({ error: { code, message: 'm' } }), 'Status');

describe('loadFailureOf', () => {
  it('reads 401 of every token code as an access error', () => {
    for (const code of ['token_required', 'invalid_token', 'token_expired', 'token_revoked']) {
      expect(loadFailureOf(http(401, code))).toBe('access');
    }
  });

  it('tells rate limits and unknown eSIMs apart from other failures', () => {
    expect(loadFailureOf(http(429, 'rate_limited'))).toBe('rateLimited');
    expect(loadFailureOf(http(404, 'not_found'))).toBe('notFound');
    expect(loadFailureOf(http(500))).toBe('other');
    expect(loadFailureOf(new TypeError('Failed to fetch'))).toBe('other');
  });
});

describe('actionFailureOf', () => {
  it('is failed for an error answer and error without one', () => {
    expect(actionFailureOf(http(502, 'upstream_error'))).toBe('failed');
    expect(actionFailureOf(http(404, 'not_found'))).toBe('failed');
    expect(actionFailureOf(http(401, 'token_revoked'))).toBe('failed');
    expect(actionFailureOf(new TypeError('Failed to fetch'))).toBe('error');
  });
});
