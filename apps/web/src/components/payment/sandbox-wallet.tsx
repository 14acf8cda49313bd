import { formatPrice } from '@esim/contract/format';
import type { Wallet } from '@esim/contract/payments';
import { CreditCard, FlaskConical } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletHandlers } from '../../lib/card-payment.ts';
import { createWalletToken } from '../../lib/card-token.ts';
import { randomId } from '../../lib/session.ts';
import { Button, buttonClass } from '../ui/button.tsx';

/** The wallet names as the wallets write them (not translated). */
export const WALLET_NAMES: Readonly<Record<Wallet, string>> = { google_pay: 'Google Pay', apple_pay: 'Apple Pay' };

/**
 * The wallets this browser could pay with: Apple Pay where
 * Safari's `ApplePaySession.canMakePayments()` says so, Google Pay where the Payment Request API
 * exists (Chromium, including headless). Stripe's Express Checkout Element decides the same for
 * real payments; this is the sandbox's rule for its simulation.
 */
export function availableWallets(win: Window = window): Wallet[] {
  const w = win as Window & { ApplePaySession?: { canMakePayments?: () => boolean }; PaymentRequest?: unknown };
  const wallets: Wallet[] = [];
  try {
    if (w.ApplePaySession?.canMakePayments?.()) wallets.push('apple_pay');
  } catch {
    // Not allowed here (e.g. an insecure context).
  }
  if (typeof w.PaymentRequest === 'function') wallets.push('google_pay');
  return wallets;
}

/** No wallet on the server (decision record 0022: render code reads no browser globals). */
const NO_WALLETS: readonly Wallet[] = [];
let browserWallets: readonly Wallet[] | undefined;
/** This browser's wallets, computed once (a stable snapshot for `useSyncExternalStore`). */
const walletsSnapshot = (): readonly Wallet[] => (browserWallets ??= availableWallets());
const noSubscription = () => () => undefined;

interface SandboxWalletsProps {
  amountCents: number;
  currency: string;
  handlers: WalletHandlers;
  disabled?: boolean;
}

/**
 * The sandbox's wallet buttons ("Buy with Google Pay", "Buy with Apple Pay"), shown only where the
 * browser could use that wallet ({@link availableWallets}), and the simulated wallet sheet they
 * open (a dialog: amount, the test card, Pay / Cancel). "Pay" hands the form a wallet source
 * whose token is the sandbox's wallet token (`POST /api/payments/sandbox/wallet-tokens`), so the
 * payment goes through the normal checkout with `payment.wallet` (so the flow can be tried and
 * tested without Stripe). Nothing is rendered when no wallet is available. Texts: `payment`.
 */
export function SandboxWallets({ amountCents, currency, handlers, disabled }: SandboxWalletsProps) {
  const { t } = useTranslation('payment');
  const wallets = useSyncExternalStore(noSubscription, walletsSnapshot, () => NO_WALLETS);
  const [open, setOpen] = useState<Wallet | null>(null);
  if (wallets.length === 0) return null;

  const start = async (wallet: Wallet) => {
    if (await handlers.onClick()) setOpen(wallet);
  };
  const pay = () => {
    if (!open) return;
    const wallet = open;
    setOpen(null);
    handlers.onConfirm({ wallet, id: randomId(), getToken: async () => (await createWalletToken(wallet)).token });
  };
  const price = formatPrice(amountCents, currency);

  return (
    <>
      <div className="grid gap-2 sm:grid-cols-2">
        {wallets.map((wallet) => (
          <button
            key={wallet}
            type="button"
            disabled={disabled}
            onClick={() => void start(wallet)}
            className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-black px-4 font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
          >
            {t('wallets.buyWith', { wallet: WALLET_NAMES[wallet] })}
          </button>
        ))}
      </div>
      <Dialog.Root open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/50" />
          <Dialog.Content className="fixed inset-x-0 bottom-0 z-[10004] rounded-t-2xl bg-white p-6 shadow-xl sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(26rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
            <Dialog.Title className="text-lg font-bold text-ink">
              {open ? t('wallets.sheetTitle', { wallet: WALLET_NAMES[open] }) : ''}
            </Dialog.Title>
            <Dialog.Description className="mt-2 flex items-start gap-2 text-sm text-amber-900">
              <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {open ? t('wallets.sheetNote', { wallet: WALLET_NAMES[open] }) : ''}
            </Dialog.Description>
            <p className="mt-5 text-3xl font-extrabold tracking-tight text-ink">{price}</p>
            <p className="mt-4 flex items-center gap-2 rounded-xl p-3 text-ink ring-1 ring-slate-300">
              <CreditCard aria-hidden="true" className="size-5 text-brand-700" />
              {t('wallets.testCard')}
            </p>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClass('outline')}>{t('wallets.cancel')}</Dialog.Close>
              <Button type="button" onClick={pay}>
                {t('wallets.pay', { price })}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
