import { createHash } from 'node:crypto';
import { luhnCheckDigit } from '@esim/contract/payment-card';
import {
  type CatalogueBundle,
  type EsimProvider,
  EsimProviderError,
  type ProviderOrder,
} from './esim-provider.ts';
import { buildSandboxCatalogue } from './sandbox-catalogue.ts';

/** SM-DP+ address of the sandbox's simulated profiles. */
export const SANDBOX_SMDP_ADDRESS = 'rsp.sandbox.roamwise.example';

/** Failure injection for tests (DESIGN.md section 4 "failures on demand"). */
export interface SandboxEsimOptions {
  /**
   * Called before each `createOrder`; return an error to make that call fail, e.g. the first N
   * calls with a retryable error to exercise backoff.
   */
  failOrder?: (request: { reference: string; bundle: string; quantity: number }) => EsimProviderError | undefined;
  /** Simulated provider latency per call, ms (default 0). */
  latencyMs?: number;
}

/**
 * The embedded eSIM provider (DESIGN.md section 4): a deterministic, realistic catalogue and
 * simulated ordering. Needs no network. `createOrder` derives every ICCID and matching id from
 * the caller's reference, so repeating a reference returns the same eSIMs (idempotent) and
 * different references never collide in practice (SHA-256).
 */
export class SandboxEsimProvider implements EsimProvider {
  readonly id = 'sandbox';
  private catalogue: CatalogueBundle[] | undefined;
  private bundleNames: Set<string> | undefined;

  constructor(private readonly options: SandboxEsimOptions = {}) {}

  /** The sandbox catalogue (about every country, region and Global); built once and reused. */
  async listCatalogue(): Promise<CatalogueBundle[]> {
    const catalogue = (this.catalogue ??= buildSandboxCatalogue());
    return catalogue;
  }

  /**
   * Simulates eSIM Go `POST /orders` (transaction, assign): `quantity` eSIMs with Luhn-valid
   * 19-digit ICCIDs (prefix 8944, ITU-T E.118) and 32-character matching ids.
   * @throws EsimProviderError 400 (not retryable) for an unknown bundle or a bad quantity, or
   *   whatever `options.failOrder` returns.
   */
  async createOrder(request: { reference: string; bundle: string; quantity: number }): Promise<ProviderOrder> {
    if (this.options.latencyMs) await new Promise((r) => setTimeout(r, this.options.latencyMs));
    const injected = this.options.failOrder?.(request);
    if (injected) throw injected;
    this.bundleNames ??= new Set((await this.listCatalogue()).map((b) => b.name));
    if (!this.bundleNames.has(request.bundle)) {
      throw new EsimProviderError(`Bundle ${request.bundle} not found`, false, 400);
    }
    if (!Number.isInteger(request.quantity) || request.quantity < 1 || request.quantity > 100) {
      throw new EsimProviderError('quantity must be 1-100', false, 400);
    }
    const esims = Array.from({ length: request.quantity }, (_, i) => {
      const digest = createHash('sha256').update(`${request.reference}#${i}`).digest();
      const body = `8944${digest.readBigUInt64BE(0).toString().padStart(20, '0').slice(-14)}`;
      return {
        iccid: `${body}${luhnCheckDigit(body)}`,
        smdpAddress: SANDBOX_SMDP_ADDRESS,
        matchingId: digest.subarray(8, 24).toString('hex').toUpperCase(),
      };
    });
    const reference = `SBX-${createHash('sha256').update(request.reference).digest('hex').slice(0, 12).toUpperCase()}`;
    return { reference, esims };
  }
}
