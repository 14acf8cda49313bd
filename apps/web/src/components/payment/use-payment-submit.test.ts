import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/api-client.ts';
import type { ApiErrorInfo } from '../../lib/api-error.ts';
import { CardEntryError } from '../../lib/card-payment.ts';
import { readPaymentFailure } from './use-payment-submit.ts';

const answer = (status: number, error: Record<string, unknown> = {}, retryAfterS?: number) =>
  new HttpError(status, JSON.stringify({ error: { code: 'x', message: 'm', ...error } }), 'x', retryAfterS);
const bodyFieldOf = (field: string) => (field === 'productId' ? field : null);
const read = (error: unknown, stage: 'token' | 'place' | 'confirm' = 'place') =>
  readPaymentFailure(error, stage, bodyFieldOf);

describe('readPaymentFailure: the shared reasons', () => {
  it("explains the provider's card form and no answer", () => {
    expect(read(new CardEntryError('Your card was declined.', 'declined'), 'token')).toEqual({
      failure: { kind: 'declined', message: 'Your card was declined.' },
    });
    expect(read(new CardEntryError('Incomplete number.', 'invalid'), 'token')).toEqual({
      failure: { kind: 'card', message: 'Incomplete number.' },
    });
    expect(read(new TypeError('Failed to fetch'))).toEqual({ failure: { kind: 'network' } });
  });

  it('reads 429 with its wait, a 402 decline, and a 409 while confirming 3-D Secure', () => {
    expect(read(answer(429, { code: 'rate_limited' }, 600))).toEqual({
      failure: { kind: 'rateLimited', retryAfterS: 600 },
    });
    expect(read(answer(402, { code: 'card_declined', message: 'Your card was declined.' }), 'confirm')).toEqual({
      failure: { kind: 'declined', message: 'Your card was declined.' },
    });
    expect(read(answer(409, { code: 'payment_requires_action' }), 'confirm')).toEqual({
      failure: { kind: 'actionIncomplete' },
    });
  });

  it('puts a field error next to its field: card fields of the tokenisation, body paths of the form', () => {
    expect(read(answer(400, { code: 'incorrect_cvc', message: 'Bad CVC', field: 'cvv' }), 'token')).toEqual({
      failure: { kind: 'fields' },
      fieldError: { path: 'card.cvv', message: 'cvc' },
    });
    expect(read(answer(400, { message: 'productId: required', field: 'productId' }))).toEqual({
      failure: { kind: 'fields' },
      fieldError: { path: 'productId', message: 'required' },
    });
    expect(read(answer(400, { message: 'Bad request', field: 'payment.token' }))).toEqual({
      failure: { kind: 'generic', message: 'Bad request' },
    });
    expect(read(answer(422, { code: 'idempotency_key_reused' }))).toEqual({ failure: { kind: 'conflict' } });
  });

  it('retries the same attempt after an unknown outcome (server), and is generic otherwise', () => {
    expect(read(answer(503, { code: 'upstream_error' }))).toEqual({ failure: { kind: 'server' } });
    expect(read(answer(409, { code: 'idempotency_in_progress' }))).toEqual({ failure: { kind: 'server' } });
    expect(read(answer(404, { code: 'not_found', message: 'Not found' }))).toEqual({
      failure: { kind: 'generic', message: 'Not found' },
    });
  });
});

describe("readPaymentFailure: the form's own reasons", () => {
  const failureOf = (info: ApiErrorInfo) => {
    if (info.code === 'cart_checked_out') return 'handled' as const;
    if (info.status === 401) return { kind: 'access' as const };
    return undefined;
  };
  const own = (error: unknown, stage: 'token' | 'place' | 'confirm' = 'place') =>
    readPaymentFailure(error, stage, bodyFieldOf, failureOf);

  it('come after the shared ones, and a handled refusal shows nothing', () => {
    expect(own(answer(401, { code: 'invalid_token' }))).toEqual({ failure: { kind: 'access' } });
    expect(own(answer(409, { code: 'cart_checked_out' }))).toEqual({ failure: null });
    expect(own(answer(409, { code: 'cart_checked_out' }), 'confirm')).toEqual({
      failure: { kind: 'actionIncomplete' },
    });
    expect(own(answer(402, { message: 'Declined' }))).toEqual({ failure: { kind: 'declined', message: 'Declined' } });
    expect(own(answer(409, { code: 'other' }))).toEqual({ failure: { kind: 'generic', message: 'm' } });
  });
});
