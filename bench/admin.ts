/**
 * The admin benchmark of `npm run bench` (budget: the admin orders list p95 under 100 ms at
 * 100,000 orders, `BUDGET.adminListP95Ms` in `run.ts`):
 *
 * - `seedAdminOrders` writes `BENCH_ADMIN_ORDERS` (default 100,000) orders into the server's
 *   database while the server is stopped (PGlite allows one process), or into `DATABASE_URL`:
 *   a handful of `INSERT ... SELECT generate_series(...)` statements, a few seconds in all. The
 *   orders look like a year of trade: every status, card and PayPal, top-ups, one or two lines of
 *   real catalogue products, an eSIM per line of delivered orders, customers with names in the
 *   five languages, created every ~5 minutes over a year. Order numbers are `ORD-BENCH…`, so a
 *   second run on the same PostgreSQL database reuses them (and `removeAdminOrders` deletes them).
 * - `createBenchAdmin` makes an admin with `npm run admin:create` (the server runs with
 *   `ADMIN_REQUIRE_2FA=false`, so the password signs it in).
 * - `measureAdmin` signs in and times `GET /api/orders` one request at a time (the server's own
 *   work, not queueing): the first page, a filtered page (two statuses and a date range), the
 *   next page through the cursor, a country filter, and searches by e-mail, ICCID, order number
 *   and name; p50/p95 each. Then it times the whole catalogue's recalculation,
 *   `POST /api/pricing-settings/recalculate?dryRun=true` and without `dryRun` (the pricing part's
 *   endpoint; reported as unavailable while it answers 404).
 *
 * Every figure is in ms, measured with `performance.now()` around `fetch` on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../apps/api/src/db/client.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** Orders the benchmark writes (`BENCH_ADMIN_ORDERS` overrides). */
export const ADMIN_ORDERS = positiveInteger(process.env.BENCH_ADMIN_ORDERS, 100_000);

/** Requests per measured query (`BENCH_ADMIN_REQUESTS` overrides). */
const REQUESTS = positiveInteger(process.env.BENCH_ADMIN_REQUESTS, 100);

function positiveInteger(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Where the server keeps its data: PGlite under `dataDir`, or PostgreSQL at `databaseUrl`. */
export interface BenchDatabase {
  dataDir: string;
  databaseUrl?: string | undefined;
}

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Linus',
  'Margaret',
  'Elif',
  'Mehmet',
  'Zeynep',
  'Ayşe',
  'Emre',
  'Lucía',
  'Mateo',
  'Sofía',
  'Javier',
  'Camille',
  'Léa',
  'Hugo',
  'Chloé',
  'Lena',
  'Jonas',
  'Lukas',
  'Marie',
  'Noah',
  'Olivia',
  'Liam',
  'Emma',
  'Yuki',
  'Priya',
  'Omar',
  'Fatima',
  'Chen',
  'Ines',
  'Diego',
  'Anna',
  'Paul',
  'Clara',
  'Tomás',
  'Nora',
  'Ömer',
  'Björn',
];
const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Torvalds',
  'Hamilton',
  'Yılmaz',
  'Kaya',
  'Demir',
  'Şahin',
  'Çelik',
  'García',
  'Martínez',
  'López',
  'Sánchez',
  'Dubois',
  'Martin',
  'Bernard',
  'Lefèvre',
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Smith',
  'Johnson',
  'Brown',
  'Tanaka',
  'Patel',
  'Haddad',
  'Nguyen',
  'Rossi',
  'Silva',
  'Kowalski',
  'Novak',
  'Jensen',
  'Andersson',
  'O’Brien',
  'Doğan',
  'Arslan',
  'Fernández',
  'Moreau',
  'Wagner',
  'Becker',
  'Hoffmann',
  'Taylor',
  'Wilson',
  'Ivanova',
  'Costa',
];
const DOMAINS = ['example.com', 'mail.example', 'example.org', 'posteo.example', 'outlook.example'];
const LANGUAGES = ['en', 'tr', 'es', 'fr', 'de'];

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`);

/**
 * An ASCII, lower-case e-mail local part for a name (`Ayşe Şahin` -> `ayse.sahin`), in SQL.
 * `translate` maps the names' accented letters; anything else left is dropped.
 */
const EMAIL_LOCAL = sql.raw(
  `regexp_replace(lower(translate(f.first || '.' || f.last, 'ışğüöçéèáíóúñÖÇŞİÜÉçñ’', 'isguoceeaiounocsiuecn')), '[^a-z.]', '', 'g')`,
);

/**
 * Writes `count` benchmark orders (see the module comment) with lines and eSIMs, unless they are
 * there already.
 * @returns how many orders were written (0 when they existed) and the seconds it took.
 */
export async function seedAdminOrders(
  where: BenchDatabase,
  count = ADMIN_ORDERS,
): Promise<{ written: number; seconds: number }> {
  const database = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir });
  try {
    await database.migrate();
    return await writeAdminOrders(database.db, count);
  } finally {
    await database.close();
  }
}

/** {@link seedAdminOrders} on an open, migrated and seeded database. */
export async function writeAdminOrders(db: Db, count = ADMIN_ORDERS): Promise<{ written: number; seconds: number }> {
  const started = performance.now();
  {
    const [existing] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from orders where order_number like 'ORD-BENCH%'`,
    );
    if (Number(existing?.n ?? 0) >= count) return { written: 0, seconds: 0 };
    await removeOrders(db);
    await db.transaction(async (tx) => {
      // Orders, newest last: g = count is a few minutes old, g = 1 about a year old.
      await tx.execute(sql`
        insert into orders (order_number, session_id, status, total_cents, customer_name, customer_email, customer_phone,
                            language, payment_method, payment_status, payment_reference, card_brand, card_last4, kind,
                            access_token_hash, access_token_expires_at, last_error, created_at, updated_at, completed_at)
        select 'ORD-BENCH' || lpad(g::text, 7, '0'),
               'bench-session-' || g,
               s.status,
               0,
               f.first || ' ' || f.last,
               ${EMAIL_LOCAL} || (g % 97) || '@' || (${textArray(DOMAINS)})[1 + g % ${DOMAINS.length}],
               case when g % 3 = 0 then null else '+44 20 7946 ' || lpad((g % 10000)::text, 4, '0') end,
               (${textArray(LANGUAGES)})[1 + g % ${LANGUAGES.length}],
               case when g % 3 = 0 then 'paypal' else 'card' end,
               case when s.status in ('pending', 'created') then 'requires_approval'
                    when s.status = 'cancelled' then 'failed' else 'succeeded' end,
               'bench_ch_' || g,
               case when g % 3 = 0 then null else (array['visa','mastercard','amex'])[1 + g % 3] end,
               case when g % 3 = 0 then null else lpad(((g * 37) % 10000)::text, 4, '0') end,
               case when g % 10 = 0 then 'topup' else 'order' end,
               case when g % 10 = 0 then null else md5('bench-token-' || g) || md5('bench-token-2-' || g) end,
               case when g % 10 = 0 then null else now() + interval '700 days' end,
               case when s.status = 'processing' and g % 7 = 0
                    then 'provision-order (attempt 3 of 10, will retry): The eSIM provider did not answer in time' end,
               c.at, c.at,
               case when s.status in ('completed', 'refunded') then c.at + interval '2 minutes' end
        from generate_series(1, ${count}::int) g
        cross join lateral (select case
                 when g % 100 < 70 then 'completed' when g % 100 < 80 then 'processing' when g % 100 < 85 then 'pending'
                 when g % 100 < 93 then 'cancelled' when g % 100 < 96 then 'refunded' when g % 100 = 96 then 'created'
                 when g % 100 = 97 then 'processed' else 'shipped' end as status) s
        cross join lateral (select (${textArray(FIRST_NAMES)})[1 + (g * 7) % ${FIRST_NAMES.length}] as first,
                                   (${textArray(LAST_NAMES)})[1 + (g * 13) % ${LAST_NAMES.length}] as last) f
        cross join lateral (select now() - ((${count}::int - g) * interval '5 minutes') - ((g * 17) % 240) * interval '1 second' as at) c`);
      // One line each, a second one on every fourth checkout; products from the live catalogue.
      await tx.execute(sql`
        with p as (select array_agg(id order by id) as ids from products where active)
        insert into order_lines (order_id, product_id, api_bundle_name, name, country_code, data_amount, validity_days,
                                 quantity, unit_price_cents, line_total_cents)
        select o.id, pr.id, pr.api_bundle_name, pr.name, pr.country_code,
               case when pr.data_mb is null then 'Unlimited' when pr.data_mb >= 1024 then (pr.data_mb / 1024) || 'GB' else pr.data_mb || 'MB' end,
               pr.validity_days, n.qty, pr.price_cents, pr.price_cents * n.qty
        from orders o
        cross join p
        cross join lateral (select 1 as line, 1 + (o.id % 5 = 0)::int as qty
                            union all select 2, 1 where o.kind = 'order' and o.id % 4 = 0) n
        join products pr on pr.id = p.ids[1 + ((o.id::bigint * 7919 + n.line * 104729) % cardinality(p.ids))::int]
        where o.order_number like 'ORD-BENCH%'`);
      await tx.execute(sql`
        update orders o set total_cents = l.total
        from (select order_id, sum(line_total_cents)::int as total from order_lines group by order_id) l
        where l.order_id = o.id and o.order_number like 'ORD-BENCH%'`);
      // An eSIM per unit of each delivered checkout: ICCIDs 8988 + 15 digits (19), unique.
      await tx.execute(sql`
        insert into esims (order_id, order_line_id, unit_index, iccid, smdp_address, matching_id, activation_code,
                           provider_reference, status, api_bundle_name, profile_state)
        select o.id, l.id, u.i, '8988' || lpad((l.id * 10 + u.i)::text, 15, '0'), 'rsp.bench.example', 'BENCH' || l.id || 'U' || u.i,
               'LPA:1$rsp.bench.example$BENCH' || l.id || 'U' || u.i, 'bench-order-' || l.id, 'Ready', l.api_bundle_name, 'released'
        from orders o
        join order_lines l on l.order_id = o.id
        cross join lateral generate_series(0, l.quantity - 1) u(i)
        where o.order_number like 'ORD-BENCH%' and o.kind = 'order' and o.status in ('completed', 'processed', 'shipped', 'refunded')`);
    });
    await db.execute(sql`analyze orders`);
    await db.execute(sql`analyze order_lines`);
    await db.execute(sql`analyze esims`);
    return { written: count, seconds: (performance.now() - started) / 1000 };
  }
}

async function removeOrders(db: Db): Promise<void> {
  // Each deleted eSIM makes PostgreSQL check that no order tops it up (`orders.topup_esim_id`,
  // which has no index): without a temporary index that is a scan of every order per eSIM.
  await db.execute(sql`create index if not exists bench_orders_topup_esim_tmp on orders (topup_esim_id)`);
  try {
    await db.execute(
      sql`delete from esims where order_id in (select id from orders where order_number like 'ORD-BENCH%')`,
    );
    await db.execute(
      sql`delete from order_lines where order_id in (select id from orders where order_number like 'ORD-BENCH%')`,
    );
    await db.execute(sql`delete from orders where order_number like 'ORD-BENCH%'`);
  } finally {
    await db.execute(sql`drop index if exists bench_orders_topup_esim_tmp`);
  }
}

/** Deletes the benchmark orders again (PostgreSQL: the database outlives the run). */
export async function removeAdminOrders(where: BenchDatabase): Promise<void> {
  const database = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir });
  try {
    await removeOrders(database.db);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The admin and the measurements

/** The benchmark's admin (made by {@link createBenchAdmin}). */
export interface BenchAdmin {
  username: string;
  password: string;
}

/**
 * Makes (or promotes) the benchmark's admin with `npm run admin:create`'s script, on the server's
 * database while the server is stopped (PGlite allows one process).
 * @throws Error when the script fails.
 */
export async function createBenchAdmin(where: BenchDatabase): Promise<BenchAdmin> {
  const admin = { username: 'bench-admin', password: `bench admin ${randomUUID()}` };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: where.dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: admin.username,
    ADMIN_EMAIL: 'bench-admin@example.com',
    ADMIN_PASSWORD: admin.password,
    ADMIN_FIRST_NAME: 'Bench',
    ADMIN_LAST_NAME: 'Admin',
  };
  if (where.databaseUrl) env.DATABASE_URL = where.databaseUrl;
  else delete env.DATABASE_URL;
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/modules/auth/admin-cli.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`admin:create exited with ${code}`);
  return admin;
}

/**
 * Deletes the benchmark's admin (before a run, in case an earlier one stopped half-way, and after
 * it on PostgreSQL, whose database outlives the run): no account with a password printed nowhere
 * stays behind. Its audit rows keep the username.
 */
export async function removeBenchAdmin(where: BenchDatabase): Promise<void> {
  const database = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir });
  try {
    await database.db.execute(sql`delete from users where username = 'bench-admin'`);
  } finally {
    await database.close();
  }
}

/** p50/p95 of one measured request, ms. */
export interface AdminQueryRun {
  label: string;
  path: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  /** What the first answer said: orders matched, and how the search was read. */
  total: number | null;
  errors: number;
}

/** Figures of the admin benchmark. */
export interface AdminRun {
  orders: number;
  seedSeconds: number;
  queries: AdminQueryRun[];
  /** The catalogue's recalculation, ms; null when the endpoint is not there (404). */
  recalculate: { dryRunMs: number | null; applyMs: number | null; products: number | null; note: string | null };
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/**
 * Signs in as the benchmark's admin and measures the orders list and the recalculation (see the
 * module comment). Requests carry `Sec-Fetch-Site: same-origin`, as the store's own pages do.
 */
export async function measureAdmin(
  baseUrl: string,
  admin: BenchAdmin,
  seed: { orders: number; seconds: number },
): Promise<AdminRun> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: admin.username, password: admin.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?sid=/.test(c))
    ?.split(';')[0];
  if (!login.ok || !cookie) throw new Error(`admin sign-in: ${login.status} ${(await login.text()).slice(0, 200)}`);
  headers.cookie = cookie;
  const getJson = async <T>(path: string): Promise<T> => {
    const res = await fetch(baseUrl + path, { headers });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as T;
  };

  // Real values from the seeded store: an ICCID of a delivered order, a cursor, an order number.
  type Page = {
    orders: { orderNumber: string; esimCount: number; customer: { email: string } }[];
    nextCursor: string | null;
    total: number;
  };
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const filtered = `/api/orders?status=processing,completed&from=${since}&method=card`;
  const firstFiltered = await getJson<Page>(filtered);
  const delivered = (await getJson<Page>('/api/orders?status=completed&kind=order')).orders.find(
    (o) => o.esimCount > 0,
  );
  const detail = delivered
    ? await getJson<{ esims: { iccid: string }[] }>(`/api/admin/orders/${delivered.orderNumber}`)
    : undefined;
  const iccid = detail?.esims[0]?.iccid ?? '8988000000000000010';
  // A customer's address up to its `@` (a few dozen orders share it, as returning customers do).
  const email = `${(firstFiltered.orders[0]?.customer.email ?? 'ada.lovelace1@').split('@')[0]}@`;
  const targets: { label: string; path: string }[] = [
    { label: 'first page, newest first', path: '/api/orders' },
    { label: 'filtered page (2 statuses, card, 90 days)', path: filtered },
    { label: 'next page of it (cursor)', path: `${filtered}&cursor=${firstFiltered.nextCursor ?? ''}` },
    { label: 'country filter (a line in TR)', path: '/api/orders?country=TR' },
    { label: 'search by e-mail (prefix)', path: `/api/orders?q=${encodeURIComponent(email)}` },
    { label: 'search by ICCID (exact)', path: `/api/orders?q=${iccid}` },
    { label: 'search by ICCID (first 14 digits)', path: `/api/orders?q=${iccid.slice(0, 14)}` },
    { label: 'search by order number', path: '/api/orders?q=ORD-BENCH0050000' },
    { label: 'search by name (substring)', path: `/api/orders?q=${encodeURIComponent('yılmaz')}` },
    { label: 'sort by total, highest first', path: '/api/orders?sort=total_desc' },
  ];
  let errors = 0;
  const queries: AdminQueryRun[] = [];
  for (const target of targets) {
    console.error(`  ${target.label}`);
    let total: number | null = null;
    for (let i = 0; i < 5; i++) await fetch(baseUrl + target.path, { headers }).then((r) => r.arrayBuffer());
    const times: number[] = [];
    let failed = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const res = await fetch(baseUrl + target.path, { headers });
      const body = await res.text();
      if (!res.ok) {
        failed++;
        continue;
      }
      times.push(performance.now() - started);
      if (total === null) total = (JSON.parse(body) as { total: number }).total;
    }
    times.sort((a, b) => a - b);
    errors += failed;
    queries.push({
      ...target,
      requests: REQUESTS,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      total,
      errors: failed,
    });
  }

  // The whole catalogue's recalculation (the pricing part's endpoint).
  const recalculate: AdminRun['recalculate'] = { dryRunMs: null, applyMs: null, products: null, note: null };
  for (const dryRun of [true, false]) {
    console.error(`  recalculate${dryRun ? ' (dry run)' : ''}`);
    const started = performance.now();
    // No body, so no Content-Type.
    const { 'content-type': _json, ...bare } = headers;
    const res = await fetch(`${baseUrl}/api/pricing-settings/recalculate${dryRun ? '?dryRun=true' : ''}`, {
      method: 'POST',
      headers: bare,
    });
    const body = await res.text();
    const ms = performance.now() - started;
    if (res.status === 404) {
      recalculate.note = 'POST /api/pricing-settings/recalculate is not served (404)';
      break;
    }
    if (!res.ok) {
      errors++;
      recalculate.note = `recalculate${dryRun ? '?dryRun=true' : ''}: ${res.status} ${body.slice(0, 200)}`;
      continue;
    }
    if (dryRun) recalculate.dryRunMs = ms;
    else recalculate.applyMs = ms;
    const report = JSON.parse(body) as { checked?: number; counts?: { checked?: number } };
    recalculate.products ??= report.checked ?? report.counts?.checked ?? null;
  }
  return { orders: seed.orders, seedSeconds: seed.seconds, queries, recalculate, errors };
}
