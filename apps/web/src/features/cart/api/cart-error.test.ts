import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/api-client.ts';
import { cartRequestError, failureReason } from './cart-error.ts';

describe('cartRequestError', () => {
  it('prefers the server message after the status', () => {
    const cause = new HttpError(
      400,
      '{"error":{"code":"validation_error","message":"quantity: too big"}}',
      'Bad Request',
    );
    const error = cartRequestError('Failed to update cart item', cause);
    expect(error.message).toBe('Failed to update cart item: 400: quantity: too big');
    expect(error.cause).toBe(cause);
  });

  it('falls back to the body, then the status text', () => {
    expect(cartRequestError('Failed to clear cart', new HttpError(502, 'upstream down', 'Bad Gateway')).message).toBe(
      'Failed to clear cart: 502: upstream down',
    );
    expect(cartRequestError('Failed to fetch cart', new HttpError(503, '', 'Service Unavailable')).message).toBe(
      'Failed to fetch cart: 503: Service Unavailable',
    );
  });

  it('keeps a network error as the reason', () => {
    expect(cartRequestError('Failed to add item to cart', new TypeError('Failed to fetch')).message).toBe(
      'Failed to add item to cart: Failed to fetch',
    );
  });
});

describe('failureReason', () => {
  it('is the server message or the status, and nothing for a network error', () => {
    const withMessage = cartRequestError(
      'x',
      new HttpError(404, '{"error":{"code":"not_found","message":"Gone"}}', ''),
    );
    expect(failureReason(withMessage)).toBe('Gone');
    expect(failureReason(cartRequestError('x', new HttpError(500, '', 'Internal Server Error')))).toBe('HTTP 500');
    expect(failureReason(cartRequestError('x', new TypeError('Failed to fetch')))).toBeUndefined();
  });
});
