import type { ApiError, Product } from '@esim/contract/catalog';
import { orderNumberParamsSchema } from '@esim/contract/order';
import type {
  AttachOrderResponse,
  PortalEsim,
  PortalTopup,
  PortalView,
  TopupBody,
  TopupOptionsResponse,
  TopupResponse,
} from '@esim/contract/portal';
import {
  ConflictError,
  NotFoundError,
  UnauthorizedError,
  UpstreamError,
  ValidationError,
} from '../../../lib/errors.ts';
import type { IdempotentResponse } from '../../../lib/idempotency.ts';
import { EsimProviderError } from '../../../providers/esim/esim-provider.ts';
import { accessTokenState, hashAccessToken, type OrdersService } from '../orders.service.ts';
import { canTopUp, esimDisplayState } from './esim-state.ts';
import { toPortalEsim, toPortalOrder } from './portal-view.ts';
import type { EsimWithBundles, PortalOrderRow, PortalRepository, PortalTopupRow } from './portal.repository.ts';
import type { UsageSyncService } from './usage-sync.service.ts';

/** Longest access token the portal looks up; anything longer cannot be one (they are 43 characters). */
const MAX_TOKEN_LENGTH = 256;

/** The signed-in account a portal request speaks for (its session cookie). */
export interface PortalAccount {
  userId: number;
  /** The account holder's name, shown as the greeting (`PortalView.customerName`). */
  name: string;
}

/**
 * What a portal request brings: the `X-Access-Token` header (if any) and the signed-in account
 * (if any). A non-blank token decides, signed in or not; without one, the account opens the
 * portal of all its orders; with neither, 401 `token_required`.
 */
export interface PortalAccess {
  token?: string | undefined;
  account?: PortalAccount | null | undefined;
}

/** What a request opens: one order's portal (its access token) or every order of an account. */
type PortalScope = { kind: 'token'; order: PortalOrderRow } | { kind: 'account'; account: PortalAccount };

/** An eSIM the caller may act on, with the order that bought it (the parent of its top-ups). */
interface ScopedEsim {
  order: PortalOrderRow;
  item: EsimWithBundles;
}

/**
 * The customer portal (docs/product-rules.md#customer-portal-and-access-tokens). A request is authorised by an order's access token, which opens that order's eSIMs
 * and top-ups and nothing else, or, without a token, by the signed-in account, which opens every
 * order it owns (`orders.user_id`) and their top-ups. An eSIM or top-up outside what the request
 * opens answers 404 as if it did not exist. Knows neither HTTP nor SQL.
 */
export class PortalService {
  constructor(
    private readonly deps: {
      repo: PortalRepository;
      usage: UsageSyncService;
      orders: Pick<OrdersService, 'purchaseTopup' | 'captureApprovedPaypal' | 'confirmCardAction'>;
      catalog: { productsFor(countryCode: string): Promise<Product[]> };
      /** The sandbox device simulator's page for an ICCID, or null with a real provider. */
      simulatorUrl: (iccid: string) => string | null;
    },
  ) {}

  /**
   * The order an access token opens.
   * @throws UnauthorizedError 401: `token_required` ('Please enter an access token') when empty; `invalid_token` when no order has it; `token_revoked` when support
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
        throw new UnauthorizedError(
          'Access denied: this access token was revoked. Please contact support.',
          'token_revoked',
        );
      case 'expired':
        throw new UnauthorizedError(
          'Token expired: this access token is no longer valid. Please contact support.',
          'token_expired',
        );
      default:
        throw invalid;
    }
  }

  /**
   * What `access` opens: the token's order when a token is given (see {@link authenticate}),
   * else the signed-in account's orders.
   * @throws UnauthorizedError 401 as {@link authenticate} (`token_required` with neither).
   */
  private async open(access: PortalAccess): Promise<PortalScope> {
    if (!access.token?.trim() && access.account) return { kind: 'account', account: access.account };
    return { kind: 'token', order: await this.authenticate(access.token) };
  }

  /**
   * `GET /api/portal`: the token's order number, eSIMs (with bundles and usage as last synced) and
   * order history; or, for a signed-in account without a token, the eSIMs of all its orders and
   * the history of all of them (`orderNumber` the newest order's, '' when it has none).
   */
  async view(access: PortalAccess): Promise<PortalView> {
    const scope = await this.open(access);
    if (scope.kind === 'account') {
      const { userId, name } = scope.account;
      const [esims, history] = await Promise.all([
        this.deps.repo.esimsOfAccount(userId),
        this.deps.repo.ordersOfAccount(userId),
      ]);
      return {
        access: 'account',
        orderNumber: history.find((o) => o.kind === 'order')?.orderNumber ?? '',
        customerName: name,
        esims: esims.map((item) => this.toEsim(item)),
        orders: history.map(toPortalOrder),
      };
    }
    const { order } = scope;
    const [esims, history] = await Promise.all([
      this.deps.repo.esimsOfOrder(order.id),
      this.deps.repo.ordersOfPortal(order.id),
    ]);
    return {
      access: 'token',
      orderNumber: order.orderNumber,
      customerName: order.customerName,
      esims: esims.map((item) => this.toEsim(item)),
      orders: history.map(toPortalOrder),
    };
  }

  /**
   * `POST /api/portal/esims/{iccid}/sync`: reads the eSIM's usage from the provider now.
   * @returns the eSIM as stored after the sync.
   * @throws NotFoundError 404 when the ICCID is not one of the token's (or the account's) eSIMs.
   * @throws UpstreamError 503 ('Failed to sync usage data') when the provider is unreachable or
   *   busy, 502 when it refuses; the last synced figures stay.
   */
  async sync(access: PortalAccess, iccid: string): Promise<PortalEsim> {
    const scope = await this.open(access);
    const { item } = await this.esimOf(scope, iccid);
    try {
      await this.deps.usage.syncEsim(item);
    } catch (error) {
      if (error instanceof EsimProviderError) {
        throw new UpstreamError(
          'Failed to sync usage data. Please try again in a moment.',
          error.retryable ? 503 : 502,
        );
      }
      throw error;
    }
    return this.toEsim((await this.esimOf(scope, iccid)).item);
  }

  /**
   * `GET /api/portal/esims/{iccid}/topups`: the eSIM and the plans that can top it up: those sold
   * for the same destination as its plan (its country, region or Global).
   * @throws NotFoundError 404 (not the token's eSIM); ConflictError 409 `esim_refunded` when the
   *   eSIM's order was refunded, `topup_unavailable` when the eSIM is not active
   *   (docs/product-rules.md#top-ups).
   */
  async topupOptions(access: PortalAccess, iccid: string): Promise<TopupOptionsResponse> {
    const { item } = await this.activeEsim(await this.open(access), iccid);
    return { esim: this.toEsim(item), products: await this.deps.catalog.productsFor(item.plan.countryCode) };
  }

  /**
   * `POST /api/portal/esims/{iccid}/topups`: buys a top-up (see `OrdersService.purchaseTopup`)
   * for an active eSIM of the token's order (or of one of the account's orders), once per
   * `Idempotency-Key`. The top-up's parent is the eSIM's own order, and it belongs to that order's
   * account, if any.
   * @throws NotFoundError 404; ConflictError 409 `esim_refunded` or `topup_unavailable` (as
   *   {@link topupOptions}); ValidationError 400 (field
   *   `productId`) for a plan that is not sold for this eSIM's destination; and the errors of
   *   `OrdersService.purchaseTopup` (422, 409, 502/503).
   */
  async purchaseTopup(
    access: PortalAccess,
    iccid: string,
    request: { sessionId: string; idempotencyKey: string; body: TopupBody },
  ): Promise<IdempotentResponse<TopupResponse | ApiError> & { replayed: boolean }> {
    const { order: parent, item } = await this.activeEsim(await this.open(access), iccid);
    const product = (await this.deps.catalog.productsFor(item.plan.countryCode)).find(
      (p) => p.productId === request.body.productId,
    );
    if (!product)
      throw new ValidationError(
        'productId: this plan cannot top up this eSIM; choose one of the plans offered for it',
        'productId',
      );
    return this.deps.orders.purchaseTopup({ ...request, parent, esim: item.esim, product });
  }

  /**
   * `GET /api/portal/topups/{orderNumber}`: a top-up of the token's portal (or of one of the
   * account's orders) and whether the provider has applied it yet.
   * @throws NotFoundError 404 for malformed or unknown numbers and other portals' top-ups.
   */
  async topup(access: PortalAccess, orderNumber: string): Promise<PortalTopup> {
    return this.topupView(await this.findTopup(await this.open(access), orderNumber));
  }

  /**
   * `POST /api/portal/topups/{orderNumber}/paypal/capture`: captures the approved PayPal payment
   * of a top-up (idempotent), after which fulfilment applies the bundle.
   * @throws NotFoundError 404; and the errors of `OrdersService.capturePaypal` (402, 409, 503).
   */
  async captureTopup(access: PortalAccess, orderNumber: string): Promise<PortalTopup> {
    const scope = await this.open(access);
    const found = await this.findTopup(scope, orderNumber);
    await this.deps.orders.captureApprovedPaypal(found.order);
    return this.topupView(await this.findTopup(scope, orderNumber));
  }

  /**
   * `POST /api/portal/topups/{orderNumber}/payment/confirm`: settles the card payment
   * of a top-up after 3-D Secure in the browser (idempotent), after which fulfilment applies the
   * bundle.
   * @throws NotFoundError 404; and the errors of `OrdersService.confirmCardAction` (402, 409, 502/503).
   */
  async confirmTopupPayment(access: PortalAccess, orderNumber: string): Promise<PortalTopup> {
    const scope = await this.open(access);
    const found = await this.findTopup(scope, orderNumber);
    await this.deps.orders.confirmCardAction(found.order);
    return this.topupView(await this.findTopup(scope, orderNumber));
  }

  /**
   * `POST /api/user/orders/attach`: attaches the guest order that
   * `accessToken` opens, and its top-ups, to the signed-in account, so that they show in the
   * account's portal and order list. Idempotent for the account that already owns it.
   * @throws ValidationError 400 `invalid_token` (field `accessToken`) when the token opens no
   *   order: unknown, expired and revoked tokens get the same answer, so that it tells nothing
   *   about which tokens exist.
   * @throws ConflictError 409 `order_belongs_to_another_account` when another account owns it.
   */
  async attachOrder(userId: number, accessToken: string): Promise<AttachOrderResponse> {
    const value = accessToken.trim();
    const invalid = new ValidationError('accessToken: invalid or expired access token', 'accessToken', 'invalid_token');
    if (!value || value.length > MAX_TOKEN_LENGTH) throw invalid;
    const order = await this.deps.repo.orderByTokenHash(hashAccessToken(value));
    if (!order || accessTokenState(order, value) !== 'valid') throw invalid;
    const outcome = await this.deps.repo.attachToAccount(order.id, userId);
    if (outcome === 'other') {
      throw new ConflictError(
        'This order belongs to another account. Sign in to that account to see it.',
        'order_belongs_to_another_account',
        'accessToken',
      );
    }
    return { orderNumber: order.orderNumber, alreadyAttached: outcome === 'already' };
  }

  /**
   * The top-up by number that `scope` opens. A malformed number (`orderNumberParamsSchema`) is
   * answered 404 like an unknown one, before any query: it may hold anything a URL can (NUL
   * included).
   */
  private async findTopup(scope: PortalScope, orderNumber: string): Promise<PortalTopupRow> {
    const wellFormed = orderNumberParamsSchema.shape.id.safeParse(orderNumber).success;
    const found = !wellFormed
      ? undefined
      : scope.kind === 'token'
        ? await this.deps.repo.topupOfPortal(scope.order.id, orderNumber)
        : await this.deps.repo.topupOfAccount(scope.account.userId, orderNumber);
    if (!found) throw new NotFoundError('Order Not Found');
    return found;
  }

  private topupView(found: PortalTopupRow): PortalTopup {
    const { order } = found;
    return {
      orderNumber: order.orderNumber,
      status: order.status as PortalTopup['status'],
      paymentStatus: order.paymentStatus as PortalTopup['paymentStatus'],
      iccid: found.iccid,
      productName: found.productName,
      plan: found.plan,
      totalCents: order.totalCents,
      currency: 'USD',
      createdAt: order.createdAt.toISOString(),
      applied: found.applied,
    };
  }

  /** The eSIM by ICCID that `scope` opens, with its own order; 404 otherwise. */
  private async esimOf(scope: PortalScope, iccid: string): Promise<ScopedEsim> {
    const found =
      scope.kind === 'token'
        ? await this.deps.repo
            .esimOfOrder(scope.order.id, iccid)
            .then((item) => (item ? { order: scope.order, item } : undefined))
        : await this.deps.repo.esimOfAccount(scope.account.userId, iccid);
    if (!found) throw new NotFoundError('eSIM not found', 'iccid');
    return found;
  }

  /**
   * The eSIM by ICCID that `scope` opens, if it can be topped up.
   * @throws NotFoundError 404 (not the scope's); ConflictError 409 `esim_refunded` when the order
   *   that bought it was refunded (even if a bundle that had started still runs at the provider),
   *   409 `topup_unavailable` when it is not active (`canTopUp`).
   */
  private async activeEsim(scope: PortalScope, iccid: string): Promise<ScopedEsim> {
    const found = await this.esimOf(scope, iccid);
    const { refund } = found.item;
    if (refund) {
      throw new ConflictError(
        `This eSIM was refunded on ${refund.refundedAt.toISOString().slice(0, 10)} (order ${refund.orderNumber}), so it can no longer be topped up. Buy a new eSIM for your next trip.`,
        'esim_refunded',
      );
    }
    const state = esimDisplayState(
      found.item.esim.profileState,
      found.item.bundles.map((b) => b.state),
    );
    if (!canTopUp(state)) {
      throw new ConflictError(
        'Activate to Top-Up: top-ups are available once the eSIM is in use at the destination',
        'topup_unavailable',
      );
    }
    return found;
  }

  private toEsim(item: EsimWithBundles): PortalEsim {
    return toPortalEsim(item, this.deps.simulatorUrl(item.esim.iccid));
  }
}
