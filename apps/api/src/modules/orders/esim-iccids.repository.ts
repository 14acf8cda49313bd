import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { esims } from './orders.schema.ts';

/** Which ICCIDs belong to the store's eSIM profiles (`esims.iccid`). */
export class EsimIccidsRepository {
  constructor(private readonly db: Db) {}

  /** The subset of `iccids` the store holds an eSIM for (empty for an empty input). */
  async held(iccids: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(iccids)];
    if (unique.length === 0) return new Set();
    const rows = await this.db.select({ iccid: esims.iccid }).from(esims).where(inArray(esims.iccid, unique));
    return new Set(rows.map((r) => r.iccid));
  }
}
