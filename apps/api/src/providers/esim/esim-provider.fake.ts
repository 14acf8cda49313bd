import {
  type BundleAssignment,
  type CatalogueBundle,
  type EsimDetails,
  type EsimProvider,
  EsimProviderError,
  type ProviderBundleState,
  type ProviderOrder,
} from './esim-provider.ts';

/** An eSIM as the fake provider keeps it: its profile and its bundle assignments, oldest first. */
interface FakeEsim {
  details: EsimDetails;
  bundles: BundleAssignment[];
}

/**
 * A scripted {@link EsimProvider} for unit tests, with the provider's rules: an order or a top-up
 * is idempotent by its reference (the same eSIMs, the same assignment, nothing bought twice); only
 * a bundle that has not started can be revoked. Tests set profiles and bundle states with
 * {@link setProfile} and {@link setBundle}, and make calls fail with `errors` (per ICCID) or
 * `error` (every call).
 */
export class FakeEsimProvider implements EsimProvider {
  readonly id = 'fake';
  /** Every call throws this while it is set. */
  error: EsimProviderError | undefined;
  /** Reads and revocations of these ICCIDs throw the error given. */
  readonly errors = new Map<string, EsimProviderError>();
  readonly esims = new Map<string, FakeEsim>();
  /** Orders and top-ups by reference: what a repeat returns. */
  private readonly orders = new Map<string, ProviderOrder>();
  private readonly topups = new Map<string, { reference: string; assignmentId: string }>();
  /** Every order and top-up request, repeats included. */
  readonly requests: string[] = [];
  /** Each purchase that bought something (a repeat adds none). */
  readonly purchases: { reference: string; bundle: string; quantity: number; iccid?: string }[] = [];
  readonly revoked: { iccid: string; bundle: string; assignmentId: string }[] = [];
  private seq = 0;

  private enter(iccid?: string): void {
    if (this.error) throw this.error;
    const error = iccid === undefined ? undefined : this.errors.get(iccid);
    if (error) throw error;
  }

  private esim(iccid: string): FakeEsim {
    const esim = this.esims.get(iccid);
    if (!esim) throw new EsimProviderError(`unknown ICCID ${iccid}`, false, 404);
    return esim;
  }

  private assign(iccid: string, bundle: string): BundleAssignment {
    const assignment: BundleAssignment = {
      id: `asg-${++this.seq}`,
      bundle,
      state: 'queued',
      unlimited: false,
      initialBytes: 1_073_741_824,
      remainingBytes: 1_073_741_824,
      usedBytes: 0,
      assignedAt: new Date(0),
      startedAt: null,
      endsAt: null,
    };
    this.esim(iccid).bundles.push(assignment);
    return assignment;
  }

  /** An eSIM the provider already has (e.g. one sold before the test starts), with `bundle` queued on it. */
  addEsim(iccid: string, bundle: string): BundleAssignment {
    this.esims.set(iccid, { details: { iccid, profileState: 'released', firstUsedAt: null }, bundles: [] });
    return this.assign(iccid, bundle);
  }

  /** What the device did with the profile. */
  setProfile(iccid: string, profile: Partial<Omit<EsimDetails, 'iccid'>>): void {
    Object.assign(this.esim(iccid).details, profile);
  }

  /** Moves the `n`th bundle (0 = oldest) of an eSIM to `state`; a started state sets `startedAt` and usage. */
  setBundle(iccid: string, n: number, state: ProviderBundleState, usedBytes = 0): void {
    const bundle = this.esim(iccid).bundles[n];
    if (!bundle) throw new Error(`${iccid} has no bundle ${n}`);
    bundle.state = state;
    bundle.usedBytes = usedBytes;
    if (state === 'active' || state === 'depleted' || state === 'expired') bundle.startedAt ??= new Date(0);
  }

  async listCatalogue(): Promise<CatalogueBundle[]> {
    this.enter();
    return [];
  }

  async createOrder(request: { reference: string; bundle: string; quantity: number }): Promise<ProviderOrder> {
    this.enter();
    this.requests.push(request.reference);
    const earlier = this.orders.get(request.reference);
    if (earlier) return earlier;
    const esims = Array.from({ length: request.quantity }, () => {
      const n = ++this.seq;
      const iccid = `8944${String(n).padStart(15, '0')}`;
      this.addEsim(iccid, request.bundle);
      return { iccid, smdpAddress: 'rsp.fake.example', matchingId: `MATCH-${n}` };
    });
    const order = { reference: `fake-order-${++this.seq}`, esims };
    this.orders.set(request.reference, order);
    this.purchases.push({ ...request });
    return order;
  }

  async getEsim(iccid: string): Promise<EsimDetails> {
    this.enter(iccid);
    return { ...this.esim(iccid).details };
  }

  async listBundles(iccid: string): Promise<BundleAssignment[]> {
    this.enter(iccid);
    return this.esim(iccid).bundles.map((b) => ({ ...b }));
  }

  async applyBundle(request: {
    reference: string;
    iccid: string;
    bundle: string;
  }): Promise<{ reference: string; assignmentId: string }> {
    this.enter(request.iccid);
    this.requests.push(request.reference);
    const earlier = this.topups.get(request.reference);
    if (earlier) return earlier;
    const assignment = this.assign(request.iccid, request.bundle);
    const topup = { reference: `fake-topup-${++this.seq}`, assignmentId: assignment.id };
    this.topups.set(request.reference, topup);
    this.purchases.push({ reference: request.reference, bundle: request.bundle, quantity: 1, iccid: request.iccid });
    return topup;
  }

  async revokeBundle(request: {
    iccid: string;
    bundle: string;
    assignmentId: string;
  }): Promise<{ assignmentId: string; state: 'revoked' }> {
    this.enter(request.iccid);
    const assignment = this.esim(request.iccid).bundles.find(
      (b) => b.id === request.assignmentId && b.bundle === request.bundle,
    );
    if (!assignment) throw new EsimProviderError(`no assignment ${request.assignmentId}`, false, 404);
    if (assignment.state !== 'revoked') {
      if (
        assignment.startedAt !== null ||
        assignment.usedBytes > 0 ||
        !['processing', 'queued', 'lapsed'].includes(assignment.state)
      ) {
        throw new EsimProviderError(`bundle ${request.bundle} has started`, false, 409);
      }
      assignment.state = 'revoked';
      this.revoked.push({ ...request });
    }
    return { assignmentId: assignment.id, state: 'revoked' };
  }
}
