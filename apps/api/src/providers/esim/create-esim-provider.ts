import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { EsimProvider } from './esim-provider.ts';
import { type EsimGoOptions, EsimGoProvider } from './esimgo/esimgo-provider.ts';
import { SandboxEsimProvider } from './sandbox.ts';

/**
 * The eSIM provider `ESIM_PROVIDER` names (decision record 0018): the embedded sandbox (default) or eSIM Go
 * (`ESIMGO_BASE_URL`, `ESIMGO_API_KEY`; `config.ts` refuses `esimgo` without a key).
 */
export function createEsimProvider(
  config: Config,
  database: Database,
  options: { storeIccids: EsimGoOptions['storeIccids']; log?: EsimGoLog },
): EsimProvider {
  if (config.esimProvider === 'esimgo') {
    const { baseUrl, apiKey, timeoutMs, ratePerSecond } = config.esimGo;
    if (!apiKey) throw new Error('ESIMGO_API_KEY is required with ESIM_PROVIDER=esimgo');
    const { storeIccids, log } = options;
    return new EsimGoProvider({
      baseUrl,
      apiKey,
      timeoutMs,
      ratePerSecond,
      database,
      storeIccids,
      ...(log ? { log } : {}),
    });
  }
  return new SandboxEsimProvider({ db: database.db, latencyMs: config.esimSandbox.latencyMs });
}

type EsimGoLog = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
