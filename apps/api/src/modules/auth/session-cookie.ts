import { createHash, randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session cookie (decision record 0014; OWASP ASVS 4.0.3 V3.2.1, V3.2.2, V3.4.1-V3.4.4).
 * Over HTTPS (directly, or per `X-Forwarded-Proto` from a `TRUST_PROXY` proxy: `request.protocol`)
 * it is `__Host-sid`: `Secure`, `Path=/`, no `Domain`, so no subdomain or plain-HTTP page can set
 * or read it. Over plain HTTP (http://localhost in development) browsers refuse `Secure` and the
 * `__Host-` prefix, so it is `sid`. Both are `HttpOnly` and `SameSite=Lax`, with no `Max-Age`:
 * the server decides when a session ends (idle and absolute timeouts in `user_sessions`).
 */

/** The cookie's name over HTTPS. */
export const SECURE_COOKIE = '__Host-sid';
/** The cookie's name over plain HTTP. */
export const PLAIN_COOKIE = 'sid';

/** Longest cookie value looked up; tokens are 43 characters. */
const MAX_TOKEN_LENGTH = 64;

/** A new session token: 256 bits from the CSPRNG, base64url (43 characters; ASVS 4.0.3 V3.2.2). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The session's id as stored: the SHA-256 (hex) of its token, so the table opens no session. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** The cookie name that applies to `request`. */
export function cookieNameFor(request: FastifyRequest): string {
  return isHttps(request) ? SECURE_COOKIE : PLAIN_COOKIE;
}

/** Whether `request` carries a session cookie of either name (the CSRF rule applies to it). */
export function hasSessionCookie(request: FastifyRequest): boolean {
  const cookies = request.cookies;
  return cookies[SECURE_COOKIE] !== undefined || cookies[PLAIN_COOKIE] !== undefined;
}

/** The session token `request` brings under the name that applies to it, or undefined. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[cookieNameFor(request)];
  return value && value.length <= MAX_TOKEN_LENGTH ? value : undefined;
}

function cookieOptions(request: FastifyRequest): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request) };
}

/** Sets the session cookie to `token` on `reply`. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.setCookie(cookieNameFor(request), token, cookieOptions(request));
}

/** Clears the session cookie (an expired, empty cookie under the same name and attributes). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(cookieNameFor(request), cookieOptions(request));
}
