/**
 * Every throttle the browser journeys would hit from 127.0.0.1, lifted: many tests pay, sign in,
 * chat and write to support from one address in one run. The throttles' own tests run in the API
 * suite with explicit limits. Used by the stores of `playwright.config.ts` and the cluster's
 * instances (`cluster/cluster.ts`).
 */
export const LIFTED_THROTTLES: Record<string, string> = {
  // Payments.
  PAYMENT_THROTTLE_ATTEMPTS_PER_SESSION: '1000000',
  PAYMENT_THROTTLE_ATTEMPTS_PER_ADDRESS: '1000000',
  PAYMENT_THROTTLE_DECLINES_PER_SESSION: '1000000',
  PAYMENT_THROTTLE_DECLINES_PER_ADDRESS: '1000000',
  // The customer portal's requests per address (60 a minute by default): the portal journeys of both
  // browser projects load, refresh and sync it from one address, well past that (the "Too many attempts"
  // panel instead of the eSIM card).
  PORTAL_RATE_LIMIT_PER_MINUTE: '100000',
  // Sign-ins and registrations.
  AUTH_THROTTLE_FAILURES_PER_ACCOUNT: '1000000',
  AUTH_THROTTLE_FAILURES_PER_ADDRESS: '1000000',
  AUTH_THROTTLE_ATTEMPTS_PER_ADDRESS: '1000000',
  AUTH_RESET_REQUESTS_PER_EMAIL: '1000000',
  AUTH_RESET_REQUESTS_PER_ADDRESS: '1000000',
  // The chat assistant and the contact form.
  CHAT_RATE_LIMIT_PER_SESSION: '1000000',
  CHAT_RATE_LIMIT_PER_ADDRESS: '1000000',
  SUPPORT_RATE_LIMIT_PER_HOUR: '1000000',
};
