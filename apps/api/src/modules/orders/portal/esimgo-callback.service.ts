import { UnauthorizedError, ValidationError } from '../../../lib/errors.ts';
import {
  type CallbackBundle,
  callbackEventId,
  parseCallback,
  verifyCallbackSignature,
} from '../../../providers/esim/esimgo/esimgo-callback.ts';
import type { CallbackEffect, CallbackOutcome, EsimGoCallbackRepository } from './esimgo-callback.repository.ts';

/**
 * eSIM Go usage callbacks (decision record 0018): verifies, de-duplicates
 * and applies one delivery. Knows no HTTP: the route hands it the raw body and the header.
 */
export class EsimGoCallbackService {
  constructor(
    private readonly deps: {
      repo: EsimGoCallbackRepository;
      /** The HMAC key: the eSIM Go API key; `undefined` when the store has none (every callback is refused). */
      key: string | undefined;
      log?: { info(obj: object, msg: string): void };
      now?: () => Date;
    },
  ) {}

  /**
   * Handles one delivery: the signature first (`X-Signature-SHA256` = HMAC-SHA256 of the raw body
   * with the API key, hex or base64), then the body, then the effect, once per distinct body
   * (event id = SHA-256 of the raw body, `webhook_events`). Dispatches on `alertType ?? event`:
   * `Utilisation` and `FirstUse` update the bundle's bytes, times and state and the eSIM's
   * display state; `esim.deleted` archives the eSIM; anything else is recorded and ignored.
   * @returns what happened (`applied`, `ignored`, `duplicate`) and the type.
   * @throws UnauthorizedError 401 `invalid_signature` for a missing or wrong signature (or no key
   *   configured); ValidationError 400 for a body that is not a JSON object with `alertType` or `event`.
   */
  async handle(raw: Buffer, signature: string | undefined): Promise<{ outcome: CallbackOutcome; type: string }> {
    if (!verifyCallbackSignature(raw, signature, this.deps.key)) {
      throw new UnauthorizedError('X-Signature-SHA256 is missing or does not match the body', 'invalid_signature');
    }
    const callback = parseCallback(raw);
    if (!callback) throw new ValidationError('The body must be a JSON object with alertType or event', 'body');
    const effect = effectOf(callback.type, callback.iccid, callback.bundle);
    const outcome = await this.deps.repo.record(
      callbackEventId(raw),
      callback.type,
      effect,
      this.deps.now?.() ?? new Date(),
    );
    this.deps.log?.info({ type: callback.type, iccid: callback.iccid, outcome }, 'eSIM Go callback');
    return { outcome, type: callback.type };
  }
}

/** The effect of a callback type (case-insensitive). */
function effectOf(type: string, iccid: string | null, bundle: CallbackBundle | null): CallbackEffect {
  const kind = type.toLowerCase();
  if ((kind === 'utilisation' || kind === 'utilization' || kind === 'firstuse') && bundle) {
    return { kind: 'usage', iccid, bundle, firstUse: kind === 'firstuse' };
  }
  if (kind === 'esim.deleted' && iccid) return { kind: 'deleted', iccid };
  return { kind: 'none' };
}
