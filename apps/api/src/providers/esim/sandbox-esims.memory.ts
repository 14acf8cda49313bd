import type { SandboxEsimStore } from './sandbox-esims.repository.ts';
import {
  type SandboxBundleRecord,
  type SandboxEsimChange,
  type SandboxEsimSnapshot,
  applyChange,
} from './sandbox-usage.ts';

function copyBundle(bundle: SandboxBundleRecord): SandboxBundleRecord {
  return { ...bundle, assignedAt: new Date(bundle.assignedAt.getTime()) };
}

function copySnapshot(snapshot: SandboxEsimSnapshot): SandboxEsimSnapshot {
  const { esim } = snapshot;
  return {
    esim: { ...esim, firstUsedAt: esim.firstUsedAt ? new Date(esim.firstUsedAt.getTime()) : null },
    bundles: snapshot.bundles.map(copyBundle),
  };
}

/**
 * The sandbox eSIM provider's state in this process only (lost on restart, not shared between
 * instances): for callers without a database, such as `new SandboxEsimProvider()` in tests and
 * the catalogue CLI. Same contract as `SandboxEsimsRepository`. Every method does its work
 * synchronously before its promise settles, so no other call interleaves and `update` needs no
 * lock. Callers get copies: mutating a result never changes the store.
 */
export class MemorySandboxEsimStore implements SandboxEsimStore {
  private readonly esims = new Map<string, SandboxEsimSnapshot>();
  /** Bundle ICCID by reference, mirroring the table's unique reference. */
  private readonly references = new Map<string, string>();
  private readonly ids = new Set<string>();

  async insertOrder(order: readonly SandboxEsimSnapshot[]): Promise<void> {
    for (const item of order) {
      if (!this.esims.has(item.esim.iccid))
        this.esims.set(item.esim.iccid, copySnapshot({ esim: item.esim, bundles: [] }));
      for (const bundle of item.bundles) this.add(bundle);
    }
  }

  async find(iccid: string): Promise<SandboxEsimSnapshot | undefined> {
    const snapshot = this.esims.get(iccid);
    return snapshot ? copySnapshot(snapshot) : undefined;
  }

  async findBundle(reference: string): Promise<SandboxBundleRecord | undefined> {
    return this.bundleOf(reference);
  }

  async insertBundle(bundle: SandboxBundleRecord): Promise<SandboxBundleRecord> {
    this.add(bundle);
    const stored = this.bundleOf(bundle.reference);
    if (!stored) throw new Error(`sandbox eSIMs: assignment id ${bundle.id} is taken by another reference`);
    return stored;
  }

  async update(
    iccid: string,
    plan: (snapshot: SandboxEsimSnapshot) => SandboxEsimChange,
  ): Promise<SandboxEsimSnapshot | undefined> {
    const snapshot = this.esims.get(iccid);
    if (!snapshot) return undefined;
    const changed = applyChange(copySnapshot(snapshot), plan(copySnapshot(snapshot)));
    this.esims.set(iccid, changed);
    return copySnapshot(changed);
  }

  /**
   * Adds a bundle unless its reference or id is taken (the table's unique keys, ON CONFLICT DO
   * NOTHING); an unknown eSIM fails as the table's foreign key would.
   */
  private add(bundle: SandboxBundleRecord): void {
    if (this.references.has(bundle.reference) || this.ids.has(bundle.id)) return;
    const snapshot = this.esims.get(bundle.iccid);
    if (!snapshot) throw new Error(`sandbox eSIMs: no eSIM ${bundle.iccid} for bundle ${bundle.reference}`);
    snapshot.bundles.push(copyBundle(bundle));
    this.references.set(bundle.reference, bundle.iccid);
    this.ids.add(bundle.id);
  }

  private bundleOf(reference: string): SandboxBundleRecord | undefined {
    const iccid = this.references.get(reference);
    const bundle = iccid ? this.esims.get(iccid)?.bundles.find((b) => b.reference === reference) : undefined;
    return bundle ? copyBundle(bundle) : undefined;
  }
}
