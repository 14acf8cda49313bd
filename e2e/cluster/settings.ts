import type { ClusterOptions, FakeUrls } from './cluster.ts';

/**
 * Fixed ports of the cluster browser test on 127.0.0.1: nginx 5200, the two
 * instances 5201 and 5202, the fakes 5203 (eSIM Go), 5204 (Stripe), 5205 (PayPal).
 */
export const CLUSTER_PORTS: ClusterOptions['ports'] = {
  nginx: 5200,
  instances: [5201, 5202],
  esimgo: 5203,
  stripe: 5204,
  paypal: 5205,
};

/**
 * The providers the cluster's instances use. eSIM: the eSIM Go adapter against its fake (default;
 * `CLUSTER_ESIM_PROVIDER=sandbox` for the embedded simulator), so that "no eSIM provisioned twice"
 * is counted at the wholesaler. Cards: the sandbox (default; `CLUSTER_PAYMENT_PROVIDER=stripe`
 * for Stripe against its fake), whose charges and tokens live in the shared database; the Stripe
 * and PayPal browser journeys are the `providers` project's (`e2e/tests/providers/`).
 */
export function clusterProviders(): Pick<ClusterOptions, 'esim' | 'payments'> {
  const esim = process.env.CLUSTER_ESIM_PROVIDER ?? 'esimgo';
  const payments = process.env.CLUSTER_PAYMENT_PROVIDER ?? 'sandbox';
  if (esim !== 'esimgo' && esim !== 'sandbox') throw new Error(`CLUSTER_ESIM_PROVIDER=${esim}: esimgo or sandbox`);
  if (payments !== 'sandbox' && payments !== 'stripe')
    throw new Error(`CLUSTER_PAYMENT_PROVIDER=${payments}: sandbox or stripe`);
  return { esim, payments };
}

/** What the global set-up tells the test workers (`CLUSTER_STATE`). */
export interface ClusterState {
  /** nginx's origin, every instance's `PUBLIC_URL`. */
  url: string;
  databaseUrl: string;
  /** The instances' `AUTH_SECRET` and `PAYMENT_SANDBOX_SECRET` (production on PostgreSQL needs them). */
  secrets: { AUTH_SECRET: string; PAYMENT_SANDBOX_SECRET: string };
  instances: { index: number; port: number; url: string }[];
  fakes: FakeUrls | null;
  esim: ClusterOptions['esim'];
  payments: ClusterOptions['payments'];
  /** The cluster's temporary folder: `instance-N.log`, `fakes.log`, `nginx/access.log`. */
  dir: string;
}
