/**
 * Typed domain errors. Services throw these; the one error handler (`plugins/error-handler.ts`)
 * maps them to HTTP status codes and the `{ error: { code, message, field? } }` body.
 */
export class AppError extends Error {
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

/** 404: the thing asked for does not exist or is not visible to the caller. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(message, 404, 'not_found');
  }
}

/** 400: the input is malformed; `field` names the offending input. */
export class ValidationError extends AppError {
  constructor(message: string, field?: string) {
    super(message, 400, 'validation_error', field);
  }
}

/** 502/503: an upstream provider failed. */
export class UpstreamError extends AppError {
  constructor(message: string, status = 502) {
    super(message, status, 'upstream_error');
  }
}
