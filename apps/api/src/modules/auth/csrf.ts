import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/**
 * Cross-site request forgery (decision record 0014; OWASP ASVS 4.0.3 V4.2.2, ASVS 5.0
 * V3.5.1-V3.5.3). A state-changing request (POST, PUT, PATCH, DELETE) that carries the session
 * cookie is accepted only when the browser says it comes from the store itself: `Sec-Fetch-Site:
 * same-origin`, or an `Origin` equal to the store's public origin (`PUBLIC_URL`). `SameSite=Lax`
 * is the second line. Requests without the cookie are not concerned: the guest checkout and the
 * portal authenticate with headers, which another site cannot make a browser send.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 403 `csrf_rejected`. */
export class CsrfRejectedError extends AppError {
  constructor() {
    super(
      'This request did not come from the store itself (Origin or Sec-Fetch-Site), so it was refused.',
      403,
      'csrf_rejected',
    );
  }
}

/** Whether a request that carries the session cookie may change state. */
export function isSameOriginRequest(
  request: Pick<FastifyRequest, 'method' | 'headers'>,
  publicOrigin: string,
): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin === publicOrigin;
}
