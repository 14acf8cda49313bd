import { describe, expect, it } from 'vitest';
import { HttpError } from './api-client.ts';
import { readApiError } from './api-error.ts';
import { fieldMessageOf } from './form-errors.ts';

describe('readApiError', () => {
  it('reads status, code, message and field of the store error body', () => {
    const error = new HttpError(
      400,
      JSON.stringify({ error: { code: 'validation_error', message: 'm', field: 'productId' } }),
      'Bad Request',
    );
    expect(readApiError(error)).toEqual({ status: 400, code: 'validation_error', message: 'm', field: 'productId' });
  });

  it('keeps the status of a body that is not JSON and gives null for network errors', () => {
    expect(readApiError(new HttpError(502, '<html>', 'Bad Gateway'))).toEqual({ status: 502 });
    expect(readApiError(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('fieldMessageOf', () => {
  it('prefers a translatable key, then a provider code, then the server message', () => {
    expect(fieldMessageOf({ message: 'customer.email: email' })).toBe('email');
    expect(fieldMessageOf({ message: 'required' })).toBe('required');
    expect(fieldMessageOf({ code: 'incorrect_cvc', message: "Your card's security code is incorrect." })).toBe('cvc');
    expect(fieldMessageOf({ code: 'odd', message: 'Something specific.' })).toBe('Something specific.');
  });
});
