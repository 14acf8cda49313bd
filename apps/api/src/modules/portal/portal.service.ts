import type { ApiError, Product } from '@esim/contract/catalog';
import type { PortalEsim, PortalTopup, PortalView, TopupBody, TopupOptionsResponse, TopupResponse } from '@esim/contract/portal';
import { ConflictError, NotFoundError, UnauthorizedError, UpstreamError, ValidationError } from '../../lib/errors.ts';
import type { IdempotentResponse } from '../../lib/idempotency.ts';
import { EsimProviderError } from '../../providers/esim/esim-provider.ts';
import { accessTokenState, hashAccessToken, type OrdersService } from '../orders/orders.service.ts';
import { canTopUp, esimDisplayState } from './esim-state.ts';
import { toPortalEsim, toPortalOrder } from './portal-view.ts';
import type { EsimWithBundles, PortalOrderRow, PortalRepository } from './portal.repository.ts';
import type { UsageSyncService } from './usage-sync.service.ts';

/** Longest access token the portal looks up; anything longer cannot be one (they are 43 characters). */
const MAX_TOKEN_LENGTH = 256;

/**
 * The customer portal (specification sections 2, 4 and 8; issue "Customer portal"): everything is
 * authorised by the order's access token alone (no account). A token opens its own order's eSIMs
 * and top-ups and nothing else; an eSIM or top-up of another order answers 404 as if it did not
 * exist. Knows neither HTTP nor SQL.
 */
export class PortalService {
  constructor(
    private readonly deps: {
      repo: PortalRepository;
      usage: UsageSyncService;
      orders: Pick<OrdersService, 'purchaseTopup' | 'captureApprovedPaypal'>;
      catalog: { productsFor(countryCode: string): Promise<Product[]> };
      /** The sandbox device simulator's page for an ICCID, or null with a real provider. */
      simulatorUrl: (iccid: string) => string | null;
    },
  ) {}

  /**
   * The order an access token opens.
   * @throws UnauthorizedError 401: `token_required` ('Please enter an access token', specification
   *   section 5) when empty; `invalid_token` when no order has it; `token_revoked` when support
   *   revoked it; `token_expired` past its expiry (two years after purchase).
   */
  async authenticate(token: string | undefined): Promise<PortalOrderRow> {
    const value = token?.trim() ?? '';
    if (!value) throw new UnauthorizedError('Please enter an access token', 'token_required');
    const invalid = new UnauthorizedError('Invalid or expired access token', 'invalid_token');
    if (value.length > MAX_TOKEN_LENGTH) throw invalid;
    const order = await this.deps.repo.orderByTokenHash(hashAccessToken(value));
    if (!order) throw invalid;
    switch (accessTokenState(order, value)) {
      case 'valid':
        return order;
      case 'revoked':
        throw new UnauthorizedError('Access denied: this access token was revoked. Please contact support.', 'token_revoked');
      case 'expired':
        throw new UnauthorizedError('Token expired: this access token is no longer valid. Please contact support.', 'token_expired');
      default:
        throw invalid;
    }
  }

  /** `GET /api/portal`: the token's order number, eSIMs (with bundles and usage as last synced) and order history. */
  async view(token: string | undefined): Promise<PortalView> {
    const order = await this.authenticate(token);
    const [esims, history] = await Promise.all([this.deps.repo.esimsOfOrder(order.id), this.deps.repo.ordersOfPortal(order.id)]);
    return {
      orderNumber: order.orderNumber,
      customerName: order.customerName,
      esims: esims.map((item) => this.toEsim(item)),
      orders: history.map(toPortalOrder),
    };
  }

  /**
   * `POST /api/portal/esims/{iccid}/sync`: reads the eSIM's usage from the provider now.
   * @returns the eSIM as stored after the sync.
   * @throws NotFoundError 404 when the ICCID is not one of the token's eSIMs.
   * @throws UpstreamError 503 ('Failed to sync usage data') when the provider is unreachable or
   *   busy, 502 when it refuses; the last synced figures stay.
   */
  async sync(token: string | undefined, iccid: string): Promise<PortalEsim> {
    const order = await this.authenticate(token);
    const item = await this.esimOf(order, iccid);
    try {
      await this.deps.usage.syncEsim(item);
    } catch (error) {
      if (error instanceof EsimProviderError) {
        throw new UpstreamError('Failed to sync usage data. Please try again in a moment.', error.retryable ? 503 : 502);
      }
      throw error;
    }
    return this.toEsim(await this.esimOf(order, iccid));
  }

  /**
   * `GET /api/portal/esims/{iccid}/topups`: the eSIM and the plans that can top it up: those sold
   * for the same destination as its plan (its country, region or Global).
   * @throws NotFoundError 404 (not the token's eSIM); ConflictError 409 `topup_unavailable` when
   *   the eSIM is not active (specification section 4 "Top-up").
   */
  async topupOptions(token: string | undefined, iccid: string): Promise<TopupOptionsResponse> {
    const order = await this.authenticate(token);
    const item = await this.activeEsim(order, iccid);
    return { esim: this.toEsim(item), products: await this.deps.catalog.productsFor(item.plan.countryCode) };
  }

  /**
   * `POST /api/portal/esims/{iccid}/topups`: buys a top-up (see `OrdersService.purchaseTopup`)
   * for an active eSIM of the token's order, once per `Idempotency-Key`.
   * @throws NotFoundError 404; ConflictError 409 `topup_unavailable`; ValidationError 400 (field
   *   `productId`) for a plan that is not sold for this eSIM's destination; and the errors of
   *   `OrdersService.purchaseTopup` (422, 409, 502/503).
   */
  async purchaseTopup(
    token: string | undefined,
    iccid: string,
    request: { sessionId: string; idempotencyKey: string; body: TopupBody },
  ): Promise<IdempotentResponse<TopupResponse | ApiError> & { replayed: boolean }> {
    const parent = await this.authenticate(token);
    const item = await this.activeEsim(parent, iccid);
    const product = (await this.deps.catalog.productsFor(item.plan.countryCode)).find((p) => p.productId === request.body.productId);
    if (!product) throw new ValidationError('productId: this plan cannot top up this eSIM; choose one of the plans offered for it', 'productId');
    return this.deps.orders.purchaseTopup({ ...request, parent, esim: item.esim, product });
  }

  /**
   * `GET /api/portal/topups/{orderNumber}`: a top-up of the token's portal and whether the
   * provider has applied it yet.
   * @throws NotFoundError 404 for unknown numbers and other portals' top-ups.
   */
  async topup(token: string | undefined, orderNumber: string): Promise<PortalTopup> {
    const order = await this.authenticate(token);
    return this.topupView(order, orderNumber);
  }

  /**
   * `POST /api/portal/topups/{orderNumber}/paypal/capture`: captures the approved PayPal payment
   * of a top-up (idempotent), after which fulfilment applies the bundle.
   * @throws NotFoundError 404; and the errors of `OrdersService.capturePaypal` (402, 409, 503).
   */
  async captureTopup(token: string | undefined, orderNumber: string): Promise<PortalTopup> {
    const parent = await this.authenticate(token);
    const found = await this.deps.repo.topupOfPortal(parent.id, orderNumber);
    if (!found) throw new NotFoundError('Order Not Found');
    await this.deps.orders.captureApprovedPaypal(found.order);
    return this.topupView(parent, orderNumber);
  }

  private async topupView(parent: PortalOrderRow, orderNumber: string): Promise<PortalTopup> {
    const found = await this.deps.repo.topupOfPortal(parent.id, orderNumber);
    if (!found) throw new NotFoundError('Order Not Found');
    const { order } = found;
    return {
      orderNumber: order.orderNumber,
      status: order.status as PortalTopup['status'],
      paymentStatus: order.paymentStatus as PortalTopup['paymentStatus'],
      iccid: found.iccid,
      productName: found.productName,
      totalCents: order.totalCents,
      currency: 'USD',
      createdAt: order.createdAt.toISOString(),
      applied: found.applied,
    };
  }

  private async esimOf(order: PortalOrderRow, iccid: string): Promise<EsimWithBundles> {
    const item = await this.deps.repo.esimOfOrder(order.id, iccid);
    if (!item) throw new NotFoundError('eSIM not found', 'iccid');
    return item;
  }

  private async activeEsim(order: PortalOrderRow, iccid: string): Promise<EsimWithBundles> {
    const item = await this.esimOf(order, iccid);
    const state = esimDisplayState(
      item.esim.profileState,
      item.bundles.map((b) => b.state),
    );
    if (!canTopUp(state)) {
      throw new ConflictError('Activate to Top-Up: top-ups are available once the eSIM is in use at the destination', 'topup_unavailable');
    }
    return item;
  }

  private toEsim(item: EsimWithBundles): PortalEsim {
    return toPortalEsim(item, this.deps.simulatorUrl(item.esim.iccid));
  }
}
