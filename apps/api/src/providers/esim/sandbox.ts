import type { CatalogueBundle, EsimProvider } from './esim-provider.ts';
import { buildSandboxCatalogue } from './sandbox-catalogue.ts';

/**
 * The embedded eSIM provider (DESIGN.md section 4): a deterministic, realistic catalogue and,
 * in later issues, simulated ordering, activation and usage. Needs no network.
 */
export class SandboxEsimProvider implements EsimProvider {
  readonly id = 'sandbox';
  private catalogue: CatalogueBundle[] | undefined;

  /** The sandbox catalogue (about every country, region and Global); built once and reused. */
  async listCatalogue(): Promise<CatalogueBundle[]> {
    const catalogue = (this.catalogue ??= buildSandboxCatalogue());
    return catalogue;
  }
}
