import type { PlanFacts } from '@esim/contract/catalog';
import { activationCode } from '@esim/contract/order';
import type { Language } from '@esim/contract/languages';
import type { RenderedEmail } from './email-layout.tsx';
import {
  ORDER_CONFIRMATION_TEMPLATE,
  type OrderConfirmationData,
  renderOrderConfirmation,
} from './order-confirmation.tsx';
import { ORDER_STATUS_LABELS } from '@esim/contract/admin-orders';
import { ORDER_STATUSES, type OrderStatus } from '@esim/contract/order';
import { type OrderStatusEmailData, orderStatusTemplate, renderOrderStatusEmail } from './order-status.tsx';
import {
  PASSWORD_RESET_TEMPLATE,
  type PasswordResetData,
  passwordResetUrl,
  renderPasswordReset,
} from './password-reset.tsx';
import {
  SUPPORT_ACKNOWLEDGEMENT_TEMPLATE,
  type SupportAcknowledgementData,
  renderSupportAcknowledgement,
} from './support-acknowledgement.tsx';
import { SUPPORT_MESSAGE_TEMPLATE, type SupportMessageEmailData, renderSupportMessage } from './support-message.tsx';
import { TOPUP_RECEIPT_TEMPLATE, type TopupReceiptData, renderTopupReceipt } from './topup-receipt.tsx';

/** An e-mail template the preview can show. */
export interface EmailTemplateEntry {
  /** Human name for the preview index. */
  title: string;
  /**
   * Renders the template with fixed sample data (never a real order).
   * @param origin absolute http(s) origin the sample links point to, e.g. `http://localhost:5000`.
   */
  renderSample(language: Language, origin: string): Promise<RenderedEmail>;
}

/** Sample customers, one per language, so that each preview reads naturally. */
const SAMPLE_NAMES: Record<Language, string> = {
  en: 'Alex Morgan',
  tr: 'Elif Yılmaz',
  es: 'Lucía García',
  fr: 'Camille Dubois',
  de: 'Lena Schmidt',
};

const SAMPLE_SMDP = 'rsp.sandbox.roamwise.example';

/**
 * Sample order for previews: two eSIMs of two plans, Luhn-valid ICCIDs, fixed date, a sample
 * access token. Links point at `origin`; the portal link gets the token as `#token=` from the
 * renderer (`portalSignInUrl`), so `portalUrl` stays the bare portal address.
 */
export function sampleOrderConfirmation(language: Language, origin: string): OrderConfirmationData {
  const orderNumber = 'ORD-7K3F9Q2X4M';
  const turkey = { countryCode: 'TR', dataAmount: '5GB', validityDays: 30, tier: null };
  const europe = { countryCode: 'Europe+', dataAmount: '3GB', validityDays: 15, tier: null };
  const esim = (iccid: string, matchingId: string, productName: string, plan: PlanFacts) => ({
    iccid,
    smdpAddress: SAMPLE_SMDP,
    matchingId,
    activationCode: activationCode(SAMPLE_SMDP, matchingId),
    productName,
    plan,
  });
  return {
    customerName: SAMPLE_NAMES[language],
    orderNumber,
    orderDate: '2026-11-22T10:30:00.000Z',
    totalCents: 2498,
    items: [
      { name: 'Turkey 5GB 30 Days [prepaid]', plan: turkey, quantity: 1, lineTotalCents: 1299 },
      { name: 'Europe+ 3GB 15 Days [prepaid]', plan: europe, quantity: 1, lineTotalCents: 1199 },
    ],
    esims: [
      esim('8944000000123456783', 'K2X7Q9M4T8W1P5R3N6B0V2C8Z4L7H1J9', 'Turkey 5GB 30 Days [prepaid]', turkey),
      esim('8944000000876543217', 'M8T3R6W1Q4Z9X2P7K5N0B3V8C1L6H4J2', 'Europe+ 3GB 15 Days [prepaid]', europe),
    ],
    accessToken: 'RW-SAMPLE-4F7K-9Q2M-X8T3',
    portalUrl: `${origin}/portal`,
    confirmationUrl: `${origin}/order-confirmation/${orderNumber}`,
  };
}

/**
 * Sample top-up for previews: a 3 GB, 15-day bundle paid by Visa, added to the first eSIM of
 * {@link sampleOrderConfirmation} (same customer, ICCID), fixed date. The portal link points at
 * `origin` and carries no token, as in the real receipt.
 */
export function sampleTopupReceipt(language: Language, origin: string): TopupReceiptData {
  return {
    customerName: SAMPLE_NAMES[language],
    orderNumber: 'ORD-9T4M2K7X5P',
    orderDate: new Date('2026-12-03T18:45:00.000Z'),
    productName: 'Turkey 3GB 15 Days [prepaid]',
    plan: { countryCode: 'TR', dataAmount: '3GB', validityDays: 15, tier: null },
    dataAmount: '3GB',
    validityDays: 15,
    iccid: '8944000000123456783',
    totalCents: 899,
    paymentLabel: 'Visa •••• 4242',
    portalUrl: `${origin}/portal`,
  };
}

/** Sample usernames, one per language, matching {@link SAMPLE_NAMES}. */
const SAMPLE_USERNAMES: Record<Language, string> = {
  en: 'alex.morgan',
  tr: 'elif.yilmaz',
  es: 'lucia.garcia',
  fr: 'camille.dubois',
  de: 'lena.schmidt',
};

/** The sample reset token of the previews: not a real token's shape (43 base64url characters), so it opens nothing. */
export const SAMPLE_RESET_TOKEN = 'SAMPLE-RESET-TOKEN-7Q2M';

/**
 * Sample password reset for previews: the language's sample customer and username, a link to
 * `origin`'s reset page with {@link SAMPLE_RESET_TOKEN} in the fragment, 30 minutes, fixed date.
 */
export function samplePasswordReset(language: Language, origin: string): PasswordResetData {
  return {
    customerName: SAMPLE_NAMES[language],
    username: SAMPLE_USERNAMES[language],
    resetUrl: passwordResetUrl(origin, SAMPLE_RESET_TOKEN),
    validMinutes: 30,
    requestedAt: new Date('2026-12-05T08:15:00.000Z'),
  };
}

/**
 * Sample order for the status messages' previews (`order-status-<status>`): the order of
 * {@link sampleOrderConfirmation} (same customer, number, lines), refunded in full for `refunded`.
 */
export function sampleOrderStatus(language: Language, origin: string): OrderStatusEmailData {
  const order = sampleOrderConfirmation(language, origin);
  return {
    customerName: order.customerName,
    orderNumber: order.orderNumber,
    orderDate: order.orderDate,
    totalCents: order.totalCents,
    items: order.items,
    refundCents: order.totalCents,
    portalUrl: order.portalUrl,
  };
}

/** Sample subjects of the contact form, one per language, matching {@link SAMPLE_NAMES}. */
const SAMPLE_SUPPORT_SUBJECTS: Record<Language, string> = {
  en: 'No data after landing in Tokyo (ORD-7K3F9Q2X4M)',
  tr: 'Tokyo’ya indikten sonra internet yok (ORD-7K3F9Q2X4M)',
  es: 'Sin datos al aterrizar en Tokio (ORD-7K3F9Q2X4M)',
  fr: 'Pas de données à l’arrivée à Tokyo (ORD-7K3F9Q2X4M)',
  de: 'Keine Daten nach der Landung in Tokio (ORD-7K3F9Q2X4M)',
};

/** The sample reference of the support previews. */
export const SAMPLE_SUPPORT_REFERENCE = 'SUP-7K3M4Q2X';

/**
 * Sample contact-form message for the support desk's copy (`support-message`): the language's
 * sample customer writing in that language, two lines, fixed date, a link to `origin`'s admin area.
 */
export function sampleSupportMessage(language: Language, origin: string): SupportMessageEmailData {
  return {
    reference: SAMPLE_SUPPORT_REFERENCE,
    name: SAMPLE_NAMES[language],
    email: `${SAMPLE_USERNAMES[language]}@example.com`,
    subject: SAMPLE_SUPPORT_SUBJECTS[language],
    message:
      'Hello,\nmy eSIM shows full signal but no data since I landed. Data roaming is on and the Travel line is selected for mobile data.\nThanks!',
    senderLanguage: language,
    receivedAt: new Date('2026-12-05T08:15:00.000Z'),
    adminUrl: `${origin}/admin/support-messages?id=1`,
  };
}

/** Sample acknowledgement (`support-acknowledgement`): the same message's sender, subject and reference. */
export function sampleSupportAcknowledgement(language: Language, origin: string): SupportAcknowledgementData {
  const message = sampleSupportMessage(language, origin);
  return { name: message.name, subject: message.subject, reference: message.reference, receivedAt: message.receivedAt };
}

/** One preview entry per status message, in the order of `ORDER_STATUSES`. */
const ORDER_STATUS_ENTRIES: Record<string, EmailTemplateEntry> = Object.fromEntries(
  ORDER_STATUSES.map((status: OrderStatus) => [
    orderStatusTemplate(status),
    {
      title: `Order status: ${ORDER_STATUS_LABELS[status].en}`,
      renderSample: (language: Language, origin: string) =>
        renderOrderStatusEmail(status, sampleOrderStatus(language, origin), language),
    },
  ]),
);

/**
 * Every e-mail template by id (`email_messages.template`), for the preview: `/email-preview`
 * lists each entry in every language, so a new template only needs an entry here.
 */
export const EMAIL_TEMPLATES: Readonly<Record<string, EmailTemplateEntry>> = {
  [ORDER_CONFIRMATION_TEMPLATE]: {
    title: 'Order confirmation',
    renderSample: (language, origin) => renderOrderConfirmation(sampleOrderConfirmation(language, origin), language),
  },
  [TOPUP_RECEIPT_TEMPLATE]: {
    title: 'Top-up receipt',
    renderSample: (language, origin) => renderTopupReceipt(sampleTopupReceipt(language, origin), language),
  },
  [PASSWORD_RESET_TEMPLATE]: {
    title: 'Password reset',
    renderSample: (language, origin) => renderPasswordReset(samplePasswordReset(language, origin), language),
  },
  ...ORDER_STATUS_ENTRIES,
  [SUPPORT_MESSAGE_TEMPLATE]: {
    title: 'Support message (to the support desk)',
    renderSample: (language, origin) => renderSupportMessage(sampleSupportMessage(language, origin), language),
  },
  [SUPPORT_ACKNOWLEDGEMENT_TEMPLATE]: {
    title: 'Support message acknowledgement',
    renderSample: (language, origin) =>
      renderSupportAcknowledgement(sampleSupportAcknowledgement(language, origin), language),
  },
};
