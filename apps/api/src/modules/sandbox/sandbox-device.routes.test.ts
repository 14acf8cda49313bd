import Fastify, { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../plugins/error-handler.ts';
import { registerOpenApi } from '../../plugins/openapi.ts';
import { SandboxEsimProvider } from '../../providers/esim/sandbox.ts';
import { simulatorPath } from './sandbox-device-page.ts';
import { sandboxEsimRoutes } from './sandbox-device.routes.ts';

/**
 * The device simulator through HTTP on a bare app (the zod compilers, the one error handler, the
 * OpenAPI plugin and this plugin only), on the in-memory store with a fixed real clock.
 */

const DAY = 86_400_000;
const MB = 1_048_576;
const START = Date.parse('2025-03-01T08:00:00.000Z');
let realNow = START;

const sandbox = new SandboxEsimProvider({ now: () => new Date(realNow) });
let app: FastifyInstance;
let seq = 0;

beforeAll(async () => {
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerOpenApi(app);
  await app.register(sandboxEsimRoutes, { sandbox });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});
beforeEach(() => {
  realNow = START;
});

async function newEsim(bundle = 'esim_1GB_7D_TR_V2'): Promise<string> {
  const order = await sandbox.createOrder({ reference: `route-line-${++seq}`, bundle, quantity: 1 });
  return order.esims[0]!.iccid;
}

/** A form post as the page's buttons send it. */
function form(iccid: string, action: string, fields: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `${simulatorPath(iccid)}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

function act(iccid: string, body: unknown) {
  return app.inject({ method: 'POST', url: `/api/sandbox/esims/${iccid}/actions`, payload: body as object });
}

describe('GET /sandbox/esims/{iccid}', () => {
  it('renders the phone: profile, simulated date, bundles and every control, without scripts', async () => {
    const iccid = await newEsim();
    const res = await app.inject({ method: 'GET', url: simulatorPath(iccid) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(iccid);
    expect(html).toContain('Ready to install (released)');
    expect(html).toContain('Sat, 1 Mar 2025, 08:00 UTC');
    expect(html).toContain('esim_1GB_7D_TR_V2');
    expect(html).toContain('Queued');
    expect(html).toContain('0 MB of 1 GB');
    for (const label of [
      'Install on phone',
      'Use at destination (first use)',
      'Use 500 MB',
      'Advance 1 day',
      'Advance 7 days',
      'Let the plan expire',
      'Delete profile',
    ]) {
      expect(html).toContain(`>${label}</button>`);
    }
    expect(html).toContain(`action="/sandbox/esims/${iccid}/use-data"><input type="hidden" name="mb" value="500">`);
    expect(html).toContain('<label for="days">');
    expect(html).not.toMatch(/<script|\son\w+=/i);
  });

  it('answers 404 with an HTML page for an unknown or malformed ICCID', async () => {
    for (const iccid of ['8944000000000000000', 'not-an-iccid']) {
      const res = await app.inject({ method: 'GET', url: simulatorPath(iccid) });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('eSIM not found');
    }
  });

  it('shows a known notice, ignores unknown ones and never echoes the URL', async () => {
    const iccid = await newEsim();
    const page = (query: string) => app.inject({ method: 'GET', url: `${simulatorPath(iccid)}?${query}` });
    expect((await page('notice=advance&amount=7')).body).toContain(
      'role="status">The clock moved forward by 7 days.</p>',
    );
    expect((await page('notice=no_active_bundle')).body).toContain(
      'role="alert">No active bundle: use the eSIM at the destination first.</p>',
    );
    const unknown = await page('notice=%3Cb%3Ehi&notice=x');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('role="status"');
    expect(unknown.body).not.toContain('<b>hi');
  });
});

describe('POST /sandbox/esims/{iccid}/{action} (the page forms)', () => {
  it('runs each control and answers 303 back to the page with a notice', async () => {
    const iccid = await newEsim();
    const page = simulatorPath(iccid);
    const steps: [string, Record<string, string>, string][] = [
      ['install', {}, `${page}?notice=install`],
      ['first-use', {}, `${page}?notice=first-use`],
      ['use-data', { mb: '500' }, `${page}?notice=use-data&amount=500`],
      ['use-data', {}, `${page}?notice=use-data&amount=500`],
      ['advance', { days: '1' }, `${page}?notice=advance&amount=1`],
      ['advance', {}, `${page}?notice=advance&amount=1`],
      ['expire', {}, `${page}?notice=expire`],
      ['delete', {}, `${page}?notice=delete`],
    ];
    for (const [action, fields, location] of steps) {
      const res = await form(iccid, action, fields);
      expect(res.statusCode, `${action}: ${res.body}`).toBe(303);
      expect(res.headers.location).toBe(location);
    }
    const state = await sandbox.deviceState(iccid);
    expect(state.profileState).toBe('deleted');
    expect(state.bundles[0]?.state).toMatch(/^(expired|depleted)$/);
    const html = (await app.inject({ method: 'GET', url: `${page}?notice=delete` })).body;
    expect(html).toContain('Deleted from the phone');
    expect(html).toContain('The eSIM profile was deleted from the phone.');
  });

  it('shows the used data on the page', async () => {
    const iccid = await newEsim();
    await form(iccid, 'first-use');
    await form(iccid, 'use-data', { mb: '300' });
    const html = (await app.inject({ method: 'GET', url: simulatorPath(iccid) })).body;
    expect(html).toContain('In use (enabled)');
    expect(html).toContain('Active');
    expect(html).toContain('300 MB of 1 GB');
    expect(html).toContain('724 MB');
  });

  it('sends the phone back with an error notice when it cannot do that now', async () => {
    const iccid = await newEsim();
    const res = await form(iccid, 'use-data', { mb: '500' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${simulatorPath(iccid)}?notice=no_active_bundle`);
    await form(iccid, 'delete');
    expect((await form(iccid, 'install')).headers.location).toBe(`${simulatorPath(iccid)}?notice=profile_deleted`);
  });

  it.each([
    ['advance', { days: 'abc' }, 'days'],
    ['advance', { days: '0' }, 'days'],
    ['advance', { days: '366' }, 'days'],
    ['advance', { days: '' }, 'days'],
    ['use-data', { mb: '100001' }, 'mb'],
    ['use-data', { mb: '1.5' }, 'mb'],
    ['reboot', {}, 'action'],
  ])('%s %o answers 400 naming %s', async (action, fields, field) => {
    const iccid = await newEsim();
    const res = await form(iccid, action, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_error', field } });
  });

  it('answers 404 with the HTML page for an unknown ICCID; accepts a post without a body', async () => {
    const res = await form('8944000000000000000', 'install');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('eSIM not found');
    const iccid = await newEsim();
    const bare = await app.inject({ method: 'POST', url: `${simulatorPath(iccid)}/install` });
    expect(bare.statusCode, bare.body).toBe(303);
  });
});

describe('JSON: GET /api/sandbox/esims/{iccid} and POST .../actions', () => {
  it('reads the state with dates in ISO 8601 and data in bytes', async () => {
    const iccid = await newEsim('esim_UL_3D_TR_V2');
    const res = await app.inject({ method: 'GET', url: `/api/sandbox/esims/${iccid}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      iccid,
      profileState: 'released',
      firstUsedAt: null,
      simulatedNow: '2025-03-01T08:00:00.000Z',
      clockOffsetMs: 0,
      simulatorUrl: simulatorPath(iccid),
      bundles: [
        expect.objectContaining({
          bundle: 'esim_UL_3D_TR_V2',
          state: 'queued',
          unlimited: true,
          initialBytes: null,
          remainingBytes: null,
          usedBytes: 0,
          assignedAt: '2025-03-01T08:00:00.000Z',
          startedAt: null,
          endsAt: null,
        }),
      ],
    });
  });

  it('runs controls and answers the new state', async () => {
    const iccid = await newEsim();
    expect((await act(iccid, { action: 'first-use' })).json()).toMatchObject({
      profileState: 'enabled',
      firstUsedAt: '2025-03-01T08:00:00.000Z',
    });
    realNow += DAY;
    const used = await act(iccid, { action: 'use-data', mb: 200 });
    expect(used.statusCode).toBe(200);
    expect(used.json().bundles[0]).toMatchObject({
      state: 'active',
      usedBytes: 200 * MB + Math.floor((1024 * MB) / 10),
    });
    const advanced = await act(iccid, { action: 'advance', days: 3 });
    expect(advanced.json()).toMatchObject({ clockOffsetMs: 3 * DAY, simulatedNow: '2025-03-05T08:00:00.000Z' });
    const expired = (await act(iccid, { action: 'expire' })).json();
    expect(expired.bundles[0].state).toBe('expired');
    expect(Date.parse(expired.simulatedNow)).toBe(Date.parse(expired.bundles[0].endsAt) + 60_000);
    expect((await act(iccid, { action: 'delete' })).json().profileState).toBe('deleted');
  });

  it('answers 409 no_active_bundle before first use', async () => {
    const iccid = await newEsim();
    const res = await act(iccid, { action: 'use-data', mb: 10 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'no_active_bundle', message: 'No active bundle: use the eSIM at the destination first' },
    });
  });

  it('answers 404 JSON for an unknown ICCID', async () => {
    for (const res of [
      await app.inject({ method: 'GET', url: '/api/sandbox/esims/8944000000000000000' }),
      await act('8944000000000000000', { action: 'install' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found', field: 'iccid' } });
    }
  });

  it.each([
    [{ action: 'reboot' }, 'action'],
    [{}, 'action'],
    [{ action: 'advance', days: 0 }, 'days'],
    [{ action: 'advance', days: 400 }, 'days'],
    [{ action: 'advance', days: '2' }, 'days'],
    [{ action: 'use-data', mb: 0 }, 'mb'],
    [{ action: 'use-data', mb: 2.5 }, 'mb'],
  ])('answers 400 for %o naming %s', async (body, field) => {
    const iccid = await newEsim();
    const res = await act(iccid, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_error', field } });
  });

  it('answers 400, not 500, for malformed JSON or no body', async () => {
    const iccid = await newEsim();
    const malformed = await app.inject({
      method: 'POST',
      url: `/api/sandbox/esims/${iccid}/actions`,
      headers: { 'content-type': 'application/json' },
      payload: '{"action": "install"',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { message: expect.any(String) } });
    const empty = await app.inject({ method: 'POST', url: `/api/sandbox/esims/${iccid}/actions` });
    expect(empty.statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the JSON routes and hides the HTML ones', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/sandbox/esims/{iccid}', '/api/sandbox/esims/{iccid}/actions']),
    );
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/sandbox/'))).toBe(false);
  });
});
