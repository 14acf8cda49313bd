import type { BulkImport, BulkImportDetail, SyncRun, SyncRunDetail, SyncStatus } from '@esim/contract/admin-catalogue';
import type { Product, ProductsResponse } from '@esim/contract/catalog';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobsRepository } from '../../../lib/jobs.repository.ts';
import { type CatalogueBundle, EsimProviderError } from '../../../providers/esim/esim-provider.ts';
import { type SignedIn, signIn } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/helper.ts';
import { CatalogRepository } from '../catalog.repository.ts';
import { CATALOGUE_SYNC_SCHEDULE_JOB, CatalogueSyncService } from './catalogue-sync.service.ts';

/**
 * Catalogue sync, bulk import and export through the API, on a seeded sandbox catalogue. Products of Malta (`MT`) are the ones changed; each
 * test leaves them as the sandbox lists them, with no admin field set, unless it says otherwise.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: SignedIn;
let jobsRepo: JobsRepository;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signIn(ctx.app, ctx.services, ctx.database, { admin: true, twoFactor: true });
  jobsRepo = new JobsRepository(ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: admin.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const upload = (body: string | Buffer, filename = 'changes.csv') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/bulk-imports?filename=${encodeURIComponent(filename)}`,
    headers: { ...admin.headers, 'content-type': 'text/csv' },
    payload: body,
  });
const storefront = async (country: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/products?country=${country}` })).json<ProductsResponse>().products;
const syncStatus = async () => (await call('GET', '/api/admin/catalogue-sync')).json<SyncStatus>();
const runJobs = () => ctx.services.jobs.runUntilIdle({ timeoutMs: 30_000 });

/** Starts a sync, runs it to the end and returns the run with its report. */
async function syncNow(body: object = {}): Promise<SyncRunDetail> {
  const started = await call('POST', '/api/admin/catalogue-sync', body);
  expect(started.statusCode, started.body).toBe(202);
  await runJobs();
  return (await call('GET', `/api/admin/catalogue-sync/${started.json<{ run: SyncRun }>().run.id}`)).json<{
    run: SyncRunDetail;
  }>().run;
}

/** Uploads a file (dry run), applies it and runs the job; returns the import as applied. */
async function importNow(csv: string): Promise<BulkImportDetail> {
  const dry = await upload(csv);
  expect(dry.statusCode, dry.body).toBe(201);
  const { import: report } = dry.json<{ import: BulkImportDetail }>();
  expect(report.errorRows, JSON.stringify(report.rowErrors)).toBe(0);
  expect((await call('POST', `/api/admin/bulk-imports/${report.id}/apply`)).statusCode).toBe(202);
  await runJobs();
  return (await call('GET', `/api/admin/bulk-imports/${report.id}`)).json<{ import: BulkImportDetail }>().import;
}

const HEADER = 'apiBundleName,displayName,retailPrice,discountPercent,active,featured';

/** Malta's prepaid plans as the storefront lists them. */
async function maltaPlans(): Promise<Product[]> {
  const plans = (await storefront('MT')).filter((p) => p.features.bundleType === 'prepaid');
  expect(plans.length).toBeGreaterThan(3);
  return plans;
}

/** Puts every Malta product back as the sandbox lists it, with no admin field set. */
async function resetMalta(): Promise<void> {
  const csv = parse(await (await call('GET', '/api/admin/products/export.csv')).body, { bom: true }) as string[][];
  const rows = csv.slice(1).filter(([name]) => /_MT_/.test(name!));
  await importNow([HEADER, ...rows.map(([name]) => `${name},,,0,true,false`)].join('\n'));
}

describe('catalogue sync', () => {
  it('runs as a job, one at a time, recording progress in batches and a report; a second sync changes nothing', async () => {
    const batches = vi.spyOn(CatalogRepository.prototype, 'writeSyncBatch');
    const started = await call('POST', '/api/admin/catalogue-sync', {});
    expect(started.statusCode, started.body).toBe(202);
    const { run } = started.json<{ run: SyncRun }>();
    expect(run).toMatchObject({
      status: 'queued',
      actor: `admin:${admin.username}`,
      reprice: false,
      processed: 0,
      total: 0,
      provider: 'sandbox',
    });
    const again = await call('POST', '/api/admin/catalogue-sync', { reprice: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'sync_in_progress', message: expect.any(String) } });
    expect((await syncStatus()).current).toMatchObject({ id: run.id, status: 'queued' });

    await runJobs();
    const status = await syncStatus();
    expect(status.current).toBeNull();
    const done = status.history[0]!;
    expect(done).toMatchObject({
      id: run.id,
      status: 'succeeded',
      added: 0,
      changed: 0,
      retired: 0,
      errors: 0,
      error: null,
    });
    expect(done.total).toBeGreaterThan(2000);
    expect(done.processed).toBe(done.total);
    expect(done.unchanged).toBe(done.total);
    expect(done.finishedAt).not.toBeNull();
    // Progress is written once per batch of 250 bundles, not once per bundle.
    const processed = batches.mock.calls.map(([, batch]) => batch.processed);
    expect(processed).toHaveLength(Math.ceil(done.total / 250));
    expect(processed.at(-1)).toBe(done.total);
    expect(processed.slice(0, 2)).toEqual([250, 500]);
    const { run: detail } = (await call('GET', `/api/admin/catalogue-sync/${run.id}`)).json<{ run: SyncRunDetail }>();
    expect(detail.report).toEqual({ added: [], changed: [], retired: [], errors: [], truncated: false, reprice: null });
    expect(status.schedule).toEqual({ intervalMs: 6 * 3_600_000, nextRunAt: expect.any(String) });
    // The first start's import is in the history too.
    expect(status.history.at(-1)).toMatchObject({ actor: 'system', status: 'succeeded' });
    expect((await call('GET', '/api/admin/catalogue-sync/999999')).statusCode).toBe(404);
  });

  it("reports what the provider changed, keeps the admin's fields, and survives one bad bundle", async () => {
    const [kept, gone, other] = await maltaPlans();
    await importNow(`${HEADER}\n${kept!.apiBundleName},Malta Starter,4.44,10,true,true\n`);
    const provider = ctx.services.esimProvider;
    const real = await provider.listCatalogue();
    const keptBundle = real.find((b) => b.name === kept!.apiBundleName)!;
    const changed: unknown[] = real
      .filter((b) => b.name !== gone!.apiBundleName)
      .map((b) =>
        b.name === kept!.apiBundleName || b.name === other!.apiBundleName
          ? { ...b, priceCents: b.priceCents + 100 }
          : b,
      );
    const added: CatalogueBundle = { ...keptBundle, name: 'esim_77GB_7D_MT_V2', dataMb: 77 * 1024 };
    changed.push(added, { ...keptBundle, name: 'esim_BAD_MT_V2', durationDays: 0 });
    vi.spyOn(provider, 'listCatalogue').mockResolvedValue(changed as CatalogueBundle[]);

    const run = await syncNow();
    expect(run).toMatchObject({ status: 'succeeded', added: 1, changed: 2, retired: 1, errors: 1 });
    expect(run.report!.added).toEqual([
      { apiBundleName: 'esim_77GB_7D_MT_V2', name: 'Malta 77GB 7 Days [prepaid]', priceCents: expect.any(Number) },
    ]);
    expect(run.report!.retired).toEqual([{ apiBundleName: gone!.apiBundleName, name: gone!.name }]);
    expect(run.report!.errors).toEqual([
      { apiBundleName: 'esim_BAD_MT_V2', message: expect.stringContaining('durationDays') },
    ]);
    const keptChange = run.report!.changed.find((c) => c.apiBundleName === kept!.apiBundleName)!;
    expect(keptChange).toEqual({
      apiBundleName: kept!.apiBundleName,
      name: 'Malta Starter',
      fields: [{ field: 'wholesaleCents', from: keptBundle.priceCents, to: keptBundle.priceCents + 100 }],
    });
    const otherChange = run.report!.changed.find((c) => c.apiBundleName === other!.apiBundleName)!;
    expect(otherChange.fields.map((f) => f.field)).toEqual(['wholesaleCents', 'priceCents']);

    // The storefront at once: the retired plan gone, the new one there, the admin's name, price and featured flag kept.
    const after = await storefront('MT');
    expect(after.find((p) => p.apiBundleName === gone!.apiBundleName)).toBeUndefined();
    expect(after.find((p) => p.apiBundleName === 'esim_77GB_7D_MT_V2')).toBeDefined();
    expect(after[0]).toMatchObject({
      apiBundleName: kept!.apiBundleName,
      name: 'Malta Starter',
      priceCents: 444,
      featured: true,
      features: { discountPercent: 10 },
    });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${gone!.productId}` })).statusCode).toBe(404);

    // Idempotent: the same catalogue again changes nothing (the bad bundle is reported again).
    expect(await syncNow()).toMatchObject({ status: 'succeeded', added: 0, changed: 0, retired: 0, errors: 1 });

    vi.mocked(provider.listCatalogue).mockRestore();
    const back = await syncNow();
    expect(back).toMatchObject({ status: 'succeeded', added: 0, changed: 3, retired: 1, errors: 0 });
    expect(back.report!.changed.find((c) => c.apiBundleName === gone!.apiBundleName)!.fields).toEqual([
      { field: 'active', from: false, to: true },
    ]);
    await resetMalta();
  });

  it('reprices every product after the sync when asked, through the pricing recalculation', async () => {
    const run = await syncNow({ reprice: true });
    expect(run).toMatchObject({ status: 'succeeded', reprice: true });
    expect(run.report!.reprice).toEqual({
      checked: expect.any(Number),
      changed: expect.any(Number),
      pricingRunId: expect.any(Number),
    });
    expect((run.report!.reprice as { checked: number }).checked).toBeGreaterThan(2000);
  });

  it('retries a provider failure with backoff, then fails the run, and the next sync may start', async () => {
    vi.spyOn(ctx.services.esimProvider, 'listCatalogue').mockRejectedValue(
      new EsimProviderError('provider unreachable (test)', true, 503),
    );
    const started = await call('POST', '/api/admin/catalogue-sync', {});
    const { run } = started.json<{ run: SyncRun }>();
    expect(await ctx.services.jobs.runOnce()).toBe(true);
    expect((await syncStatus()).current).toMatchObject({
      id: run.id,
      status: 'queued',
      error: expect.stringMatching(/^Attempt 1 failed, retrying: .*unreachable/),
    });
    await runJobs();
    expect((await syncStatus()).history[0]).toMatchObject({
      id: run.id,
      status: 'failed',
      error: 'provider unreachable (test)',
    });
    vi.mocked(ctx.services.esimProvider.listCatalogue).mockRestore();
    expect((await syncNow()).status).toBe('succeeded');
  });

  it("never leaves a run unfinished: a crashed worker's run is taken over, a cancelled job's run fails", async () => {
    const { run } = (await call('POST', '/api/admin/catalogue-sync', {})).json<{ run: SyncRun }>();
    // A worker claims the job, marks the run running, and dies (its lease is never renewed).
    const claimed = await jobsRepo.claim('dead-worker', 50);
    expect(claimed).toMatchObject({ type: 'catalogue-sync', payload: { runId: run.id } });
    await new CatalogRepository(ctx.database.db).markSyncRunning(run.id);
    expect((await syncStatus()).current).toMatchObject({ id: run.id, status: 'running' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    await runJobs();
    expect((await syncStatus()).history[0]).toMatchObject({ id: run.id, status: 'succeeded' });

    const second = (await call('POST', '/api/admin/catalogue-sync', {})).json<{ run: SyncRun }>().run;
    const [job] = await jobsRepo.listByStatus(['queued'], { limit: 1 });
    expect(job?.type).toBe('catalogue-sync');
    await jobsRepo.cancel(job!.id);
    const status = await syncStatus();
    expect(status.current).toBeNull();
    expect(status.history[0]).toMatchObject({ id: second.id, status: 'failed', error: 'The sync job was cancelled' });
    expect((await syncNow()).status).toBe('succeeded');
  });

  it('lets one of two admins starting at once start a sync (the other gets 409)', async () => {
    const answers = await Promise.all([
      call('POST', '/api/admin/catalogue-sync', {}),
      call('POST', '/api/admin/catalogue-sync', { reprice: false }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    await runJobs();
    expect((await syncStatus()).current).toBeNull();
  });

  it('starts a scheduled sync once per period across instances, and skips it while one runs', async () => {
    // Two instances scheduling the same period: one job.
    await ctx.services.schedules.start('catalogue-sync');
    await ctx.services.schedules.start('catalogue-sync');
    const scheduled = (await jobsRepo.listByStatus(['queued'], { limit: 10 })).filter(
      (j) => j.type === CATALOGUE_SYNC_SCHEDULE_JOB,
    );
    expect(scheduled).toHaveLength(1);
    expect(new Date(scheduled[0]!.runAt).getTime() % (6 * 3_600_000)).toBe(0);
    await jobsRepo.cancel(scheduled[0]!.id);

    const handlers = new Map<string, { run: (job: never) => Promise<void> }>();
    const enqueued: { dedupeKey?: string | undefined; runAt?: Date | undefined }[] = [];
    const queue = {
      register: (type: string, handler: { run: (job: never) => Promise<void> }) => void handlers.set(type, handler),
      enqueue: async (job: { dedupeKey?: string; runAt?: Date }) => {
        enqueued.push(job);
        return 1;
      },
    };
    const deps: ConstructorParameters<typeof CatalogueSyncService>[0] = {
      catalog: ctx.services.catalog,
      repo: new CatalogRepository(ctx.database.db),
      reprice: async () => ({ checked: 0, changed: 0, pricingRunId: null }),
      jobStatus: async (id) => (await jobsRepo.findById(id))?.status,
      wake: () => {},
      intervalMs: 30 * 60_000,
    };
    const service = new CatalogueSyncService(deps);
    service.register(queue as never);
    // An admin's sync is queued: the scheduled start is skipped, and the next period is scheduled.
    const { run } = (await call('POST', '/api/admin/catalogue-sync', {})).json<{ run: SyncRun }>();
    await handlers.get(CATALOGUE_SYNC_SCHEDULE_JOB)!.run(undefined as never);
    expect((await syncStatus()).current?.id).toBe(run.id);
    expect(enqueued).toHaveLength(1);
    expect(enqueued[0]!.dedupeKey).toMatch(/^catalogue-sync-schedule:1800000:\d+$/);
    await runJobs();
    // Nothing in progress: the scheduled start queues a run by `schedule`.
    await handlers.get(CATALOGUE_SYNC_SCHEDULE_JOB)!.run(undefined as never);
    expect((await syncStatus()).current).toMatchObject({ actor: 'schedule', status: 'queued' });
    await runJobs();
    const off = new CatalogueSyncService({ ...deps, intervalMs: null });
    await off.scheduleNext(queue as never);
    expect(enqueued).toHaveLength(2);
  });
});

describe('bulk import: refused files', () => {
  const refusals: [string, string | Buffer, string][] = [
    ['an empty file', '', 'empty_file'],
    [
      'bytes that are not UTF-8',
      Buffer.concat([
        Buffer.from(`${HEADER}\nesim_1GB_7D_MT_V2,Caf`),
        Buffer.from([0xe9]),
        Buffer.from(',,,true,false\n'),
      ]),
      'not_utf8',
    ],
    ['a file without a header', 'esim_1GB_7D_MT_V2,Malta,4.99,0,true,false\n', 'missing_header'],
    ['no apiBundleName column', 'displayName,active\nMalta,true\n', 'missing_bundle_column'],
    ['unknown columns', 'apiBundleName,price\nesim_1GB_7D_MT_V2,4\n', 'unknown_columns'],
    ['a header without rows', `${HEADER}\n`, 'no_rows'],
    ['over 100,000 rows', `apiBundleName\n${'esim_1GB_7D_MT_V2\n'.repeat(100_001)}`, 'too_many_rows'],
  ];

  it.each(refusals)('refuses %s with a 400 naming the file, storing nothing', async (_name, body, code) => {
    const before = (await call('GET', '/api/admin/bulk-imports')).json<{ imports: BulkImport[] }>().imports.length;
    const res = await upload(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code, message: expect.any(String), field: 'file' } });
    expect((await call('GET', '/api/admin/bulk-imports')).json<{ imports: BulkImport[] }>().imports).toHaveLength(
      before,
    );
  });

  it('refuses a file over 10 MB with 413 and the API error body', async () => {
    const res = await upload(`${HEADER}\n${'x'.repeat(10 * 1024 * 1024)}`);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: { code: 'payload_too_large', message: expect.stringContaining('10485760'), field: 'body' },
    });
  });

  it('refuses a body that is not text/csv', async () => {
    const json = await call('POST', '/api/admin/bulk-imports', { csv: HEADER });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: { field: 'file' } });
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/bulk-imports',
      headers: { ...admin.headers, 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(other.statusCode).toBe(415);
  });
});

describe('bulk import: dry run, apply, errors, export', () => {
  it('validates every row and column, refuses formulas, and changes nothing', async () => {
    const [a, b] = await maltaPlans();
    const before = await storefront('MT');
    const file = [
      HEADER,
      `${a!.apiBundleName},Malta Explorer,12.99,15,true,true`,
      'esim_NOPE_7D_XX_V2,,,0,true,false',
      `${b!.apiBundleName},=cmd|' /C calc'!A0,12.999,95,maybe,false`,
      `${b!.apiBundleName},@SUM(A1),+5,-1,true,false`,
      '',
      `${a!.apiBundleName}x,,,0,true,false`,
    ].join('\r\n');
    const res = await upload(file, 'malta.csv');
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json<{ import: BulkImportDetail }>().import;
    expect(report).toMatchObject({
      status: 'validated',
      filename: 'malta.csv',
      totalRows: 5,
      changedRows: 1,
      errorRows: 4,
      unchangedRows: 0,
      processed: 0,
      total: 1,
      outcome: null,
    });
    expect(report.fileHash).toMatch(/^[0-9a-f]{64}$/);
    expect(report.changes).toEqual([
      {
        row: 2,
        apiBundleName: a!.apiBundleName,
        productId: a!.productId,
        name: a!.name,
        changes: [
          { field: 'displayName', from: null, to: 'Malta Explorer' },
          { field: 'retailPrice', from: null, to: 1299 },
          { field: 'discountPercent', from: 0, to: 15 },
          { field: 'featured', from: false, to: true },
        ],
        priceCents: { from: a!.priceCents, to: 1299 },
        warnings: [],
      },
    ]);
    const errors = Object.fromEntries(
      report.rowErrors.map((e) => [e.row, e.errors.map((x) => `${x.column}:${x.code}`)]),
    );
    expect(errors).toEqual({
      3: ['apiBundleName:unknown_bundle'],
      4: [
        'apiBundleName:duplicate_bundle',
        'displayName:formula',
        'retailPrice:bad_price',
        'discountPercent:bad_percent',
        'active:bad_boolean',
      ],
      5: ['apiBundleName:duplicate_bundle', 'displayName:formula', 'retailPrice:formula', 'discountPercent:formula'],
      7: ['apiBundleName:unknown_bundle'],
    });
    expect(report.rowErrors[1]!.errors[1]).toEqual({
      column: 'displayName',
      code: 'formula',
      message: 'starts with "=", which a spreadsheet would run as a formula',
      params: { character: '"="' },
    });
    // The dry run changed nothing.
    expect(await storefront('MT')).toEqual(before);

    // The rows in error as CSV, formulas escaped, with an error column.
    const csv = await call('GET', `/api/admin/bulk-imports/${report.id}/errors.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="malta-errors.csv"');
    expect(csv.headers['cache-control']).toBe('no-store');
    const rows = parse(csv.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([...HEADER.split(','), 'error']);
    expect(rows).toHaveLength(5);
    expect(rows[2]!.slice(0, 2)).toEqual([b!.apiBundleName, "'=cmd|' /C calc'!A0"]);
    expect(rows[3]!.slice(1, 4)).toEqual(["'@SUM(A1)", "'+5", "'-1"]);
    expect(rows[1]![6]).toBe('apiBundleName: no product has the bundle "esim_NOPE_7D_XX_V2"');
    expect((await call('GET', '/api/admin/bulk-imports/999999/errors.csv')).statusCode).toBe(404);
  });

  it('applies as a job with progress; the storefront shows it at once; applying twice changes nothing', async () => {
    const [a, b, c] = await maltaPlans();
    const file = [
      HEADER,
      `${a!.apiBundleName},Malta Weekender,3.33,20,true,false`,
      `${b!.apiBundleName},,,0,false,false`,
      `${c!.apiBundleName},,,,true,true`,
    ].join('\n');
    const { import: dry } = (await upload(file)).json<{ import: BulkImportDetail }>();
    expect(dry).toMatchObject({ changedRows: 3, total: 3 });
    const applied = await call('POST', `/api/admin/bulk-imports/${dry.id}/apply`);
    expect(applied.statusCode).toBe(202);
    expect(applied.json<{ import: BulkImport }>().import).toMatchObject({ status: 'applying', processed: 0, total: 3 });
    // Applying again while the job waits: nothing more is started.
    const twice = await call('POST', `/api/admin/bulk-imports/${dry.id}/apply`);
    expect(twice.statusCode).toBe(200);
    await runJobs();
    const { import: done } = (await call('GET', `/api/admin/bulk-imports/${dry.id}`)).json<{
      import: BulkImportDetail;
    }>();
    expect(done).toMatchObject({
      status: 'applied',
      processed: 3,
      total: 3,
      outcome: { applied: 3, alreadyApplied: 0, conflicts: [] },
    });
    expect(done.finishedAt).not.toBeNull();

    // The storefront at once: display name, fixed price, discount; the hidden plan gone; the featured plan first.
    const plans = await storefront('MT');
    expect(plans[0]).toMatchObject({ apiBundleName: c!.apiBundleName, featured: true });
    expect(plans.find((p) => p.apiBundleName === a!.apiBundleName)).toMatchObject({
      name: 'Malta Weekender',
      priceCents: 333,
      price: 3.33,
      features: { discountPercent: 20 },
    });
    expect(plans.find((p) => p.apiBundleName === b!.apiBundleName)).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${b!.productId}` })).statusCode).toBe(404);
    const countries = (await ctx.app.inject({ method: 'GET', url: '/api/countries' })).json<{
      countries: { code: string; planCount: number }[];
    }>().countries;
    expect(countries.find((x) => x.code === 'MT')?.planCount).toBe((await storefront('MT')).length);
    // Recalculating keeps the fixed price.
    await ctx.services.catalog.recalculatePrices();
    expect((await storefront('MT')).find((p) => p.apiBundleName === a!.apiBundleName)?.priceCents).toBe(333);

    // Applied again: 200, nothing changes. The same file uploaded again: nothing to change.
    const again = await call('POST', `/api/admin/bulk-imports/${dry.id}/apply`);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ import: BulkImport }>().import.status).toBe('applied');
    const reupload = (await upload(file)).json<{ import: BulkImportDetail }>().import;
    expect(reupload).toMatchObject({ changedRows: 0, unchangedRows: 3, errorRows: 0, fileHash: dry.fileHash });
    expect((await call('POST', `/api/admin/bulk-imports/${reupload.id}/apply`)).statusCode).toBe(202);
    await runJobs();
    expect(
      (await call('GET', `/api/admin/bulk-imports/${reupload.id}`)).json<{ import: BulkImportDetail }>().import,
    ).toMatchObject({
      status: 'applied',
      outcome: { applied: 0, alreadyApplied: 0, conflicts: [] },
    });

    // Clearing the fixed price goes back to the rules' price.
    const cleared = await importNow(`apiBundleName,retailPrice\n${a!.apiBundleName},\n`);
    expect(cleared.changes[0]!.priceCents).toEqual({ from: 333, to: a!.priceCents });
    expect((await storefront('MT')).find((p) => p.apiBundleName === a!.apiBundleName)?.priceCents).toBe(a!.priceCents);
    await resetMalta();
  });

  it('leaves a row alone when its product changed since the dry run, and says so', async () => {
    const [a, b] = await maltaPlans();
    const { import: stale } = (
      await upload(
        `${HEADER}\n${a!.apiBundleName},Malta One,,0,true,false\n${b!.apiBundleName},Malta Two,,0,true,false\n`,
      )
    ).json<{ import: BulkImportDetail }>();
    await importNow(`apiBundleName,displayName\n${a!.apiBundleName},Malta Uno\n`);
    expect((await call('POST', `/api/admin/bulk-imports/${stale.id}/apply`)).statusCode).toBe(202);
    await runJobs();
    const { import: done } = (await call('GET', `/api/admin/bulk-imports/${stale.id}`)).json<{
      import: BulkImportDetail;
    }>();
    expect(done.outcome).toEqual({
      applied: 1,
      alreadyApplied: 0,
      conflicts: [{ row: 2, apiBundleName: a!.apiBundleName }],
    });
    const names = new Map((await storefront('MT')).map((p) => [p.apiBundleName, p.name]));
    expect(names.get(a!.apiBundleName)).toBe('Malta Uno');
    expect(names.get(b!.apiBundleName)).toBe('Malta Two');
    await resetMalta();
  });

  it('starts one apply job when two admins apply at once', async () => {
    const [a] = await maltaPlans();
    const { import: dry } = (await upload(`apiBundleName,featured\n${a!.apiBundleName},true\n`)).json<{
      import: BulkImportDetail;
    }>();
    const answers = await Promise.all([
      call('POST', `/api/admin/bulk-imports/${dry.id}/apply`),
      call('POST', `/api/admin/bulk-imports/${dry.id}/apply`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 202]);
    const jobs = (await jobsRepo.listByStatus(['queued', 'running'], { limit: 20 })).filter(
      (j) => j.type === 'bulk-import-apply',
    );
    expect(jobs).toHaveLength(1);
    await runJobs();
    await resetMalta();
  });

  it('exports the whole catalogue in the import format; importing it unchanged changes nothing', async () => {
    await importNow(`${HEADER}\n${(await maltaPlans())[0]!.apiBundleName},"Malta, ""the best""",9.99,5,true,true\n`);
    const res = await call('GET', '/api/admin/products/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual(HEADER.split(','));
    expect(rows.some((r) => r[1] === 'Malta, "the best"' && r[2] === '9.99' && r[3] === '5' && r[5] === 'true')).toBe(
      true,
    );
    const { import: again } = (await upload(res.body, 'export.csv')).json<{ import: BulkImportDetail }>();
    expect(again).toMatchObject({
      changedRows: 0,
      errorRows: 0,
      unchangedRows: rows.length - 1,
      totalRows: rows.length - 1,
    });
    const template = await call('GET', '/api/admin/bulk-imports/template.csv');
    expect((parse(template.body, { bom: true }) as string[][])[0]).toEqual(HEADER.split(','));
    await resetMalta();
  });

  it('lists the imports, newest first', async () => {
    const { imports } = (await call('GET', '/api/admin/bulk-imports')).json<{ imports: BulkImport[] }>();
    expect(imports.length).toBeGreaterThan(3);
    expect(imports.length).toBeLessThanOrEqual(20);
    expect(imports[0]!.id).toBeGreaterThan(imports[1]!.id);
    expect(imports[0]).toMatchObject({ actor: `admin:${admin.username}`, status: 'applied' });
    expect((await call('GET', '/api/admin/bulk-imports/999999')).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('refuses anonymous callers (401), customers (403) and cookie requests from another site (CSRF)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/catalogue-sync' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/products/export.csv' })).statusCode).toBe(401);
    const customer = await signIn(ctx.app, ctx.services, ctx.database);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue-sync',
      headers: customer.headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    const upload403 = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/bulk-imports',
      headers: { ...customer.headers, 'content-type': 'text/csv' },
      payload: HEADER,
    });
    expect(upload403.statusCode).toBe(403);
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue-sync',
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(crossSite.json()).toMatchObject({ error: { code: 'csrf_rejected' } });
  });
});
