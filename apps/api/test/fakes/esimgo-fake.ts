/** FOUNDATION STUB (issue 12): the eSIM Go part replaces this file with the stateful fake. */
export interface EsimGoFakeOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** The one valid `X-API-Key`; also the HMAC key of the callbacks it sends. */
  apiKey: string;
  /** Where usage callbacks are POSTed (the store's `/api/webhooks/esimgo`). */
  callbackUrl?: string;
  /** Added to every answer, ms. */
  latencyMs?: number;
}
export interface EsimGoFake {
  /** Base URL with the version, e.g. `http://127.0.0.1:5190/v2.4` (ESIMGO_BASE_URL). */
  url: string;
  close(): Promise<void>;
}
export async function startEsimGoFake(_options: EsimGoFakeOptions): Promise<EsimGoFake> {
  throw new Error('eSIM Go fake not built yet');
}
