import { paymentThrottles } from '../../lib/payment-throttle.ts';
import { SandboxEsimProvider } from '../../providers/esim/sandbox.ts';
import type { ModuleContext } from '../module-context.ts';
import { sandboxEsimRoutes } from './sandbox-device.routes.ts';
import { simulatorPath } from './sandbox-device-page.ts';
import { sandboxPaymentRoutes } from './sandbox-payment.routes.ts';

export { DEVICE_PAGE_STYLE } from './sandbox-device-page.ts';
export { PAYPAL_PAGE_STYLE } from './sandbox-paypal-page.ts';

/**
 * The local fakes' own pages (decision record 0007), served only while a fake is in use: the
 * payment sandbox's card tokenisation endpoint and PayPal approval page (`/sandbox/paypal/*`), and
 * the eSIM sandbox's device simulator (`/sandbox/esims/*`). Returns the simulator's address of an
 * eSIM for the portal (null with a real eSIM provider).
 */
export async function sandboxModule(ctx: ModuleContext): Promise<{ simulatorUrl: (iccid: string) => string | null }> {
  const { app, config, esimProvider } = ctx;
  const paymentSandbox = ctx.paymentProviders.sandbox;
  if (paymentSandbox) {
    await app.register(sandboxPaymentRoutes, {
      sandbox: paymentSandbox,
      throttle: paymentThrottles(ctx.throttler, config.paymentThrottle).tokenisation,
    });
  }
  const esimSandbox = esimProvider instanceof SandboxEsimProvider ? esimProvider : undefined;
  if (esimSandbox) await app.register(sandboxEsimRoutes, { sandbox: esimSandbox });
  return { simulatorUrl: (iccid) => (esimSandbox ? simulatorPath(iccid) : null) };
}
