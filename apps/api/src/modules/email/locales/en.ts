import type { EmailStrings } from './types.ts';

/** English e-mail texts (the fallback language). */
export const en: EmailStrings = {
  common: {
    greeting: 'Hi {name},',
    supportHeading: 'Need help?',
    supportIntro: 'We answer e-mails within 24 hours, and technical emergencies around the clock.',
    emailLabel: 'E-mail',
    whatsappLabel: 'WhatsApp',
    phoneLabel: 'Phone',
    supportHours:
      'Live chat and WhatsApp: Monday to Friday, 09:00–18:00 GMT. Phone: Monday to Friday, 09:00–17:00 GMT.',
    tagline: '{brand} – prepaid travel eSIM data plans for 200+ countries.',
  },
  orderConfirmation: {
    subject: {
      one: 'Your eSIM is ready – order {orderNumber}',
      other: 'Your {count} eSIMs are ready – order {orderNumber}',
    },
    preheader: {
      one: 'Scan the QR code to install your eSIM before you travel.',
      other: 'Scan the QR codes to install your {count} eSIMs before you travel.',
    },
    heading: { one: 'Your eSIM is ready', other: 'Your {count} eSIMs are ready' },
    intro: {
      one: 'Thank you for your order {orderNumber}. Your eSIM is ready to install: its QR code and activation details are below.',
      other:
        'Thank you for your order {orderNumber}. Your {count} eSIMs are ready to install: their QR codes and activation details are below.',
    },
    summaryHeading: 'Order summary',
    orderNumber: 'Order number',
    orderDate: 'Order date',
    item: 'Plan',
    quantity: 'Qty',
    amount: 'Amount',
    total: 'Total',
    pricesNote: 'Prices in US dollars, taxes included.',
    esimHeading: 'eSIM {index} of {total} · {product}',
    scanHint:
      'Scan the QR code with the phone you are taking abroad (show it on another screen or print it), or open this e-mail on that phone and tap an install button.',
    qrAlt: 'QR code to install eSIM {iccid}',
    iccid: 'ICCID',
    smdpAddress: 'SM-DP+ address',
    matchingId: 'Matching ID',
    activationCode: 'Activation code',
    installIphone: 'Install on iPhone',
    installAndroid: 'Install on Android',
    iphoneNote:
      'One-tap installation needs iOS 17.4 or later. On other phones, scan the QR code or enter the details by hand.',
    stepsHeading: 'How to install',
    steps: [
      'Before you travel, connect your phone to Wi-Fi.',
      'On iPhone open Settings > Cellular (or Mobile Data) > Add eSIM; on Android open Settings > Network & internet > SIMs > Add eSIM. Scan the QR code, or choose to enter the details manually and type the SM-DP+ address and activation code.',
      'Name the new line "Travel" and choose it for mobile data. Keep your main line for calls and texts.',
      'When you land, turn on data roaming for the Travel line. Your plan starts the first time it connects at your destination.',
    ],
    keepInstalled: 'Do not delete the eSIM after installing it: most eSIMs cannot be installed a second time.',
    portalHeading: 'Your customer portal',
    portalText:
      'Check your data usage, see your plans and buy top-ups in the customer portal. Sign in with this access token:',
    accessToken: 'Access token',
    tokenNote: 'Keep it private: anyone who has it can see your eSIMs.',
    portalButton: 'Open the customer portal',
    viewOrder: 'View your order online',
    refundHeading: 'Refund policy',
    refund:
      'You can get a full refund within 30 days of purchase if your eSIM has not been activated. Once it is activated, it can no longer be refunded.',
    reason: 'You are receiving this e-mail because you placed order {orderNumber} at {brand}.',
  },
  topupReceipt: {
    subject: 'Your top-up is on its way – order {orderNumber}',
    preheader: '{product} has been added to your eSIM and starts when your current plan ends.',
    heading: 'Your top-up is on its way',
    intro: 'Thank you for your top-up order {orderNumber}. We have added {product} to your eSIM with ICCID {iccid}.',
    detailsHeading: 'Top-up details',
    plan: 'Plan',
    data: 'Data',
    unlimited: 'Unlimited',
    validity: 'Valid for',
    validityDays: { one: '{count} day', other: '{count} days' },
    esim: 'Your eSIM (ICCID)',
    orderNumber: 'Order number',
    orderDate: 'Order date',
    amountPaid: 'Amount paid',
    paymentMethod: 'Paid with',
    pricesNote: 'Prices in US dollars, taxes included.',
    whenHeading: 'When does it start?',
    whenText:
      'Your top-up waits in line behind the plan you are using now and starts by itself as soon as that plan expires or its data runs out, so nothing you have left is lost. Its validity counts from that moment.',
    noInstall: 'There is nothing to install: it works on the eSIM you already have, with the same settings.',
    portalHeading: 'Keep an eye on your data',
    portalText:
      'The customer portal shows how much data you have left and when each plan starts and ends. Sign in with the access token from your order confirmation e-mail.',
    portalButton: 'Open the customer portal',
    reason: 'You are receiving this e-mail because you bought a top-up (order {orderNumber}) at {brand}.',
  },
};
