import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, apiFetch, parseRetryAfter } from './api-client.ts';
import { readApiError } from './api-error.ts';

describe('parseRetryAfter', () => {
  const now = Date.UTC(2030, 0, 1, 12, 0, 0);

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('600', now)).toBe(600);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the seconds until it, never below 0', () => {
    expect(parseRetryAfter('Tue, 01 Jan 2030 12:10:00 GMT', now)).toBe(600);
    expect(parseRetryAfter('Tue, 01 Jan 2030 11:00:00 GMT', now)).toBe(0);
  });

  it('gives undefined when absent or unreadable', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});

describe('apiFetch errors', () => {
  afterEach(() => vi.unstubAllGlobals());

  const respond = (status: number, body: string, headers: Record<string, string> = {}) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status, headers })),
    );

  it("carries a 429's Retry-After (seconds) with its error body", async () => {
    respond(429, JSON.stringify({ error: { code: 'rate_limited', message: 'Too many payment attempts.' } }), {
      'content-type': 'application/json',
      'retry-after': '3540',
    });
    const error = await apiFetch('/api/checkout', { method: 'POST', json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).retryAfterS).toBe(3_540);
    expect(readApiError(error)).toEqual({
      status: 429,
      code: 'rate_limited',
      message: 'Too many payment attempts.',
      retryAfterS: 3_540,
    });
  });

  it('has no Retry-After when the answer had none', async () => {
    respond(402, JSON.stringify({ error: { code: 'card_declined', message: 'Your card was declined.' } }));
    const error = await apiFetch('/api/checkout', { method: 'POST', json: {} }).catch((e: unknown) => e);
    expect((error as HttpError).retryAfterS).toBeUndefined();
    expect(readApiError(error)).toEqual({ status: 402, code: 'card_declined', message: 'Your card was declined.' });
  });
});
