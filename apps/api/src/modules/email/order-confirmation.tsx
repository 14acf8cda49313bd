/** @jsxRuntime automatic @jsxImportSource react */
import { BRAND } from '@esim/contract/brand';
import type { PlanFacts } from '@esim/contract/catalog';
import { installDetailsOf } from '@esim/contract/esim-activation';
import { type OrderView, androidInstallUrl, appleInstallUrl } from '@esim/contract/order';
import { Column } from '@react-email/column';
import { Img } from '@react-email/img';
import { Row } from '@react-email/row';
import QRCode from 'qrcode';
import type { InlineImage } from '../../providers/mail/mailer.ts';
import { soldPlanName } from '../../lib/plan-names.ts';
import { COLORS, FONT, MONO, assertHttpUrl } from './email-html.ts';
import {
  ButtonLink,
  Buttons,
  Card,
  EmailLayout,
  Paragraph,
  type RenderedEmail,
  SectionHeading,
  fillElements,
  renderEmail,
} from './email-layout.tsx';
import {
  type MessageFrame,
  customerFrame,
  emailLanguage,
  fill,
  longDate,
  pluralForm,
  textHeading,
} from './email-text.ts';
import type { OrderConfirmationStrings, Plural } from './locales/index.ts';
import { OrderNumber, OrderSummary, type OrderSummaryProps, orderSummaryText } from './order-summary.tsx';

/** Template id of the order confirmation (`email_messages.template`). */
export const ORDER_CONFIRMATION_TEMPLATE = 'order-confirmation';

/** One order line as the e-mail lists it. */
export interface OrderConfirmationItem {
  /** Product name in English as sold, e.g. "Turkey 5GB 30 days"; shown only when `plan` is absent. */
  name: string;
  /**
   * The facts the line's plan is named by; the e-mail names it in its language with the shared
   * `planName` ('Unlimited Plus' keeps its tier; never the catalogue's English name).
   */
  plan?: PlanFacts;
  quantity: number;
  /** Line total in integer US cents. */
  lineTotalCents: number;
}

/** One delivered eSIM with its manual activation details. */
export interface OrderConfirmationEsim {
  /** 19-20 digits. */
  iccid: string;
  smdpAddress: string;
  matchingId: string;
  /** LPA string `LPA:1$<smdpAddress>$<matchingId>`; the QR code encodes exactly this. */
  activationCode: string;
  /** Name of the product the eSIM was bought as (English as sold); shown only when `plan` is absent. */
  productName: string;
  /** The facts of the plan the eSIM was bought as, named in the e-mail's language. */
  plan?: PlanFacts;
}

/** What the order confirmation shows. Every string is plain text; the renderer escapes it. */
export interface OrderConfirmationData {
  customerName: string;
  /** `ORD-...`. */
  orderNumber: string;
  /** When the order was placed: a Date or an ISO 8601 string; shown as a long date in UTC. */
  orderDate: Date | string;
  /** Order total in integer US cents. */
  totalCents: number;
  items: readonly OrderConfirmationItem[];
  /** The eSIMs delivered; their number is the count the texts mention. */
  esims: readonly OrderConfirmationEsim[];
  /**
   * The portal access token in clear (shown once, here and on the confirmation page). The e-mail
   * prints it and also puts it in the portal link's fragment, see {@link portalSignInUrl}.
   */
  accessToken: string;
  /**
   * Absolute http(s) URL of the customer portal without the token, e.g.
   * `https://roamwise.example/portal`; the renderer adds `#token=...` to the link.
   */
  portalUrl: string;
  /** Absolute http(s) URL of the order confirmation page. */
  confirmationUrl: string;
}

/**
 * The portal link that signs the customer in: `{portalUrl}#token={accessToken}` (the token
 * URI-encoded; any fragment of `portalUrl` is replaced). A fragment is never sent to a server, so
 * the token stays out of requests, proxies and access logs; the portal page reads it from
 * `location.hash` (as the order confirmation page does, `checkout-storage.ts` in the web app).
 * @param portalUrl absolute http(s) URL of the portal, e.g. `https://roamwise.example/portal`.
 * @param accessToken the portal access token in clear.
 * @throws TypeError when `portalUrl` is not an absolute http(s) URL.
 */
export function portalSignInUrl(portalUrl: string, accessToken: string): string {
  const base = assertHttpUrl(portalUrl, 'portalUrl').replace(/#.*$/s, '');
  return `${base}#token=${encodeURIComponent(accessToken)}`;
}

/**
 * Builds the e-mail's data from the order as the customer sees it (`GET /api/orders/{id}`).
 * @param order the order with its delivered eSIMs.
 * @param accessToken the portal access token in clear.
 * @param origin the store's public origin without a trailing slash, e.g. `https://roamwise.example`;
 *   the portal link is `{origin}/portal`, the order link `{origin}/order-confirmation/{orderNumber}`.
 */
export function orderConfirmationDataFromView(
  order: OrderView,
  accessToken: string,
  origin: string,
): OrderConfirmationData {
  const base = origin.replace(/\/+$/, '');
  return {
    customerName: order.customer.fullName,
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    totalCents: order.totalCents,
    items: order.items.map((i) => ({
      name: i.name,
      plan: planFactsOf(i),
      quantity: i.quantity,
      lineTotalCents: i.lineTotalCents,
    })),
    // An eSIM whose install details the view withholds (its order was refunded) has nothing to send.
    esims: order.esims.flatMap((e) => {
      const install = installDetailsOf(e);
      if (!install) return [];
      const line = order.items.find((i) => i.id === e.lineId);
      return [{ ...install, productName: e.productName, ...(line ? { plan: planFactsOf(line) } : {}) }];
    }),
    accessToken,
    portalUrl: `${base}/portal`,
    confirmationUrl: `${base}/order-confirmation/${encodeURIComponent(order.orderNumber)}`,
  };
}

/** The naming facts of an order line. */
function planFactsOf(line: OrderView['items'][number]): PlanFacts {
  return {
    countryCode: line.countryCode,
    dataAmount: line.dataAmount,
    validityDays: Math.max(1, line.validityDays),
    tier: line.tier,
  };
}

/**
 * PNG encoder settings for QR codes (pngjs, through `qrcode`'s `rendererOpts`): 8-bit grayscale
 * with the "Up" filter only. A QR code's rows repeat in runs of 8, so "Up" turns them into zeros
 * for deflate; pngjs's default tries all five filters per row and writes RGBA. Same pixels,
 * about 40 % smaller and 2.5 times faster (about 8 ms instead of 20 ms per code).
 */
const QR_PNG_OPTIONS = { filterType: 2, colorType: 0 } as const;

/**
 * QR code PNG of an LPA string: 8 px per module with a 2-module quiet zone (about 300 px for a
 * typical 32-character matching id, shown at 200 CSS px), error correction M. A fixed 400 px
 * width costs twice the time for no visible gain.
 */
async function qrPng(lpa: string): Promise<Buffer> {
  return QRCode.toBuffer(lpa, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    scale: 8,
    // `filterType` and `colorType` are pngjs options that @types/qrcode does not list.
    rendererOpts: QR_PNG_OPTIONS as QRCode.QRCodeToBufferOptions['rendererOpts'],
  });
}

/**
 * Everything the HTML and the text part of one order confirmation share, computed once (and
 * checked) before either is rendered; made by {@link orderConfirmationView}.
 */
export interface OrderConfirmationView {
  /** The order, its plans named in the e-mail's language. */
  data: OrderConfirmationData;
  /** Language, subject, heading, greeting, support and small print. */
  frame: MessageFrame;
  t: OrderConfirmationStrings;
  /** Placeholder values: `orderNumber`, `count`, `brand`, `name`. */
  vars: Readonly<Record<string, string | number>>;
  /** The number of eSIMs. */
  count: number;
  /** The intro in the count's plural form, placeholders left for the HTML's elements. */
  intro: string;
  /** The order summary: number, long date in UTC, lines, total. */
  summary: OrderSummaryProps;
  /** The portal link with `#token=`. */
  portalUrl: string;
  /** The order page link with `#token=`. */
  confirmationUrl: string;
}

/**
 * Prepares an order for {@link OrderConfirmationEmail} and the text part: the language (English
 * when `language` is not supported), its texts, subject, dates, total and signed-in links.
 * @throws TypeError when `portalUrl` or `confirmationUrl` is not an absolute http(s) URL;
 *   RangeError when `orderDate` is not a valid date.
 */
export function orderConfirmationView(data: OrderConfirmationData, language: string): OrderConfirmationView {
  const { lang, strings } = emailLanguage(language);
  const { common, orderConfirmation: t } = strings;
  const portalUrl = portalSignInUrl(data.portalUrl, data.accessToken);
  // The order page opens with the token too (on another device than the one that bought, say).
  const confirmationUrl = portalSignInUrl(assertHttpUrl(data.confirmationUrl, 'confirmationUrl'), data.accessToken);
  const date = longDate(data.orderDate, lang);
  const count = data.esims.length;
  const plural = (texts: Plural) => pluralForm(texts, count, lang);
  const vars = { orderNumber: data.orderNumber, count, brand: BRAND, name: data.customerName };
  const items = data.items.map((i) => (i.plan ? { ...i, name: soldPlanName(i.plan, lang) } : i));
  return {
    data: {
      ...data,
      items,
      esims: data.esims.map((e) => (e.plan ? { ...e, productName: soldPlanName(e.plan, lang) } : e)),
    },
    frame: customerFrame({
      lang,
      common,
      vars,
      date: data.orderDate,
      texts: {
        subject: plural(t.subject),
        preheader: plural(t.preheader),
        heading: plural(t.heading),
        reason: t.reason,
      },
    }),
    t,
    vars,
    count,
    intro: plural(t.intro),
    summary: {
      t: strings.orderSummary,
      order: { orderNumber: data.orderNumber, date, lines: items, totalCents: data.totalCents },
    },
    portalUrl,
    confirmationUrl,
  };
}

/** A label above its value; the value in monospace, breaking anywhere so long codes fit a phone. */
function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Row>
      <Column style={{ padding: '6px 0', borderTop: `1px solid ${COLORS.border}` }}>
        <div style={{ fontFamily: FONT, fontSize: 12, lineHeight: '16px', color: COLORS.muted }}>{label}</div>
        <div
          style={{
            fontFamily: MONO,
            fontSize: 14,
            lineHeight: '20px',
            color: COLORS.ink,
            wordBreak: 'break-all',
          }}
        >
          {value}
        </div>
      </Column>
    </Row>
  );
}

/** One eSIM's card: QR code (`cid:` image), install buttons, manual activation details. */
function EsimCard({
  view,
  esim,
  index,
  qrCid,
}: {
  view: OrderConfirmationView;
  esim: OrderConfirmationEsim;
  index: number;
  qrCid: string;
}) {
  const { t } = view;
  return (
    <Card>
      <SectionHeading>
        {fill(t.esimHeading, { index: index + 1, total: view.count, product: esim.productName })}
      </SectionHeading>
      <Row>
        <Column align="center" style={{ padding: '4px 0 12px' }}>
          <Img
            src={`cid:${qrCid}`}
            width={200}
            height={200}
            alt={fill(t.qrAlt, { iccid: esim.iccid })}
            style={{ width: 200, height: 200, maxWidth: '100%', margin: '0 auto', background: COLORS.white }}
          />
        </Column>
      </Row>
      <Paragraph size="small" muted>
        {t.scanHint}
      </Paragraph>
      <Buttons style={{ margin: '0 0 4px' }}>
        <ButtonLink href={appleInstallUrl(esim.activationCode)}>{t.installIphone}</ButtonLink>
        <ButtonLink href={androidInstallUrl(esim.activationCode)} variant="secondary">
          {t.installAndroid}
        </ButtonLink>
      </Buttons>
      <Paragraph size="fine">{t.iphoneNote}</Paragraph>
      <Detail label={t.iccid} value={esim.iccid} />
      <Detail label={t.smdpAddress} value={esim.smdpAddress} />
      <Detail label={t.matchingId} value={esim.matchingId} />
      <Detail label={t.activationCode} value={esim.activationCode} />
    </Card>
  );
}

/** The numbered install steps and the warning not to delete the eSIM. */
function InstallSteps({ t }: { t: OrderConfirmationStrings }) {
  return (
    <>
      <SectionHeading>{t.stepsHeading}</SectionHeading>
      {t.steps.map((step, i) => (
        <Row key={i}>
          <Column valign="top" style={{ width: 32, padding: '0 0 10px' }}>
            <div
              style={{
                width: 24,
                height: 24,
                borderRadius: 12,
                background: COLORS.brandSoft,
                color: COLORS.brand,
                fontFamily: FONT,
                fontSize: 13,
                lineHeight: '24px',
                fontWeight: 700,
                textAlign: 'center',
              }}
            >
              {String(i + 1)}
            </div>
          </Column>
          <Column
            valign="top"
            style={{ padding: '2px 0 10px', fontFamily: FONT, fontSize: 14, lineHeight: '20px', color: COLORS.ink }}
          >
            {step}
          </Column>
        </Row>
      ))}
      <Paragraph size="small" marginBottom={0} style={{ marginTop: 4, fontWeight: 600 }}>
        {t.keepInstalled}
      </Paragraph>
    </>
  );
}

/** The portal: the access token in a dashed box, the portal and order buttons (token in `#`). */
function PortalAccess({ view }: { view: OrderConfirmationView }) {
  const { t } = view;
  return (
    <>
      <SectionHeading>{t.portalHeading}</SectionHeading>
      <Paragraph size="small">{t.portalText}</Paragraph>
      <Row style={{ margin: '0 0 8px' }}>
        <Column
          style={{
            padding: '12px 16px',
            background: COLORS.brandSoft,
            border: `1px dashed ${COLORS.brand}`,
            borderRadius: 8,
          }}
        >
          <div style={{ fontFamily: FONT, fontSize: 12, lineHeight: '16px', color: COLORS.muted }}>{t.accessToken}</div>
          <div
            style={{
              fontFamily: MONO,
              fontSize: 18,
              lineHeight: '26px',
              fontWeight: 700,
              color: COLORS.ink,
              wordBreak: 'break-all',
              userSelect: 'all',
              WebkitUserSelect: 'all',
            }}
          >
            {view.data.accessToken}
          </div>
        </Column>
      </Row>
      <Paragraph size="fine">{t.tokenNote}</Paragraph>
      <Buttons>
        <ButtonLink href={view.portalUrl}>{t.portalButton}</ButtonLink>
        <ButtonLink href={view.confirmationUrl} variant="secondary">
          {t.viewOrder}
        </ButtonLink>
      </Buttons>
    </>
  );
}

/** Props of {@link OrderConfirmationEmail}. */
export interface OrderConfirmationEmailProps {
  view: OrderConfirmationView;
  /** Content-IDs of the QR code images, one per eSIM in order (`cid:` references). */
  qrCids: readonly string[];
}

/**
 * The order confirmation as a React Email document: intro, order summary, one card per eSIM, the
 * install steps, the portal access, refund policy and support. Rendered by
 * {@link renderOrderConfirmation}, which builds `view` from the order.
 */
export function OrderConfirmationEmail({ view, qrCids }: OrderConfirmationEmailProps) {
  const { data, t } = view;
  return (
    <EmailLayout
      frame={view.frame}
      opening={
        <Paragraph marginBottom={0}>
          {fillElements(view.intro, view.vars, { orderNumber: <OrderNumber>{data.orderNumber}</OrderNumber> })}
        </Paragraph>
      }
      beforeSupport={
        <>
          <SectionHeading>{t.refundHeading}</SectionHeading>
          <Paragraph size="small" marginBottom={20}>
            {t.refund}
          </Paragraph>
        </>
      }
    >
      <OrderSummary {...view.summary} />
      {data.esims.map((esim, i) => (
        <EsimCard key={i} view={view} esim={esim} index={i} qrCid={qrCids[i] ?? ''} />
      ))}
      <Card>
        <InstallSteps t={t} />
      </Card>
      <Card>
        <PortalAccess view={view} />
      </Card>
    </EmailLayout>
  );
}

/**
 * The plain-text part's body: the same content as the HTML, `== heading ==` sections, links in
 * full.
 */
function orderConfirmationText(view: OrderConfirmationView) {
  const { data, t, vars, count, portalUrl, confirmationUrl } = view;
  return [
    [fill(view.intro, vars)],
    orderSummaryText(view.summary),
    ...data.esims.map((esim, i) => [
      textHeading(fill(t.esimHeading, { index: i + 1, total: count, product: esim.productName })),
      `${t.iccid}: ${esim.iccid}`,
      `${t.smdpAddress}: ${esim.smdpAddress}`,
      `${t.matchingId}: ${esim.matchingId}`,
      `${t.activationCode}: ${esim.activationCode}`,
      `${t.installIphone}: ${appleInstallUrl(esim.activationCode)}`,
      `${t.installAndroid}: ${androidInstallUrl(esim.activationCode)}`,
      t.iphoneNote,
    ]),
    [textHeading(t.stepsHeading), ...t.steps.map((step, i) => `${i + 1}. ${step}`), t.keepInstalled],
    [
      textHeading(t.portalHeading),
      t.portalText,
      `${t.accessToken}: ${data.accessToken}`,
      t.tokenNote,
      `${t.portalButton}: ${portalUrl}`,
      `${t.viewOrder}: ${confirmationUrl}`,
    ],
    [textHeading(t.refundHeading), t.refund],
  ];
}

/**
 * Renders the order confirmation e-mail: greeting with the customer's name, order number and
 * date, the number of eSIMs, items and total (USD), then for each eSIM its QR code (inline PNG,
 * `cid:`), ICCID, SM-DP+ address, matching id, activation code and iPhone / Android install links
 * (`docs/product-rules.md#fulfilment-and-delivery-of-the-esim-profile`); install steps, the
 * portal access token, printed and in the portal link's fragment (`{portalUrl}#token=...`, see
 * {@link portalSignInUrl}) so the link opens the portal signed in; the refund policy and the
 * support contacts. The HTML is {@link OrderConfirmationEmail} rendered by React Email (600 px
 * column, inline styles); the plain text carries the same content.
 *
 * @param data the order; plain text, escaped by React in the HTML.
 * @param language `en`, `tr`, `es`, `fr` or `de`; anything else renders in English.
 * @returns subject, HTML, text and the QR images to attach inline.
 * @throws TypeError when `portalUrl` or `confirmationUrl` is not an absolute http(s) URL;
 *   RangeError when `orderDate` is not a valid date; Error from `qrcode` when an activation code
 *   is empty or too long for a QR code (all as rejected promises).
 */
export async function renderOrderConfirmation(data: OrderConfirmationData, language: string): Promise<RenderedEmail> {
  const view = orderConfirmationView(data, language);
  const inlineImages: InlineImage[] = await Promise.all(
    data.esims.map(async (esim, i) => ({
      cid: `esim-${i + 1}-qr@roamwise`,
      filename: `esim-${esim.iccid.replace(/[^0-9A-Za-z]/g, '') || i + 1}-qr.png`,
      contentType: 'image/png',
      content: await qrPng(esim.activationCode),
    })),
  );
  return renderEmail(
    ORDER_CONFIRMATION_TEMPLATE,
    view.frame,
    <OrderConfirmationEmail view={view} qrCids={inlineImages.map((image) => image.cid)} />,
    orderConfirmationText(view),
    inlineImages,
  );
}
