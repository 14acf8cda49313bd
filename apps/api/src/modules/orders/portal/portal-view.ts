import type { PortalBundle, PortalEsim, PortalOrder } from '@esim/contract/portal';
import { dataAmountLabel } from '@esim/contract/format';
import { isOrderStatus } from '../order-status.ts';
import {
  bestSpeed,
  bundleUsage,
  canTopUp,
  esimDisplayState,
  headlineBundle,
  isArchived,
  portalBundleState,
} from './esim-state.ts';
import type { EsimWithBundles, PortalOrderSummary } from './portal.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Builds the portal's view of one eSIM from its stored rows (the one place they become
 * `PortalEsim`): display state from the profile and bundle states, usage of the headline bundle,
 * bundles main first, the network card from the plan's coverage. `simulatorUrl` is the sandbox
 * device page, or null with a real provider.
 *
 * Once the order that bought it was refunded, the eSIM is `Refunded` with the refund (amount in
 * cents, date), and its install details (SM-DP+ address, matching id, activation code: what its
 * QR code carries) and the simulator page are left out: a refunded eSIM is not to be installed.
 */
export function toPortalEsim(item: EsimWithBundles, simulatorUrl: string | null): PortalEsim {
  const { esim, bundles, plan, networks, refund } = item;
  const refunded = refund !== null;
  const state = esimDisplayState(
    esim.profileState,
    bundles.map((b) => b.state),
    refunded,
  );
  const headline = headlineBundle(bundles);
  const ends = bundles.flatMap((b) => (b.endsAt ? [b.endsAt] : []));
  const speeds = networks.flatMap((n) => n.speeds);
  return {
    iccid: esim.iccid,
    smdpAddress: refunded ? null : esim.smdpAddress,
    matchingId: refunded ? null : esim.matchingId,
    activationCode: refunded ? null : esim.activationCode,
    state,
    refund: refund && {
      orderNumber: refund.orderNumber,
      amountCents: refund.amountCents,
      refundedAt: refund.refundedAt.toISOString(),
    },
    archived: isArchived(state),
    planName: plan.name,
    countryCode: plan.countryCode,
    orderNumber: bundles.find((b) => b.kind === 'main')?.orderNumber ?? '',
    purchasedAt: esim.createdAt.toISOString(),
    activatedAt: iso(esim.activatedAt),
    expiresAt: ends.length > 0 ? new Date(Math.max(...ends.map((d) => d.getTime()))).toISOString() : null,
    usage: headline
      ? bundleUsage(headline)
      : { unlimited: false, totalBytes: 0, usedBytes: 0, remainingBytes: 0, percentUsed: 0 },
    bundles: bundles.map((b): PortalBundle => ({
      id: b.providerAssignmentId ?? `line-${b.orderLineId ?? b.id}`,
      kind: b.kind === 'main' ? 'main' : 'topup',
      name: b.name,
      apiBundleName: b.apiBundleName,
      countryCode: b.countryCode,
      state: portalBundleState(b.state, b.refunded),
      providerState: b.state,
      dataAmount: dataAmountLabel(b.unlimited ? null : b.dataMb),
      validityDays: Math.max(1, b.validityDays),
      tier: b.tier,
      usage: bundleUsage(b),
      startedAt: iso(b.startedAt),
      expiresAt: iso(b.endsAt),
      orderNumber: b.orderNumber,
    })),
    canTopUp: canTopUp(state),
    syncedAt: iso(esim.syncedAt),
    network: {
      operators: networks.map((n) => ({ countryCode: n.countryCode, name: n.name, speeds: n.speeds })),
      serviceType: 'data',
      hotspot: true,
      speed: bestSpeed(speeds),
    },
    simulatorUrl: refunded ? null : simulatorUrl,
  };
}

/** One row of the portal's order history. */
export function toPortalOrder(summary: PortalOrderSummary): PortalOrder {
  return {
    orderNumber: summary.orderNumber,
    kind: summary.kind === 'topup' ? 'topup' : 'order',
    createdAt: summary.createdAt.toISOString(),
    status: isOrderStatus(summary.status) ? summary.status : 'pending',
    totalCents: summary.totalCents,
    currency: 'USD',
    description: summary.lines.map((l) => (l.quantity > 1 ? `${l.quantity} × ${l.name}` : l.name)).join(', '),
    items: summary.lines.map(({ quantity, countryCode, dataAmount, validityDays, tier }) => ({
      quantity,
      countryCode,
      dataAmount,
      validityDays,
      tier,
    })),
  };
}
