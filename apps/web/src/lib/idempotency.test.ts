import { describe, expect, it } from 'vitest';
import { HttpError } from './api-client.ts';
import { attemptAfter, attemptFor, outcomeOf } from './idempotency.ts';

const keys = () => {
  let n = 0;
  return () => `key-${++n}-0000`;
};
const http = (status: number, code?: string) =>
  new HttpError(status, code ? JSON.stringify({ error: { code, message: 'x' } }) : '', 'Status');

describe('payment idempotency keys', () => {
  it('reuses the key and the card token after a network error when the form is unchanged', () => {
    const newKey = keys();
    const first = { ...attemptFor(null, 'form-a', newKey), token: 'tok_1' };
    const kept = attemptAfter(first, outcomeOf(new TypeError('Failed to fetch')));
    const retry = attemptFor(kept, 'form-a', newKey);
    expect(retry.key).toBe('key-1-0000');
    expect(retry.token).toBe('tok_1');
  });

  it('reuses the key after a 5xx, a time-out, a 429 or the server still working on the key', () => {
    for (const error of [http(500), http(502), http(503), http(408), http(429), http(409, 'idempotency_in_progress')]) {
      expect(outcomeOf(error)).toBe('unknown');
    }
  });

  it('makes a new key after a decline, a field error, an empty cart or a key conflict', () => {
    const newKey = keys();
    const first = attemptFor(null, 'form-a', newKey);
    const errors = [
      http(402, 'card_declined'),
      http(400, 'validation_error'),
      http(409, 'cart_empty'),
      http(409, 'products_unavailable'),
      http(422, 'idempotency_key_reused'),
    ];
    for (const error of errors) {
      expect(outcomeOf(error)).toBe('definitive');
      expect(attemptAfter(first, outcomeOf(error))).toBeNull();
    }
    expect(attemptFor(attemptAfter(first, 'definitive'), 'form-a', newKey).key).toBe('key-2-0000');
  });

  it('makes a new key, without the old token, when the form changed since the failed attempt', () => {
    const newKey = keys();
    const first = { ...attemptFor(null, 'form-a', newKey), token: 'tok_1' };
    const retry = attemptFor(attemptAfter(first, 'unknown'), 'form-b', newKey);
    expect(retry.key).toBe('key-2-0000');
    expect(retry.token).toBeUndefined();
  });

  it('a double click while the first attempt runs keeps the same key', () => {
    const newKey = keys();
    const first = attemptFor(null, 'form-a', newKey);
    expect(attemptFor(first, 'form-a', newKey).key).toBe(first.key);
  });
});
