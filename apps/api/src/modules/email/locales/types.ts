/**
 * The shape of every e-mail text, one object per language (`en.ts`, `tr.ts`, `es.ts`, `fr.ts`,
 * `de.ts`); the compiler rejects a language that misses a key. Placeholders are `{name}` style
 * and replaced by `fill` in `email-html.ts`. Texts are plain text: the renderer escapes them.
 */

/** A text per CLDR plural category (`Intl.PluralRules`); `{count}` is the number. */
export interface Plural {
  one: string;
  other: string;
}

/** Texts shared by every template. */
export interface CommonEmailStrings {
  /** `{name}`: the customer's name. */
  greeting: string;
  supportHeading: string;
  /** Response times: e-mail within 24 hours; only the website's chat assistant answers 24/7 (no person does). */
  supportIntro: string;
  emailLabel: string;
  whatsappLabel: string;
  phoneLabel: string;
  /** Opening hours of the support team and the phone line, Monday to Friday, from `@esim/contract/support-hours`. */
  supportHours: string;
  /** `{brand}`: the store's tagline under every message. */
  tagline: string;
}

/**
 * Labels of an order's summary (`order-summary.tsx`): the order confirmation and the status
 * messages show it whole; the top-up receipt shows the order number, the date and the note.
 */
export interface OrderSummaryStrings {
  heading: string;
  orderNumber: string;
  orderDate: string;
  /** Header of the column of plan names. */
  item: string;
  quantity: string;
  amount: string;
  total: string;
  /** Amounts are US dollars, taxes included (`docs/product-rules.md#prices-and-currency`). */
  pricesNote: string;
}

/** Texts of the order confirmation (`order-confirmation`). */
export interface OrderConfirmationStrings {
  /** `{orderNumber}`, `{count}` (number of eSIMs). */
  subject: Plural;
  /** Hidden preview line shown by mail clients next to the subject; `{count}`. */
  preheader: Plural;
  /** `{count}`. */
  heading: Plural;
  /** `{orderNumber}`, `{count}`. */
  intro: Plural;
  /** `{index}`, `{total}`, `{product}`. */
  esimHeading: string;
  scanHint: string;
  /** Alt text of the QR image; `{iccid}`. */
  qrAlt: string;
  iccid: string;
  smdpAddress: string;
  matchingId: string;
  activationCode: string;
  installIphone: string;
  installAndroid: string;
  iphoneNote: string;
  stepsHeading: string;
  steps: readonly [string, string, string, string];
  keepInstalled: string;
  portalHeading: string;
  portalText: string;
  accessToken: string;
  tokenNote: string;
  portalButton: string;
  viewOrder: string;
  refundHeading: string;
  /** Full refund within 30 days while not activated, none after (`docs/product-rules.md#refunds`). */
  refund: string;
  /** Why the customer receives the message; `{orderNumber}`, `{brand}`. */
  reason: string;
}

/**
 * Texts of the top-up receipt (`topup-receipt`), sent once a top-up bundle bought in the customer
 * portal has been applied to an existing eSIM. The bundle is queued: it starts when the plan in
 * use ends or runs out of data (eSIM Go applies bundles to an eSIM in the order bought).
 */
export interface TopupReceiptStrings {
  /** `{orderNumber}`. */
  subject: string;
  /** Hidden preview line shown by mail clients next to the subject; `{product}`. */
  preheader: string;
  heading: string;
  /** `{orderNumber}`, `{product}`, `{iccid}`. */
  intro: string;
  detailsHeading: string;
  plan: string;
  data: string;
  /** Shown for the data amount of unlimited plans (the contract's display string `Unlimited`). */
  unlimited: string;
  validity: string;
  /** `{count}`: validity in days. */
  validityDays: Plural;
  /** Label of the eSIM's ICCID. */
  esim: string;
  amountPaid: string;
  /** Label of the payment, e.g. `Visa •••• 4242` or `PayPal`. */
  paymentMethod: string;
  whenHeading: string;
  /** The top-up queues behind the current plan and starts when it ends or runs out. */
  whenText: string;
  /** Nothing to install: it works on the eSIM already installed. */
  noInstall: string;
  portalHeading: string;
  /** The link carries no token: sign in with the one from the order confirmation. */
  portalText: string;
  portalButton: string;
  /** Why the customer receives the message; `{orderNumber}`, `{brand}`. */
  reason: string;
}

/**
 * Texts of the password-reset e-mail (`password-reset`), sent in the account's language
 * when a reset is asked for an address that has an account. The link works once, for
 * `{minutes}` (30) minutes; a reset signs out every device.
 */
export interface PasswordResetStrings {
  /** `{brand}`. */
  subject: string;
  /** Hidden preview line shown by mail clients next to the subject; `{minutes}`. */
  preheader: string;
  heading: string;
  /** What was asked for; `{brand}`, `{username}` (shown in bold). */
  intro: string;
  /** The button to the reset page. */
  button: string;
  /** How long and how often the link works; `{minutes}`. */
  validity: string;
  /** Above the link written out in full, for mail clients that break buttons. */
  linkHint: string;
  /** A new password signs out every device signed in to the account. */
  sessionsNote: string;
  /** Whoever did not ask can ignore the message: the password is unchanged. */
  ignore: string;
  /** Why the message was sent; `{brand}`. */
  reason: string;
}

/** What one status's message says (`order-status-<status>`); `{orderNumber}` in every text, `{amount}` in the refund's. */
export interface OrderStatusMessage {
  /** `{orderNumber}`. */
  subject: string;
  /** Hidden preview line shown by mail clients next to the subject; `{orderNumber}`. */
  preheader: string;
  heading: string;
  /** What happened and what comes next; `{orderNumber}` (and `{amount}` for `refunded`). */
  body: string;
}

/**
 * Texts of the order status messages (`POST /api/orders/{id}/notify`): one message per order
 * status, each with the order's summary, a link to the customer portal and support. Sent by an
 * admin, in the order's language.
 */
export interface OrderStatusStrings {
  /** Label before the status's name, e.g. "Order status". */
  statusLabel: string;
  /** Refunds: label of the amount refunded. */
  refundAmount: string;
  /** Refunds reach cards in 3-5 business days, PayPal in 1-2 (`docs/product-rules.md#refunds`). */
  refundTiming: string;
  portalText: string;
  portalButton: string;
  /** Why the customer receives the message; `{orderNumber}`, `{brand}`. */
  reason: string;
  pending: OrderStatusMessage;
  created: OrderStatusMessage;
  processing: OrderStatusMessage;
  processed: OrderStatusMessage;
  shipped: OrderStatusMessage;
  completed: OrderStatusMessage;
  cancelled: OrderStatusMessage;
  refunded: OrderStatusMessage;
}

/**
 * Texts of the support desk's copy of a contact-form message (`support-message`),
 * sent to `SUPPORT_EMAIL` with the sender as Reply-To. Its subject is `[<reference>] <subject>`
 * in every language; the store sends it in English (`SUPPORT_DESK_LANGUAGE`).
 */
export interface SupportMessageStrings {
  /** Hidden preview line shown by mail clients next to the subject; `{name}`. */
  preheader: string;
  heading: string;
  /** Who wrote, through what; `{name}`. */
  intro: string;
  reference: string;
  from: string;
  language: string;
  received: string;
  subject: string;
  messageHeading: string;
  /** Replying answers the sender; `{name}`, `{email}`. */
  replyHint: string;
  /** The button to the message in the admin area. */
  adminButton: string;
  /** Why the message was sent; `{brand}`. */
  reason: string;
}

/**
 * Texts of the acknowledgement of a contact-form message (`support-acknowledgement`: e-mail
 * answered within 24 hours, support Monday to Friday at the hours of
 * `@esim/contract/support-hours`), sent to the sender in the page's language. It quotes the subject and gives
 * the reference, never the message itself (the form must not relay text to any address).
 */
export interface SupportAcknowledgementStrings {
  /** `{reference}`. */
  subject: string;
  /** Hidden preview line shown by mail clients next to the subject; `{reference}`. */
  preheader: string;
  heading: string;
  /** Thanks, and "We'll get back to you within 24 hours"; `{brand}`. */
  intro: string;
  /** The subject quoted in the language's quotation marks; `{subject}` (shown in bold). */
  subjectLine: string;
  /** `{reference}` (shown in bold). */
  referenceLine: string;
  /** Quote the reference when writing again. */
  referenceHint: string;
  /** The support team's hours (`@esim/contract/support-hours`), Monday to Friday; the chat assistant for any hour. */
  hours: string;
  /** Whoever did not write can ignore the message. */
  notYou: string;
  /** Why the message was sent; `{brand}`. */
  reason: string;
}

/** Every e-mail text of one language. */
export interface EmailStrings {
  common: CommonEmailStrings;
  orderSummary: OrderSummaryStrings;
  orderConfirmation: OrderConfirmationStrings;
  topupReceipt: TopupReceiptStrings;
  passwordReset: PasswordResetStrings;
  orderStatus: OrderStatusStrings;
  supportMessage: SupportMessageStrings;
  supportAcknowledgement: SupportAcknowledgementStrings;
}
