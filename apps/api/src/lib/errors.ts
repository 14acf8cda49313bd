/**
 * Typed domain errors. Services throw these; the one error handler (`plugins/error-handler.ts`)
 * maps them to HTTP status codes and the `{ error: { code, message, field? } }` body.
 */
export class AppError extends Error {
  /** The order an error is about, sent as `error.orderNumber` (contract `apiErrorSchema`). */
  orderNumber?: string;

  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 404: the thing asked for does not exist or is not visible to the caller; `field` names the input that pointed at it. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found', field?: string) {
    super(message, 404, 'not_found', field);
  }
}

/**
 * 401: the request lacks a credential that opens the resource, or brings one that does not
 * (unknown, expired, revoked); `code` says which (e.g. `token_required`, `invalid_token`).
 */
export class UnauthorizedError extends AppError {
  constructor(message: string, code = 'unauthorized') {
    super(message, 401, code);
  }
}

/** 429: the client sent too many requests; it may retry after the `Retry-After` header's seconds. */
export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(message, 429, 'rate_limited');
  }
}

/**
 * 400: the input is malformed or refused; `field` names the offending input; `code` says why when
 * a client acts on it (default `validation_error`; e.g. `invalid_token`).
 */
export class ValidationError extends AppError {
  constructor(message: string, field?: string, code = 'validation_error') {
    super(message, 400, code, field);
  }
}

/** 502/503: an upstream provider failed. */
export class UpstreamError extends AppError {
  constructor(message: string, status = 502) {
    super(message, status, 'upstream_error');
  }
}

/** 409: the request conflicts with the current state (empty cart, order not yet approved...); `code` says which. */
export class ConflictError extends AppError {
  constructor(message: string, code = 'conflict', field?: string) {
    super(message, 409, code, field);
  }
}

/**
 * 409: the visitor's cart is already tied to an order ("one cart, one checkout", decision record 0012):
 * `checkout_in_progress` (an unpaid checkout of it is open) or `cart_checked_out` (it was paid
 * as that order). `orderNumber` names the order, which the same session may read.
 */
export class CartOrderConflictError extends ConflictError {
  constructor(message: string, code: 'checkout_in_progress' | 'cart_checked_out', orderNumber: string) {
    super(message, code);
    this.orderNumber = orderNumber;
  }
}

/** 402: the payment did not go through; `code` and `message` are the provider's (e.g. `card_declined`). */
export class PaymentFailedError extends AppError {
  constructor(message: string, code: string) {
    super(message, 402, code);
  }
}

/** 422: an `Idempotency-Key` was sent again with a different request (IETF Idempotency-Key draft). */
export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(
      'Idempotency-Key: this key was already used with a different request',
      422,
      'idempotency_key_reused',
      'Idempotency-Key',
    );
  }
}

/** 409: the first request with this `Idempotency-Key` is still being processed; retry later. */
export class IdempotencyInProgressError extends AppError {
  constructor() {
    super(
      'Idempotency-Key: a request with this key is still being processed; retry shortly',
      409,
      'idempotency_in_progress',
      'Idempotency-Key',
    );
  }
}

/**
 * 400: card details the payment provider refuses to tokenise. `code` is Stripe's
 * (`invalid_number`, `invalid_expiry_month`, `invalid_expiry_year`, `expired_card`, `invalid_cvc`,
 * or `validation_error` for the cardholder name); `field` is the card field as the contract's
 * `cardDetailsSchema` names it (`cardNumber`, `expiryMonth`, `expiryYear`, `cvv`, `cardholderName`).
 */
export class CardDetailsError extends AppError {
  constructor(message: string, code: string, field?: string) {
    super(message, 400, code, field);
  }
}
