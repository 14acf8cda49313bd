import type { Database } from '../../../db/client.ts';
import {
  type BundleAssignment,
  type CatalogueBundle,
  type EsimDetails,
  type EsimProvider,
  EsimProviderError,
  type ProviderOrder,
} from '../esim-provider.ts';

/** Settings of the eSIM Go adapter (`config.esimGo`). */
export interface EsimGoOptions {
  /** API base URL with its version, no trailing slash, e.g. `https://api.esim-go.com/v2.4`. */
  baseUrl: string;
  apiKey: string;
  /** Time-out of one call, ms. */
  timeoutMs: number;
  /** Calls per second across every instance. */
  ratePerSecond: number;
  /** For the `provider_requests` record of each order attempt (exactly once). */
  database: Database;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** FOUNDATION STUB (issue 12): the eSIM Go part replaces this file. */
export class EsimGoProvider implements EsimProvider {
  readonly id = 'esimgo';
  constructor(readonly options: EsimGoOptions) {}
  private stub(): never {
    throw new EsimProviderError('eSIM Go adapter not built yet', false);
  }
  listCatalogue(): Promise<CatalogueBundle[]> {
    this.stub();
  }
  createOrder(_request: { reference: string; bundle: string; quantity: number }): Promise<ProviderOrder> {
    this.stub();
  }
  getEsim(_iccid: string): Promise<EsimDetails> {
    this.stub();
  }
  listBundles(_iccid: string): Promise<BundleAssignment[]> {
    this.stub();
  }
  applyBundle(_request: { reference: string; iccid: string; bundle: string }): Promise<{ reference: string; assignmentId: string }> {
    this.stub();
  }
  revokeBundle(_request: { iccid: string; bundle: string; assignmentId: string }): Promise<{ assignmentId: string; state: 'revoked' }> {
    this.stub();
  }
}
