import { apiErrorSchema } from '@esim/contract/catalog';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { SandboxEsimProvider } from '../../providers/esim/sandbox.ts';
import {
  DEVICE_NOTICES,
  type DeviceNotice,
  type DeviceNoticeView,
  renderDeviceNotFoundPage,
  renderDevicePage,
  simulatorPath,
} from './sandbox-device-page.ts';
import {
  ADVANCE_DAYS,
  SANDBOX_ESIM_ACTIONS,
  type SandboxEsimAction,
  type SandboxEsimState,
  USE_DATA_MB,
} from '../../providers/esim/sandbox-usage.ts';

/** MB the `use-data` control uses when the request names no amount (the page's "Use 500 MB"). */
const DEFAULT_USE_MB = 500;
/** Days the `advance` control moves when the request names none. */
const DEFAULT_ADVANCE_DAYS = 1;

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/**
 * Any string: unknown and malformed ICCIDs alike answer 404 (the provider checks the format before
 * any query), so the routes set `paramsFormatChecked`: NUL gets that 404 too, not the text guard's 400.
 */
const iccidParamsSchema = z.object({ iccid: z.string().describe('ICCID of a sandbox eSIM (19 digits)') });

const actionSchema = z
  .enum(SANDBOX_ESIM_ACTIONS)
  .describe(
    'install | first-use (activates: the bundles start) | use-data (mb) | advance (days, moves the clock) | expire (moves the clock past the last bundle) | delete',
  );

const mbSchema = z
  .number()
  .int('must be a whole number')
  .min(USE_DATA_MB.min, `must be at least ${USE_DATA_MB.min}`)
  .max(USE_DATA_MB.max, `must be at most ${USE_DATA_MB.max}`);
const daysSchema = z
  .number()
  .int('must be a whole number')
  .min(ADVANCE_DAYS.min, `must be at least ${ADVANCE_DAYS.min}`)
  .max(ADVANCE_DAYS.max, `must be at most ${ADVANCE_DAYS.max}`);

/** `POST /api/sandbox/esims/{iccid}/actions` body. */
const actionBodySchema = z.object({
  action: actionSchema,
  mb: mbSchema
    .optional()
    .describe(`use-data: MB to use, ${USE_DATA_MB.min}-${USE_DATA_MB.max} (default ${DEFAULT_USE_MB})`),
  days: daysSchema
    .optional()
    .describe(`advance: days, ${ADVANCE_DAYS.min}-${ADVANCE_DAYS.max} (default ${DEFAULT_ADVANCE_DAYS})`),
});

/** Form fields arrive as text; a blank or non-numeric value fails like an out-of-range one. */
const formNumber = (schema: z.ZodNumber) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number')
    .transform(Number)
    .pipe(schema);

/** The HTML forms' fields; a post without a body (Fastify's `null`) is a control without an amount. */
const formBodySchema = z
  .object({ mb: formNumber(mbSchema).optional(), days: formNumber(daysSchema).optional() })
  .nullish();

const formParamsSchema = iccidParamsSchema.extend({ action: actionSchema });

const bundleJsonSchema = z.object({
  id: z.string().describe('Assignment id, SBA- + 12 hex digits'),
  bundle: z.string().describe('Provider bundle name, e.g. esim_1GB_7D_TR_V2'),
  state: z.enum(['processing', 'queued', 'active', 'depleted', 'expired', 'revoked', 'lapsed']),
  unlimited: z.boolean(),
  initialBytes: z
    .number()
    .int()
    .nullable()
    .describe('Allowance in bytes (1 MB = 1,048,576 bytes); null when unlimited'),
  remainingBytes: z.number().int().nullable().describe('Bytes left; null when unlimited'),
  usedBytes: z.number().int().describe('Bytes used so far'),
  assignedAt: z.string().describe('Simulated time, ISO 8601'),
  startedAt: z.string().nullable().describe('Simulated time, ISO 8601; null until the bundle starts'),
  endsAt: z.string().nullable().describe('Simulated time, ISO 8601; null until the bundle starts'),
});

/** The device simulator's view of an eSIM, as JSON. */
const stateJsonSchema = z.object({
  iccid: z.string(),
  profileState: z.enum(['released', 'downloaded', 'installed', 'enabled', 'disabled', 'deleted']),
  firstUsedAt: z.string().nullable().describe('Simulated time of first use, ISO 8601'),
  simulatedNow: z.string().describe("This eSIM's clock: real time + clockOffsetMs, ISO 8601"),
  clockOffsetMs: z.number().int().describe('Simulated minus real time, ms'),
  simulatorUrl: z.string().describe('The HTML device simulator page'),
  bundles: z.array(bundleJsonSchema).describe('Oldest first'),
});
type StateJson = z.infer<typeof stateJsonSchema>;

function toJson(state: SandboxEsimState): StateJson {
  return {
    iccid: state.iccid,
    profileState: state.profileState,
    firstUsedAt: state.firstUsedAt?.toISOString() ?? null,
    simulatedNow: state.simulatedNow.toISOString(),
    clockOffsetMs: state.clockOffsetMs,
    simulatorUrl: simulatorPath(state.iccid),
    bundles: state.bundles.map((b) => ({
      ...b,
      assignedAt: b.assignedAt.toISOString(),
      startedAt: b.startedAt?.toISOString() ?? null,
      endsAt: b.endsAt?.toISOString() ?? null,
    })),
  };
}

function toAction(action: (typeof SANDBOX_ESIM_ACTIONS)[number], mb?: number, days?: number): SandboxEsimAction {
  switch (action) {
    case 'use-data':
      return { action, mb: mb ?? DEFAULT_USE_MB };
    case 'advance':
      return { action, days: days ?? DEFAULT_ADVANCE_DAYS };
    default:
      return { action };
  }
}

function isNotice(value: unknown): value is DeviceNotice {
  return typeof value === 'string' && Object.hasOwn(DEVICE_NOTICES, value);
}

/** The notice of the page's query (`notice`, `amount`); anything unknown shows none. */
function noticeOf(query: unknown): DeviceNoticeView | undefined {
  const { notice, amount } = (query ?? {}) as Record<string, unknown>;
  if (!isNotice(notice)) return undefined;
  const value = typeof amount === 'string' && /^\d{1,7}$/.test(amount) ? Number(amount) : undefined;
  return { notice, amount: value };
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/**
 * The sandbox eSIM provider's device simulator (decision record 0009: activation on first use,
 * usage that grows, expiry): the traveller's phone, so that the customer portal can be taken
 * through every state. Registered only while the sandbox is the eSIM provider.
 *
 * - `GET /sandbox/esims/{iccid}` -> 200 HTML page (profile, simulated date, bundles with usage,
 *   controls); 404 HTML page for an unknown ICCID.
 * - `POST /sandbox/esims/{iccid}/{action}` (the page's forms; urlencoded fields `mb` 1-100,000
 *   for `use-data`, default 500, and `days` 1-365 for `advance`, default 1) -> 303 back to the
 *   page with `?notice=<action>` (and `amount`), or `?notice=no_active_bundle|profile_deleted`
 *   when the phone cannot do that now; 404 HTML page for an unknown ICCID; 400 JSON
 *   `validation_error` naming `action`, `mb` or `days`.
 * - `GET /api/sandbox/esims/{iccid}` -> 200 the state as JSON (dates ISO 8601, data in bytes).
 * - `POST /api/sandbox/esims/{iccid}/actions` body `{ action, mb?, days? }` -> 200 the new state;
 *   409 `no_active_bundle` ('No active bundle: use the eSIM at the destination first') or
 *   `profile_deleted`.
 *
 * JSON errors are `{ error: { code, message, field? } }`: 404 `not_found` (field `iccid`), 400
 * `validation_error` (bad field, malformed JSON). Every answer is `Cache-Control: no-store`. The
 * HTML routes are left out of the OpenAPI document.
 */
export const sandboxEsimRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxEsimProvider }> = async (app, { sandbox }) => {
  // Scoped to this plugin (encapsulation): the forms' fields become an object of strings.
  if (!app.hasContentTypeParser(FORM_CONTENT_TYPE)) {
    app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  }
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const pageOptions = { config: { paramsFormatChecked: true }, schema: { hide: true, params: iccidParamsSchema } };
  app.get('/sandbox/esims/:iccid', pageOptions, async (request, reply) => {
    try {
      const state = await sandbox.deviceState(request.params.iccid);
      return html(reply, 200, renderDevicePage(state, noticeOf(request.query)));
    } catch (error) {
      if (error instanceof NotFoundError) return html(reply, 404, renderDeviceNotFoundPage());
      throw error;
    }
  });

  app.post(
    '/sandbox/esims/:iccid/:action',
    {
      bodyLimit: 1024,
      config: { paramsFormatChecked: true },
      schema: { hide: true, params: formParamsSchema, body: formBodySchema },
    },
    async (request, reply) => {
      const { iccid, action } = request.params;
      const control = toAction(action, request.body?.mb, request.body?.days);
      const page = simulatorPath(iccid);
      try {
        await sandbox.simulate(iccid, control);
      } catch (error) {
        if (error instanceof NotFoundError) return html(reply, 404, renderDeviceNotFoundPage());
        if (error instanceof ConflictError && isNotice(error.code)) {
          return reply.redirect(`${page}?notice=${error.code}`, 303);
        }
        throw error;
      }
      const amount =
        control.action === 'use-data' ? control.mb : control.action === 'advance' ? control.days : undefined;
      return reply.redirect(`${page}?notice=${action}${amount === undefined ? '' : `&amount=${amount}`}`, 303);
    },
  );

  app.get(
    '/api/sandbox/esims/:iccid',
    {
      config: { paramsFormatChecked: true },
      schema: {
        tags: ['eSIM (sandbox)'],
        summary: "A sandbox eSIM's simulated phone: profile, clock, bundles with usage",
        params: iccidParamsSchema,
        response: { 200: stateJsonSchema, 404: apiErrorSchema },
      },
    },
    async (request) => toJson(await sandbox.deviceState(request.params.iccid)),
  );

  app.post(
    '/api/sandbox/esims/:iccid/actions',
    {
      config: { paramsFormatChecked: true },
      bodyLimit: 1024,
      schema: {
        tags: ['eSIM (sandbox)'],
        summary:
          "Runs a control on a sandbox eSIM's simulated phone (install, first use, data use, time travel, expiry, deletion)",
        params: iccidParamsSchema,
        body: actionBodySchema,
        response: { 200: stateJsonSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const { action, mb, days } = request.body;
      return toJson(await sandbox.simulate(request.params.iccid, toAction(action, mb, days)));
    },
  );
};
