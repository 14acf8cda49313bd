import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { luhnCheckDigit } from '@esim/contract/payment-card';
import { regionOf } from '@esim/contract/region-members';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(en);

/**
 * A stateful local fake of the eSIM Go API v2.4 (and v2.5) for the adapter's contract tests, the
 * browser tests and the cluster test (decision record 0018). A real HTTP
 * server on 127.0.0.1 serving, under `/v2.4` and `/v2.5`:
 *
 * - `GET /catalogue` (filters `countries`, `region`, `group`, `description` with `*` wildcards;
 *   `page`, `perPage`; the `{bundles,pageCount,rows,pageSize}` envelope, or a bare array with
 *   `catalogueShape: 'array'`), `GET /catalogue/bundle/{name}` (400 for an unknown name);
 * - `POST /orders` `validate` (no side effect) and `transaction` with `assign: true` (new
 *   Luhn-valid eSIMs, or `iccids` top-ups with the compatibility check and `allowReassign`),
 *   decimal money, `AllowReassign` (capital A), `status: "completed"`, uuid `orderReference`,
 *   `iccids[]`, `esims[]`; insufficient balance → 400 `{message}`;
 * - `GET /orders/{ref}`, `GET /orders?createdAt=gte:…&createdAt=lte:…&page&limit&includeIccids`
 *   (the spec's bare array with `createDate`, or `ordersShape: 'envelope'`);
 * - `GET /esims/{iccid}`, `/esims/{iccid}/bundles` (`includeUsed`, `limit`; bytes;
 *   `bundleState`), `/esims/{iccid}/bundles/{name}`, `/esims/{iccid}/compatible/{bundle}`,
 *   `DELETE /esims/{iccid}/bundles/{name}/assignments/{id}`, `GET /esims/assignments?reference=`
 *   (JSON with `Accept: application/json`, CSV otherwise);
 * - `X-API-Key` check (401 on `POST /orders`, 403 elsewhere, `{message}`), `X-Ratelimit-*`
 *   headers on every answer and a real fixed-window limit (default 10 requests/s: 429 with
 *   `Retry-After`).
 *
 * SM-DP+ addresses carry `http://` under `/v2.4` and no scheme under `/v2.5`, as the two versions'
 * documents show.
 *
 * Controls (no version prefix, no key): `POST /__fake/fail-next {status, count?, afterCommit?,
 * method?, path?, retryAfterS?}` (`status` a number or `"timeout"`; `afterCommit` runs the request
 * first — e.g. creates the order — then fails or never answers), `POST /__fake/usage {iccid,
 * bytes}` (advances usage, POSTs signed V3 callbacks FirstUse and Utilisation 1/50/80/100 % to
 * `callbackUrl`), `POST /__fake/latency {ms?, ordersMs?}`, `POST /__fake/balance {usd}`,
 * `GET /__fake/orders`, `GET /__fake/calls`. The same controls are methods of {@link EsimGoFake}.
 */

/** Options of {@link startEsimGoFake}. */
export interface EsimGoFakeOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** The one valid `X-API-Key`; also the HMAC key of the callbacks it sends. */
  apiKey: string;
  /** Where usage callbacks are POSTed (the store's `/api/webhooks/esimgo`). */
  callbackUrl?: string;
  /** Added to every answer, ms. */
  latencyMs?: number;
  /** `envelope` (default, what live clients see) or `array` (the spec's). */
  catalogueShape?: 'envelope' | 'array';
  /** `array` (default, the spec's `OrderList`) or `envelope` (`{orders,pageCount,rows,pageSize}`). */
  ordersShape?: 'array' | 'envelope';
  /** Requests per second before 429 (default 10, eSIM Go's); 0 turns the limit off. */
  rateLimitPerSecond?: number;
  /** Organisation balance, USD (default 10,000). */
  balanceUsd?: number;
  /** Encoding of `X-Signature-SHA256` on callbacks: `base64` (default, the API reference) or `hex` (the webhooks guide). */
  callbackSignature?: 'base64' | 'hex';
  /** Bundles that `compatible/{bundle}` says no to for every eSIM. */
  incompatibleBundles?: string[];
  /** Replaces the built-in catalogue. */
  bundles?: FakeBundle[];
  /** How long a `timeout` failure holds the request before dropping it, ms (default 60,000). */
  hangMs?: number;
}

/** A catalogue bundle as eSIM Go lists it. */
export interface FakeBundle {
  name: string;
  description: string;
  groups: string[];
  countries: { name: string; region: string; iso: string }[];
  /** MB; -1 for unlimited. */
  dataAmount: number;
  duration: number;
  speed: string[];
  autostart: boolean;
  unlimited: boolean;
  roamingEnabled: { name: string; region: string; iso: string }[];
  /** USD, decimal. */
  price: number;
  billingType: 'FixedCost';
}

/** One assignment of a bundle to a fake eSIM. */
export interface FakeAssignment {
  id: string;
  name: string;
  description: string;
  initialQuantity: number;
  remainingQuantity: number;
  assignmentDateTime: string;
  assignmentReference: string;
  bundleState: 'processing' | 'queued' | 'active' | 'depleted' | 'expired' | 'revoked' | 'lapsed';
  unlimited: boolean;
  durationDays: number;
  startTime: string | null;
  endTime: string | null;
  /** Utilisation thresholds (percent) already reported. */
  alerted: number[];
}

/** A fake eSIM. */
export interface FakeEsim {
  iccid: string;
  matchingId: string;
  smdpHost: string;
  pin: string;
  puk: string;
  profileStatus: string;
  firstInstalledDateTime: number | null;
  orderReference: string;
  assignments: FakeAssignment[];
}

/** One `order[]` line of a fake order. */
export interface FakeOrderLine {
  type: 'bundle';
  item: string;
  quantity: number;
  subTotal: number;
  pricePerUnit: number;
  AllowReassign: boolean;
  iccids: string[];
}

/** An order the fake took (`transaction`). */
export interface FakeOrder {
  orderReference: string;
  createdDate: string;
  total: number;
  currency: 'USD';
  status: 'completed';
  statusMessage: string;
  assigned: boolean;
  lines: FakeOrderLine[];
}

/** A scripted failure: the next `count` matching API requests fail. */
export interface FakeFailure {
  /** HTTP status with `{message}`, or `timeout` (never answered within `hangMs`). */
  status: number | 'timeout';
  /** How many requests (default 1). */
  count?: number;
  /** Run the request first (e.g. create the order), then fail or hang. */
  afterCommit?: boolean;
  /** Only requests with this method (e.g. `POST`). */
  method?: string;
  /** Only paths starting with this, below the version (e.g. `/orders`). */
  path?: string;
  /** `Retry-After` seconds on 429/503 (default 1). */
  retryAfterS?: number;
  message?: string;
}

/** A callback the fake sent and the store's answer status (0 when unreachable). */
export interface SentCallback {
  alertType: string;
  body: string;
  status: number;
}

/** The running fake. */
export interface EsimGoFake {
  /** Base URL with the version, e.g. `http://127.0.0.1:5190/v2.4` (ESIMGO_BASE_URL). */
  url: string;
  /** `http://127.0.0.1:<port>` (controls live at `/__fake/*`). */
  origin: string;
  close(): Promise<void>;
  /** Scripts failures of the next matching requests. */
  failNext(failure: FakeFailure): void;
  /** Every order taken, oldest first. */
  orders(): FakeOrder[];
  esim(iccid: string): FakeEsim | undefined;
  /** API calls received (method and path below the version), oldest first. */
  calls(): { method: string; path: string; status: number }[];
  /** Uses `bytes` of data on the eSIM and sends the callbacks that causes; `iccidAsNumber` writes the ICCID as a JSON number (the FirstUse doc example's precision trap). */
  useData(iccid: string, bytes: number, opts?: { iccidAsNumber?: boolean }): Promise<SentCallback[]>;
  /** Signs a body as the fake signs callbacks. */
  sign(body: string, encoding?: 'base64' | 'hex'): string;
  setLatency(latency: { ms?: number; ordersMs?: number }): void;
  setBalance(usd: number): void;
  /** Where callbacks go from now on (a store started after the fake). */
  setCallbackUrl(url: string | undefined): void;
  /** The organisation's balance, USD. */
  balance(): number;
}

const BYTES_PER_MB = 1_000_000;
/** `initialQuantity` reported for unlimited bundles (usage still counted). */
const UNLIMITED_BYTES = 1_000_000_000_000_000;
const THRESHOLDS = [1, 50, 80, 100];
const SMDP_HOST = 'rsp.esimgo-fake.test';

/** eSIM Go's region names for the store's home regions. */
function esimGoRegion(iso: string): string {
  const region = regionOf(iso);
  if (region === 'Europe+' || region === 'Balkans') return 'Europe';
  if (region === 'Caribbean') return 'LATAM';
  return region ?? 'North America';
}

function country(iso: string) {
  return { name: iso === 'TR' ? 'Turkey' : (countries.getName(iso, 'en') ?? iso), region: esimGoRegion(iso), iso };
}

function bundle(name: string, isos: string[], dataMb: number, days: number, price: number): FakeBundle {
  const unlimited = dataMb < 0;
  const where = isos.length === 1 ? country(isos[0]!).name : name.split('_')[3] === 'GLOBAL' ? 'Global' : 'Europe+';
  const tier = name.includes('_ULP_') ? 'Unlimited Plus' : 'Unlimited Essential';
  const list = isos.map(country);
  return {
    name,
    description: `eSIM, ${unlimited ? tier : `${dataMb >= 1000 ? dataMb / 1000 : dataMb}${dataMb >= 1000 ? 'GB' : 'MB'}`}, ${days} Days, ${where}, V2`,
    groups: [unlimited ? `Standard ${tier}` : 'Standard Fixed Bundles'],
    countries: list,
    dataAmount: dataMb,
    duration: days,
    speed: ['4G', '5G'],
    autostart: true,
    unlimited,
    roamingEnabled: list.length > 1 ? list : [],
    price,
    billingType: 'FixedCost',
  };
}

const EUROPE = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE GB CH NO IS TR'.split(
  ' ',
);
const WORLD = [
  ...EUROPE,
  ...'US CA MX BR AR CL CO PE JP KR CN HK TW SG TH MY ID VN PH IN AE SA IL EG MA ZA KE NG AU NZ'.split(' '),
];

/** The built-in catalogue: Turkey (fixed, UL, ULP), a few countries, Europe+ and Global. */
export const FAKE_ESIMGO_BUNDLES: readonly FakeBundle[] = [
  bundle('esim_1GB_7D_TR_V2', ['TR'], 1000, 7, 1.49),
  bundle('esim_3GB_15D_TR_V2', ['TR'], 3000, 15, 3.87),
  bundle('esim_5GB_30D_TR_V2', ['TR'], 5000, 30, 5.8),
  bundle('esim_10GB_30D_TR_V2', ['TR'], 10000, 30, 9.99),
  bundle('esim_UL_7D_TR_V2', ['TR'], -1, 7, 14.5),
  bundle('esim_ULP_7D_TR_V2', ['TR'], -1, 7, 21.05),
  bundle('esim_1GB_7D_GB_V2', ['GB'], 1000, 7, 1.23),
  bundle('esim_5GB_30D_GB_V2', ['GB'], 5000, 30, 4.56),
  bundle('esim_3GB_30D_DE_V2', ['DE'], 3000, 30, 2.75),
  bundle('esim_2GB_15D_US_V2', ['US'], 2000, 15, 3.33),
  bundle('esim_UL_7D_US_V2', ['US'], -1, 7, 16.4),
  bundle('esim_1GB_7D_JP_V2', ['JP'], 1000, 7, 1.79),
  bundle('esim_1GB_7D_EU_V2', EUROPE, 1000, 7, 1.99),
  bundle('esim_5GB_30D_EU_V2', EUROPE, 5000, 30, 6.75),
  bundle('esim_ULP_15D_EU_V2', EUROPE, -1, 15, 24.99),
  bundle('esim_3GB_30D_GLOBAL_V2', WORLD, 3000, 30, 19.5),
  bundle('esim_UL_7D_GLOBAL_V2', WORLD, -1, 7, 39.9),
];

/** `pattern` with `*` wildcards, case-insensitive, against `text`. */
function wildcard(pattern: string, text: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    'i',
  );
  return re.test(text) || text.toLowerCase().includes(pattern.replace(/\*/g, '').toLowerCase());
}

const round2 = (n: number) => Math.round(n * 100) / 100;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Starts the fake on 127.0.0.1. */
export async function startEsimGoFake(options: EsimGoFakeOptions): Promise<EsimGoFake> {
  const catalogue = options.bundles ?? [...FAKE_ESIMGO_BUNDLES];
  const byName = new Map(catalogue.map((b) => [b.name, b]));
  const orders: FakeOrder[] = [];
  const esims = new Map<string, FakeEsim>();
  const failures: (FakeFailure & { left: number })[] = [];
  const calls: { method: string; path: string; status: number }[] = [];
  const incompatible = new Set(options.incompatibleBundles ?? []);
  let callbackUrl = options.callbackUrl;
  const sockets = new Set<Socket>();
  const hangMs = options.hangMs ?? 60_000;
  let latencyMs = options.latencyMs ?? 0;
  let ordersLatencyMs = 0;
  let balance = options.balanceUsd ?? 10_000;
  let iccidSeq = randomInt(1_000_000, 9_000_000) * 10_000_000;
  let assignmentSeq = randomInt(100_000_000, 200_000_000);
  let window = { second: 0, count: 0 };
  const limit = options.rateLimitPerSecond ?? 10;

  const sign = (body: string, encoding: 'base64' | 'hex' = options.callbackSignature ?? 'base64') =>
    createHmac('sha256', options.apiKey).update(body).digest(encoding);

  function newIccid(): string {
    const body = `8944${String(iccidSeq++).padStart(14, '0').slice(-14)}`;
    return `${body}${luhnCheckDigit(body)}`;
  }

  function assignBundle(esim: FakeEsim, b: FakeBundle, reference: string, index: number): FakeAssignment {
    const initial = b.unlimited ? UNLIMITED_BYTES : b.dataAmount * BYTES_PER_MB;
    const a: FakeAssignment = {
      id: String(assignmentSeq++),
      name: b.name,
      description: b.description,
      initialQuantity: initial,
      remainingQuantity: initial,
      assignmentDateTime: new Date().toISOString(),
      assignmentReference: `${reference}-${index}`,
      bundleState: 'queued',
      unlimited: b.unlimited,
      durationDays: b.duration,
      startTime: null,
      endTime: null,
      alerted: [],
    };
    esim.assignments.push(a);
    return a;
  }

  function newEsim(orderReference: string): FakeEsim {
    const esim: FakeEsim = {
      iccid: newIccid(),
      matchingId: `JQ-${randomInt(100_000, 999_999)}-${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`,
      smdpHost: SMDP_HOST,
      pin: '0000',
      puk: String(randomInt(10_000_000, 99_999_999)),
      profileStatus: 'Released',
      firstInstalledDateTime: null,
      orderReference,
      assignments: [],
    };
    esims.set(esim.iccid, esim);
    return esim;
  }

  const smdp = (esim: FakeEsim, version: string) => (version === 'v2.4' ? `http://${esim.smdpHost}` : esim.smdpHost);
  const esimJson = (esim: FakeEsim, version: string) => ({
    iccid: esim.iccid,
    matchingId: esim.matchingId,
    smdpAddress: smdp(esim, version),
  });

  function orderJson(order: FakeOrder, version: string, opts: { list?: boolean; includeIccids?: boolean } = {}) {
    const withIccids = opts.includeIccids ?? true;
    return {
      order: order.lines.map((l) => ({
        ...(withIccids ? { esims: l.iccids.map((i) => esimJson(esims.get(i)!, version)) } : {}),
        type: l.type,
        item: l.item,
        ...(withIccids ? { iccids: l.iccids } : {}),
        quantity: l.quantity,
        subTotal: l.subTotal,
        pricePerUnit: l.pricePerUnit,
        AllowReassign: l.AllowReassign,
      })),
      total: order.total,
      currency: order.currency,
      status: order.status,
      statusMessage: order.statusMessage,
      orderReference: order.orderReference,
      ...(opts.list ? { createDate: order.createdDate } : { createdDate: order.createdDate }),
      assigned: order.assigned,
      ...(opts.list ? {} : { sourceIP: '127.0.0.1' }),
    };
  }

  function findEsim(iccid: string): FakeEsim {
    const esim = esims.get(iccid);
    if (!esim) throw new HttpError(404, `eSIM ${iccid} not found or not accessible`);
    return esim;
  }

  function compatible(esim: FakeEsim, name: string): boolean {
    return esim.profileStatus !== 'Deleted' && !incompatible.has(name) && byName.has(name);
  }

  /** `POST /orders`. */
  function postOrder(body: unknown, version: string) {
    const req = body as { type?: unknown; assign?: unknown; order?: unknown } | null;
    if (req?.type !== 'validate' && req?.type !== 'transaction')
      throw new HttpError(400, 'type must be validate or transaction');
    if (!Array.isArray(req.order) || req.order.length === 0)
      throw new HttpError(400, 'order must list at least one item');
    const assign = req.assign === true;
    const planned = (
      req.order as { type?: unknown; item?: unknown; quantity?: unknown; iccids?: unknown; allowReassign?: unknown }[]
    ).map((line) => {
      if (line?.type !== 'bundle') throw new HttpError(400, 'order item type must be bundle');
      const b = typeof line.item === 'string' ? byName.get(line.item) : undefined;
      if (!b) throw new HttpError(400, `Bundle ${String(line.item)} not found`);
      const quantity = line.quantity;
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 1000)
        throw new HttpError(400, 'quantity must be 1-1000');
      let iccids: string[] | undefined;
      if (line.iccids !== undefined) {
        if (!assign) throw new HttpError(400, 'iccids are only accepted with assign: true');
        if (
          !Array.isArray(line.iccids) ||
          line.iccids.length !== quantity ||
          !line.iccids.every((i) => typeof i === 'string')
        ) {
          throw new HttpError(400, 'iccids must list one ICCID per quantity');
        }
        iccids = line.iccids as string[];
        for (const iccid of iccids) if (!esims.has(iccid)) throw new HttpError(400, `ICCID ${iccid} is not accessible`);
      }
      const allowReassign = line.allowReassign === true;
      if (iccids && !allowReassign) {
        for (const iccid of iccids)
          if (!compatible(esims.get(iccid)!, b.name))
            throw new HttpError(400, `Bundle ${b.name} is not compatible with eSIM ${iccid}`);
      }
      return { b, quantity, iccids, allowReassign, subTotal: round2(b.price * quantity) };
    });
    const total = round2(planned.reduce((s, p) => s + p.subTotal, 0));
    if (req.type === 'validate') {
      return {
        order: planned.map((p) => ({
          type: 'bundle',
          item: p.b.name,
          quantity: p.quantity,
          subTotal: p.subTotal,
          pricePerUnit: p.b.price,
          AllowReassign: p.allowReassign,
        })),
        total,
        valid: total <= balance,
        currency: 'USD',
        createdDate: new Date().toISOString(),
        assigned: assign,
      };
    }
    if (total > balance) throw new HttpError(400, 'Insufficient balance to complete this order');
    balance = round2(balance - total);
    const orderReference = randomUUID();
    const lines: FakeOrderLine[] = planned.map((p) => {
      const targets: FakeEsim[] = [];
      if (assign) {
        for (let i = 0; i < p.quantity; i++) {
          const given = p.iccids?.[i] ? esims.get(p.iccids[i]!)! : undefined;
          targets.push(given && compatible(given, p.b.name) ? given : newEsim(orderReference));
        }
        targets.forEach((esim, i) => assignBundle(esim, p.b, orderReference, i));
      }
      return {
        type: 'bundle',
        item: p.b.name,
        quantity: p.quantity,
        subTotal: p.subTotal,
        pricePerUnit: p.b.price,
        AllowReassign: p.allowReassign,
        iccids: targets.map((e) => e.iccid),
      };
    });
    const count = lines.reduce((s, l) => s + l.iccids.length, 0);
    const order: FakeOrder = {
      orderReference,
      createdDate: new Date().toISOString(),
      total,
      currency: 'USD',
      status: 'completed',
      statusMessage: `Order completed: ${count} eSIM${count === 1 ? '' : 's'} assigned`,
      assigned: assign,
      lines,
    };
    orders.push(order);
    return orderJson(order, version);
  }

  function listOrders(url: URL, version: string) {
    const ranges = url.searchParams.getAll('createdAt');
    let list = orders.slice();
    for (const range of ranges) {
      const [op, value] = [range.slice(0, 4), range.slice(4)];
      const at = Date.parse(value);
      if (Number.isNaN(at) || (op !== 'gte:' && op !== 'lte:'))
        throw new HttpError(400, `createdAt must be gte:<ISO> or lte:<ISO>`);
      list = list.filter((o) => (op === 'gte:' ? Date.parse(o.createdDate) >= at : Date.parse(o.createdDate) <= at));
    }
    list.reverse(); // newest first
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const pageSize = Math.min(1000, Math.max(1, Number(url.searchParams.get('limit') ?? 10) || 10));
    const includeIccids = url.searchParams.get('includeIccids') === 'true';
    const items = list
      .slice((page - 1) * pageSize, page * pageSize)
      .map((o) => orderJson(o, version, { list: true, includeIccids }));
    return options.ordersShape === 'envelope'
      ? { orders: items, pageCount: Math.max(1, Math.ceil(list.length / pageSize)), rows: list.length, pageSize }
      : items;
  }

  function listCatalogue(url: URL) {
    let list = catalogue.slice();
    const q = url.searchParams;
    const codes = q
      .get('countries')
      ?.split(',')
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean);
    if (codes?.length) list = list.filter((b) => b.countries.some((c) => codes.includes(c.iso)));
    const region = q.get('region');
    if (region)
      list = list.filter((b) =>
        region === 'Global' ? b.countries.length > 40 : b.countries.some((c) => c.region === region),
      );
    const group = q.get('group');
    if (group) list = list.filter((b) => b.groups.includes(group));
    const description = q.get('description');
    if (description) list = list.filter((b) => wildcard(description, b.description));
    const perPage = Math.min(1000, Math.max(1, Number(q.get('perPage') ?? 50) || 50));
    const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
    const items = list.slice((page - 1) * perPage, page * perPage);
    return options.catalogueShape === 'array'
      ? items
      : {
          bundles: items,
          pageCount: Math.max(1, Math.ceil(list.length / perPage)),
          rows: list.length,
          pageSize: perPage,
        };
  }

  const assignmentJson = (a: FakeAssignment) => ({
    id: a.id,
    callTypeGroup: 'data',
    initialQuantity: a.initialQuantity,
    remainingQuantity: a.remainingQuantity,
    assignmentDateTime: a.assignmentDateTime,
    assignmentReference: a.assignmentReference,
    bundleState: a.bundleState,
    unlimited: a.unlimited,
  });

  function expireDue(esim: FakeEsim) {
    const now = Date.now();
    for (const a of esim.assignments)
      if (a.bundleState === 'active' && a.endTime && Date.parse(a.endTime) <= now) a.bundleState = 'expired';
  }

  function esimBundles(esim: FakeEsim, url: URL) {
    expireDue(esim);
    const includeUsed = url.searchParams.get('includeUsed') === 'true';
    const limitN = Math.min(200, Math.max(1, Number(url.searchParams.get('limit') ?? 15) || 15));
    const shown = esim.assignments
      .filter((a) => includeUsed || !['depleted', 'expired', 'revoked', 'lapsed'].includes(a.bundleState))
      .slice(-limitN);
    const names = [...new Set(shown.map((a) => a.name))];
    return {
      bundles: names.map((name) => ({
        name,
        description: byName.get(name)?.description ?? name,
        assignments: shown.filter((a) => a.name === name).map(assignmentJson),
      })),
    };
  }

  function assignmentsCsvOrJson(url: URL, accept: string, version: string): { json?: unknown; csv?: string } {
    const reference = url.searchParams.get('reference');
    if (!reference) throw new HttpError(400, 'reference is required');
    const rows = [...esims.values()].flatMap((esim) =>
      esim.assignments.filter((a) => a.assignmentReference.startsWith(`${reference}-`)).map((a) => ({ esim, a })),
    );
    if (rows.length === 0) throw new HttpError(404, `No assignments for reference ${reference}`);
    if (accept.includes('application/json')) {
      return {
        json: rows.map(({ esim, a }) => ({
          iccid: esim.iccid,
          matchingId: esim.matchingId,
          smdpAddress: smdp(esim, version),
          profileStatus: esim.profileStatus,
          pin: esim.pin,
          puk: esim.puk,
          firstInstalledDateTime: esim.firstInstalledDateTime
            ? new Date(esim.firstInstalledDateTime).toISOString()
            : '',
          bundle: a.name,
          reference,
        })),
      };
    }
    return {
      csv: [
        'ICCID,Matching ID,RSP URL,Bundle,Reference',
        ...rows.map(({ esim, a }) => `${esim.iccid},${esim.matchingId},${esim.smdpHost},${a.name},${reference}`),
      ].join('\n'),
    };
  }

  /** Routes one API request (below the version); returns the JSON (or CSV text) to send. */
  function route(
    method: string,
    path: string,
    url: URL,
    body: unknown,
    accept: string,
    version: string,
  ): { status?: number; json?: unknown; csv?: string } {
    const seg = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (method === 'GET' && path === '/catalogue') return { json: listCatalogue(url) };
    if (method === 'GET' && seg[0] === 'catalogue' && seg[1] === 'bundle' && seg.length === 3) {
      const b = byName.get(seg[2]!);
      if (!b) throw new HttpError(400, `Bundle ${seg[2]} not found`);
      const { groups: _groups, ...rest } = b;
      return { json: rest };
    }
    if (method === 'POST' && path === '/orders') return { json: postOrder(body, version) };
    if (method === 'GET' && path === '/orders') return { json: listOrders(url, version) };
    if (method === 'GET' && seg[0] === 'orders' && seg.length === 2) {
      const order = orders.find((o) => o.orderReference === seg[1]);
      if (!order) throw new HttpError(404, `Order ${seg[1]} not found`);
      return { json: orderJson(order, version) };
    }
    if (method === 'GET' && path === '/esims/assignments') return assignmentsCsvOrJson(url, accept, version);
    if (seg[0] === 'esims' && seg.length >= 2) {
      const esim = findEsim(seg[1]!);
      if (method === 'GET' && seg.length === 2) {
        return {
          json: {
            iccid: esim.iccid,
            pin: esim.pin,
            puk: esim.puk,
            matchingId: esim.matchingId,
            smdpAddress: smdp(esim, version),
            profileStatus: esim.profileStatus,
            firstInstalledDateTime: esim.firstInstalledDateTime,
            customerRef: '',
            ...(version === 'v2.5' ? { state: esim.profileStatus === 'Deleted' ? 'Deactivated' : 'Active' } : {}),
          },
        };
      }
      if (method === 'GET' && seg[2] === 'bundles' && seg.length === 3) return { json: esimBundles(esim, url) };
      if (method === 'GET' && seg[2] === 'bundles' && seg.length === 4) {
        const latest = esim.assignments.filter((a) => a.name === seg[3]).at(-1);
        if (!latest) throw new HttpError(404, `eSIM ${esim.iccid} has no bundle ${seg[3]}`);
        return { json: { assignments: [assignmentJson(latest)] } };
      }
      if (method === 'GET' && seg[2] === 'compatible' && seg.length === 4) {
        if (!byName.has(seg[3]!)) throw new HttpError(400, `Bundle ${seg[3]} not found`);
        return { json: { compatible: compatible(esim, seg[3]!) } };
      }
      if (method === 'DELETE' && seg[2] === 'bundles' && seg[4] === 'assignments' && seg.length === 6) {
        const a = esim.assignments.find((x) => x.id === seg[5] && x.name === seg[3]);
        if (!a) throw new HttpError(404, `Assignment ${seg[5]} not found`);
        if (a.bundleState === 'revoked') throw new HttpError(400, 'Bundle assignment already revoked');
        if (!['processing', 'queued', 'lapsed'].includes(a.bundleState))
          throw new HttpError(400, 'Bundle assignment has started and cannot be revoked');
        a.bundleState = 'revoked';
        balance = round2(balance + (byName.get(a.name)?.price ?? 0));
        return { json: { status: 'Successfully Revoked Bundle, bundle has been refunded to balance' } };
      }
    }
    throw new HttpError(404, `No route ${method} ${path}`);
  }

  /** Advances usage on an eSIM and POSTs the callbacks (eSIM Go's V3 callback format). */
  async function useData(
    iccid: string,
    bytes: number,
    opts: { iccidAsNumber?: boolean } = {},
  ): Promise<SentCallback[]> {
    const esim = esims.get(iccid);
    if (!esim) throw new HttpError(404, `eSIM ${iccid} not found`);
    if (!Number.isFinite(bytes) || bytes <= 0) throw new HttpError(400, 'bytes must be a positive number');
    expireDue(esim);
    const alerts: { alertType: string; a: FakeAssignment }[] = [];
    let left = Math.round(bytes);
    while (left > 0) {
      let a = esim.assignments.find((x) => x.bundleState === 'active');
      if (!a) {
        a = esim.assignments.find((x) => x.bundleState === 'queued');
        if (!a) break;
        const now = new Date();
        a.bundleState = 'active';
        a.startTime = now.toISOString();
        a.endTime = new Date(now.getTime() + a.durationDays * 86_400_000).toISOString();
        esim.profileStatus = 'Enabled';
        esim.firstInstalledDateTime ??= now.getTime();
        alerts.push({ alertType: 'FirstUse', a });
      }
      const used = Math.min(left, a.remainingQuantity);
      a.remainingQuantity -= used;
      left -= used;
      const percent = ((a.initialQuantity - a.remainingQuantity) / a.initialQuantity) * 100;
      // One alert per use for the thresholds it crossed (identical bodies would be one delivery).
      const crossed = THRESHOLDS.filter((t) => percent >= t && !a.alerted.includes(t));
      if (crossed.length > 0) {
        a.alerted.push(...crossed);
        alerts.push({ alertType: 'Utilisation', a });
      }
      if (a.remainingQuantity <= 0) a.bundleState = 'depleted';
      if (used === 0) break;
    }
    const sent: SentCallback[] = [];
    for (const { alertType, a } of alerts) {
      const payload = {
        iccid: '__ICCID__',
        alertType,
        bundle: {
          id: a.id,
          reference: a.assignmentReference,
          name: a.name,
          description: a.description,
          initialQuantity: a.initialQuantity,
          remainingQuantity: a.remainingQuantity,
          startTime: a.startTime,
          endTime: a.endTime,
          unlimited: a.unlimited,
        },
      };
      const body = JSON.stringify(payload).replace(
        '"__ICCID__"',
        opts.iccidAsNumber ? esim.iccid : JSON.stringify(esim.iccid),
      );
      let status = 0;
      if (callbackUrl) {
        try {
          const res = await fetch(callbackUrl, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Signature-SHA256': sign(body) },
            body,
            signal: AbortSignal.timeout(10_000),
          });
          status = res.status;
          await res.arrayBuffer();
        } catch {
          status = 0;
        }
      }
      sent.push({ alertType, body, status });
    }
    return sent;
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  function send(
    res: ServerResponse,
    status: number,
    payload: { json?: unknown; csv?: string },
    extra: Record<string, string> = {},
  ) {
    if (res.destroyed || res.headersSent) return;
    const text = payload.csv ?? JSON.stringify(payload.json ?? null);
    res.writeHead(status, { 'Content-Type': payload.csv !== undefined ? 'text/csv' : 'application/json', ...extra });
    res.end(text);
  }

  function hang(res: ServerResponse) {
    setTimeout(() => res.destroy(), hangMs).unref();
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function control(method: string, path: string, text: string, res: ServerResponse) {
    const body = (() => {
      try {
        return text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        throw new HttpError(400, 'body must be JSON');
      }
    })();
    if (method === 'POST' && path === '/__fake/fail-next') {
      const status = body.status;
      if (status !== 'timeout' && (typeof status !== 'number' || status < 100 || status > 599))
        throw new HttpError(400, 'status must be an HTTP status or "timeout"');
      fake.failNext(body as unknown as FakeFailure);
      return send(res, 200, { json: { queued: failures.length } });
    }
    if (method === 'POST' && path === '/__fake/usage') {
      const sent = await useData(String(body.iccid), Number(body.bytes), {
        iccidAsNumber: body.iccidAsNumber === true,
      });
      return send(res, 200, { json: { callbacks: sent.map((s) => ({ alertType: s.alertType, status: s.status })) } });
    }
    if (method === 'POST' && path === '/__fake/latency') {
      fake.setLatency({
        ...(typeof body.ms === 'number' ? { ms: body.ms } : {}),
        ...(typeof body.ordersMs === 'number' ? { ordersMs: body.ordersMs } : {}),
      });
      return send(res, 200, { json: { latencyMs, ordersLatencyMs } });
    }
    if (method === 'POST' && path === '/__fake/balance') {
      fake.setBalance(Number(body.usd));
      return send(res, 200, { json: { balance } });
    }
    if (method === 'GET' && path === '/__fake/orders')
      return send(res, 200, { json: orders.map((o) => orderJson(o, 'v2.5')) });
    if (method === 'GET' && path === '/__fake/calls') return send(res, 200, { json: calls });
    throw new HttpError(404, `No control ${method} ${path}`);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const text = await readBody(req);
      if (url.pathname.startsWith('/__fake/')) {
        try {
          await control(method, url.pathname, text, res);
        } catch (error) {
          send(res, error instanceof HttpError ? error.status : 500, {
            json: { message: error instanceof Error ? error.message : String(error) },
          });
        }
        return;
      }
      const match = /^\/(v2\.4|v2\.5)(\/.*)?$/.exec(url.pathname);
      const version = match?.[1] ?? 'v2.4';
      const path = (match?.[2] ?? url.pathname).replace(/\/+$/, '') || '/';
      const record = (status: number) => calls.push({ method, path, status });
      // Fixed window per second (eSIM Go: 10 requests/s per IP), counted before anything else.
      const second = Math.floor(Date.now() / 1000);
      if (window.second !== second) window = { second, count: 0 };
      window.count++;
      const rate = {
        'X-Ratelimit-Limit': String(limit || 1000),
        'X-Ratelimit-Remaining': String(Math.max(0, (limit || 1000) - window.count)),
        'X-Ratelimit-Reset': new Date((second + 1) * 1000).toISOString(),
        'X-Ratelimit-Cost': '1',
      };
      if (!match) {
        record(404);
        return send(res, 404, { json: { message: 'Unknown API version' } }, rate);
      }
      if (limit > 0 && window.count > limit) {
        record(429);
        return send(res, 429, { json: { message: 'Rate limit exceeded' } }, { ...rate, 'Retry-After': '1' });
      }
      if (req.headers['x-api-key'] !== options.apiKey) {
        const status = method === 'POST' && path === '/orders' ? 401 : 403;
        record(status);
        return send(res, status, { json: { message: 'api token is invalid' } }, rate);
      }
      if (latencyMs > 0) await sleep(latencyMs);
      const failure = failures.find(
        (f) => f.left > 0 && (!f.method || f.method === method) && (!f.path || path.startsWith(f.path)),
      );
      if (failure) failure.left--;
      const fail = () => {
        const f = failure!;
        record(f.status === 'timeout' ? 0 : f.status);
        if (f.status === 'timeout') return hang(res);
        const retry: Record<string, string> =
          f.status === 429 || f.status === 503 ? { 'Retry-After': String(f.retryAfterS ?? 1) } : {};
        const message =
          f.message ??
          (f.status === 429
            ? 'Rate limit exceeded'
            : f.status === 503
              ? 'Processing - come back later'
              : 'Internal server error');
        send(res, f.status, { json: { message } }, { ...rate, ...retry });
      };
      if (failure && !failure.afterCommit) return fail();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        record(400);
        return send(res, 400, { json: { message: 'Request body is not valid JSON' } }, rate);
      }
      try {
        const out = route(method, path, url, parsed, String(req.headers.accept ?? ''), version);
        if (method === 'POST' && path === '/orders' && ordersLatencyMs > 0) await sleep(ordersLatencyMs);
        if (failure) return fail();
        record(out.status ?? 200);
        send(res, out.status ?? 200, out, rate);
      } catch (error) {
        const status = error instanceof HttpError ? error.status : 500;
        if (failure) return fail();
        record(status);
        send(res, status, { json: { message: error instanceof Error ? error.message : String(error) } }, rate);
      }
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const fake: EsimGoFake = {
    url: `${origin}/v2.4`,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
    failNext(failure) {
      failures.push({ ...failure, left: Math.max(1, failure.count ?? 1) });
    },
    orders: () => orders.slice(),
    esim: (iccid) => esims.get(iccid),
    calls: () => calls.slice(),
    useData,
    sign,
    setLatency(latency) {
      if (latency.ms !== undefined) latencyMs = Math.max(0, latency.ms);
      if (latency.ordersMs !== undefined) ordersLatencyMs = Math.max(0, latency.ordersMs);
    },
    setBalance(usd) {
      if (Number.isFinite(usd)) balance = usd;
    },
    balance: () => balance,
    setCallbackUrl(url) {
      callbackUrl = url;
    },
  };
  return fake;
}
