import type {
  AdminConversationDetail,
  AdminConversationsPage,
  AdminSupportMessageDetail,
  AdminSupportMessagesPage,
} from '@esim/contract/support';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { adminAuditLog } from '../admin/admin.schema.ts';
import { chatConversations, chatMessages } from '../chat/chat.schema.ts';
import { type SignedIn, signIn } from '../../../test/accounts.ts';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';

/**
 * Support messages and chat conversations in the admin area: the lists (status and
 * reviewed filters, each kind of search, keyset pages newest first), the details, marking a
 * message answered or open and a conversation reviewed (who and when, audited before and after),
 * 400 naming the field, 404. Conversations are inserted directly (the chat module writes them).
 * PGlite by default; PostgreSQL with `DATABASE_URL`.
 */

let database: Database;
let app: FastifyInstance;
let services: AppServices;
let admin: SignedIn;
let customer: SignedIn;

const db = () => database.db;
const asAdmin = (options: InjectOptions) =>
  app.inject({ ...options, headers: { ...admin.headers, ...options.headers } });

async function ok<T>(options: InjectOptions): Promise<T> {
  const res = await asAdmin(options);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<T>();
}

/** The audit rows of `target` once there are at least `count` (the hook writes after the answer). */
async function auditOf(target: string, count: number) {
  for (let i = 0; ; i++) {
    const rows = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, target))
      .orderBy(asc(adminAuditLog.id));
    if (rows.length >= count || i === 100) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let address = 0;
/** Sends a contact-form message from an address of its own; returns its reference. */
async function submit(fields: { name: string; email: string; subject: string; message?: string }): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/support/messages',
    remoteAddress: `203.0.113.${++address}`,
    payload: { message: 'Hello, I need help with my eSIM please.', language: 'en', ...fields },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ reference: string }>().reference;
}

const refs: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app, services } = await buildApp({
    config: testConfig(),
    database,
    serveWeb: false,
    jobOptions: { backoffBaseMs: 5, backoffCapMs: 50 },
  }));
  await app.ready();
  admin = await signIn(app, services, database, { admin: true, twoFactor: true });
  customer = await signIn(app, services, database);
  refs.ada = await submit({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Refund for ORD-1' });
  refs.grace = await submit({
    name: 'Grace Hopper',
    email: 'grace@navy.example',
    subject: 'Hotspot question',
    message: 'Line one\nline two of a long message. '.repeat(20),
  });
  refs.alan = await submit({ name: 'Alan Turing', email: 'alan@example.org', subject: '100% no data_here' });
  await services.jobs.runUntilIdle();
});

afterAll(async () => {
  await services?.jobs.stop();
  await app?.close();
  await database?.close();
});

describe('support messages', () => {
  it('lists newest first with previews and counts, in keyset pages', async () => {
    const page = await ok<AdminSupportMessagesPage>({ method: 'GET', url: '/api/admin/support-messages' });
    expect(page.messages.map((m) => m.reference)).toEqual([refs.alan, refs.grace, refs.ada]);
    expect(page.nextCursor).toBeNull();
    expect(page.counts).toEqual({ open: 3, answered: 0 });
    const grace = page.messages[1]!;
    expect(grace).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      status: 'open',
      language: 'en',
      answeredAt: null,
      answeredBy: null,
    });
    expect(grace.preview.length).toBeLessThanOrEqual(160);
    expect(grace.preview).not.toContain('\n');
    expect(grace.preview.endsWith('…')).toBe(true);
    expect(grace).not.toHaveProperty('message');

    const first = await ok<AdminSupportMessagesPage>({ method: 'GET', url: '/api/admin/support-messages?limit=2' });
    expect(first.messages.map((m) => m.reference)).toEqual([refs.alan, refs.grace]);
    expect(first.nextCursor).toBe(String(first.messages[1]!.id));
    const second = await ok<AdminSupportMessagesPage>({
      method: 'GET',
      url: `/api/admin/support-messages?limit=2&cursor=${first.nextCursor}`,
    });
    expect(second.messages.map((m) => m.reference)).toEqual([refs.ada]);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ['a part of the name', 'hopper', ['grace']],
    ['a part of the e-mail', 'NAVY.example', ['grace']],
    ['a part of the subject', 'ord-1', ['ada']],
    ['a LIKE wildcard taken literally', '100%', ['alan']],
    ['an underscore taken literally', 'data_h', ['alan']],
    ['nothing that matches', 'zzz', []],
  ])('searches by %s', async (_what, q, who) => {
    const page = await ok<AdminSupportMessagesPage>({
      method: 'GET',
      url: `/api/admin/support-messages?q=${encodeURIComponent(q)}`,
    });
    expect(page.messages.map((m) => m.reference)).toEqual(who.map((w) => refs[w]));
  });

  it('searches by the reference, whole or in part', async () => {
    for (const q of [refs.grace!, refs.grace!.slice(4).toLowerCase()]) {
      const page = await ok<AdminSupportMessagesPage>({ method: 'GET', url: `/api/admin/support-messages?q=${q}` });
      expect(page.messages.map((m) => m.reference)).toEqual([refs.grace]);
    }
  });

  it('shows one message in full; 404 for an unknown one, 400 naming id for a malformed one', async () => {
    const { messages } = await ok<AdminSupportMessagesPage>({
      method: 'GET',
      url: `/api/admin/support-messages?q=${refs.grace}`,
    });
    const detail = await ok<AdminSupportMessageDetail>({
      method: 'GET',
      url: `/api/admin/support-messages/${messages[0]!.id}`,
    });
    expect(detail.message).toBe('Line one\nline two of a long message. '.repeat(20).trim());
    expect(detail.reference).toBe(refs.grace);
    const missing = await asAdmin({ method: 'GET', url: '/api/admin/support-messages/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: { code: string } }>().error.code).toBe('not_found');
    const malformed = await asAdmin({ method: 'GET', url: '/api/admin/support-messages/abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ error: { field: string } }>().error.field).toBe('id');
  });

  it('marks a message answered (who and when, audited) and open again; filters by status', async () => {
    const { messages } = await ok<AdminSupportMessagesPage>({
      method: 'GET',
      url: `/api/admin/support-messages?q=${refs.ada}`,
    });
    const id = messages[0]!.id;
    const started = Date.now();
    const answered = await ok<AdminSupportMessageDetail>({
      method: 'PATCH',
      url: `/api/admin/support-messages/${id}`,
      payload: { status: 'answered' },
    });
    expect(answered.status).toBe('answered');
    expect(answered.answeredBy).toBe(admin.username);
    expect(Date.parse(answered.answeredAt!)).toBeGreaterThanOrEqual(started - 5_000);

    // Marking it again keeps the first answer.
    const again = await ok<AdminSupportMessageDetail>({
      method: 'PATCH',
      url: `/api/admin/support-messages/${id}`,
      payload: { status: 'answered' },
    });
    expect(again.answeredAt).toBe(answered.answeredAt);

    const open = await ok<AdminSupportMessagesPage>({ method: 'GET', url: '/api/admin/support-messages?status=open' });
    expect(open.messages.map((m) => m.reference)).toEqual([refs.alan, refs.grace]);
    expect(open.counts).toEqual({ open: 2, answered: 1 });
    const done = await ok<AdminSupportMessagesPage>({
      method: 'GET',
      url: '/api/admin/support-messages?status=answered',
    });
    expect(done.messages.map((m) => m.reference)).toEqual([refs.ada]);

    const audit = await auditOf(`support-message:${id}`, 1);
    const change = audit.find((row) => row.action === 'PATCH /api/admin/support-messages/:id');
    expect(change?.before).toMatchObject({ status: 'open', answeredAt: null });
    expect(change?.after).toMatchObject({ status: 'answered', answeredBy: admin.username });

    const reopened = await ok<AdminSupportMessageDetail>({
      method: 'PATCH',
      url: `/api/admin/support-messages/${id}`,
      payload: { status: 'open' },
    });
    expect(reopened).toMatchObject({ status: 'open', answeredAt: null, answeredBy: null });
  });

  it('refuses a bad status, filter or cursor with 400 naming the field; 404 for an unknown message', async () => {
    const cases: [InjectOptions, string][] = [
      [{ method: 'PATCH', url: '/api/admin/support-messages/1', payload: { status: 'closed' } }, 'status'],
      [{ method: 'PATCH', url: '/api/admin/support-messages/1', payload: {} }, 'status'],
      [{ method: 'GET', url: '/api/admin/support-messages?status=closed' }, 'status'],
      [{ method: 'GET', url: '/api/admin/support-messages?cursor=abc' }, 'cursor'],
      [{ method: 'GET', url: '/api/admin/support-messages?limit=0' }, 'limit'],
      [{ method: 'GET', url: `/api/admin/support-messages?q=${'x'.repeat(201)}` }, 'q'],
    ];
    for (const [options, field] of cases) {
      const res = await asAdmin(options);
      expect(res.statusCode, `${options.url} ${res.body}`).toBe(400);
      expect(res.json<{ error: { field: string } }>().error.field).toBe(field);
    }
    const missing = await asAdmin({
      method: 'PATCH',
      url: '/api/admin/support-messages/999999',
      payload: { status: 'answered' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/support-messages' })).statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/api/admin/support-messages', headers: customer.headers });
    expect(res.statusCode).toBe(403);
  });
});

describe('chat conversations', () => {
  const ids: Record<string, number> = {};
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    const insert = async (
      key: string,
      conversation: {
        sessionId: string;
        language: string;
        lastMessageAt: Date;
        reviewedAt?: Date;
        reviewedBy?: string;
      },
      messages: {
        sender: 'user' | 'agent';
        message: string;
        sources?: { title: string; url?: string }[];
        kind?: string;
        latencyMs?: number;
      }[],
    ) => {
      const [row] = await db()
        .insert(chatConversations)
        .values({
          engine: 'local',
          messageCount: messages.length,
          startedAt: new Date(conversation.lastMessageAt.getTime() - 60_000),
          ...conversation,
        })
        .returning({ id: chatConversations.id });
      ids[key] = row!.id;
      let t = conversation.lastMessageAt.getTime() - messages.length * 1000;
      for (const m of messages) {
        t += 1000;
        await db()
          .insert(chatMessages)
          .values({
            conversationId: row!.id,
            language: conversation.language,
            createdAt: new Date(t),
            sources: [],
            ...m,
          });
      }
    };
    await insert(
      'hotspot',
      { sessionId: '1732456789012-hotspot01', language: 'en', lastMessageAt: at('2026-03-01T10:00:00.000123Z') },
      [
        { sender: 'user', message: 'Is hotspot allowed?' },
        {
          sender: 'agent',
          message: 'Yes, hotspot is allowed on all plans; it counts toward your data.',
          sources: [{ title: 'Can I use my eSIM as a hotspot?', url: '/faq#hotspot' }],
          kind: 'knowledge',
          latencyMs: 12,
        },
      ],
    );
    // Same last message time as `hotspot`, to the microsecond: the cursor must tell them apart by id.
    await insert(
      'tie',
      { sessionId: '1732456789012-tiebreak1', language: 'en', lastMessageAt: at('2026-03-01T10:00:00.000123Z') },
      [
        { sender: 'user', message: 'Which phones work?' },
        { sender: 'agent', message: 'iPhone XS and later...', kind: 'device', latencyMs: 8 },
      ],
    );
    await insert(
      'turkish',
      {
        sessionId: '1732456789999-turkce001',
        language: 'tr',
        lastMessageAt: at('2026-03-02T09:30:00.000001Z'),
        reviewedAt: at('2026-03-02T10:00:00Z'),
        reviewedBy: 'someone',
      },
      [
        { sender: 'user', message: 'İade alabilir miyim?' },
        {
          sender: 'agent',
          message: 'Üzgünüm, bir hata oluştu. Lütfen tekrar deneyin.',
          kind: 'error',
          latencyMs: 3000,
        },
        { sender: 'user', message: 'Japonya için en ucuz paket?' },
        {
          sender: 'agent',
          message: 'Japonya 1GB 7 gün: $4.50',
          sources: [{ title: 'Japan', url: '/tr/japonya' }],
          kind: 'catalogue',
          latencyMs: 20,
        },
      ],
    );
    await insert(
      'empty',
      { sessionId: '1732450000000-nomessage', language: 'de', lastMessageAt: at('2026-02-01T00:00:00Z') },
      [],
    );
  });

  const list = (query = '') =>
    ok<AdminConversationsPage>({ method: 'GET', url: `/api/admin/chat-conversations${query}` });

  it('lists newest last message first with message count, language and first question', async () => {
    const page = await list();
    expect(page.conversations.map((c) => c.id)).toEqual([ids.turkish, ids.tie, ids.hotspot, ids.empty]);
    const turkish = page.conversations[0]!;
    expect(turkish).toMatchObject({
      sessionId: '1732456789999-turkce001',
      language: 'tr',
      engine: 'local',
      messageCount: 4,
      firstQuestion: 'İade alabilir miyim?',
      reviewedBy: 'someone',
      lastMessageAt: '2026-03-02T09:30:00.000Z',
    });
    expect(page.conversations[3]).toMatchObject({ messageCount: 0, firstQuestion: null, reviewedAt: null });
  });

  it('pages with a cursor that keeps conversations of the same time apart', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i++) {
      const page: AdminConversationsPage = await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.conversations.map((c) => c.id));
      cursor = page.nextCursor;
      if (!cursor) break;
      expect(cursor).toMatch(/^\d+\.\d+$/);
    }
    expect(seen).toEqual([ids.turkish, ids.tie, ids.hotspot, ids.empty]);
  });

  it.each([
    ['a word of an assistant reply', 'COUNTS TOWARD', ['hotspot']],
    ['a word of a visitor message, Turkish', 'japonya', ['turkish']],
    ['a part of the session id', 'tiebreak', ['tie']],
    ['a LIKE wildcard taken literally', '%', []],
  ])('searches by %s', async (_what, q, keys) => {
    const page = await list(`?q=${encodeURIComponent(q)}`);
    expect(page.conversations.map((c) => c.id)).toEqual(keys.map((k) => ids[k]));
  });

  it('filters reviewed and not reviewed', async () => {
    expect((await list('?reviewed=true')).conversations.map((c) => c.id)).toEqual([ids.turkish]);
    expect((await list('?reviewed=false')).conversations.map((c) => c.id)).toEqual([ids.tie, ids.hotspot, ids.empty]);
    const bad = await asAdmin({ method: 'GET', url: '/api/admin/chat-conversations?reviewed=yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { field: string } }>().error.field).toBe('reviewed');
    const badCursor = await asAdmin({ method: 'GET', url: '/api/admin/chat-conversations?cursor=12' });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json<{ error: { field: string } }>().error.field).toBe('cursor');
  });

  it('shows a conversation with every message: sender, text, sources, kind, latency, time', async () => {
    const detail = await ok<AdminConversationDetail>({
      method: 'GET',
      url: `/api/admin/chat-conversations/${ids.turkish}`,
    });
    expect(detail.messageCount).toBe(4);
    expect(detail.messages.map((m) => [m.sender, m.kind, m.latencyMs])).toEqual([
      ['user', null, null],
      ['agent', 'error', 3000],
      ['user', null, null],
      ['agent', 'catalogue', 20],
    ]);
    expect(detail.messages[3]).toMatchObject({
      message: 'Japonya 1GB 7 gün: $4.50',
      sources: [{ title: 'Japan', url: '/tr/japonya' }],
      language: 'tr',
    });
    expect(detail.messages[0]!.sources).toEqual([]);
    expect(Date.parse(detail.messages[0]!.createdAt)).toBeLessThan(Date.parse(detail.messages[1]!.createdAt));
    const missing = await asAdmin({ method: 'GET', url: '/api/admin/chat-conversations/999999' });
    expect(missing.statusCode).toBe(404);
  });

  it('marks a conversation reviewed (who and when, audited) and not reviewed', async () => {
    const reviewed = await ok<AdminConversationDetail>({
      method: 'PATCH',
      url: `/api/admin/chat-conversations/${ids.hotspot}`,
      payload: { reviewed: true },
    });
    expect(reviewed.reviewedBy).toBe(admin.username);
    expect(reviewed.reviewedAt).not.toBeNull();
    expect(reviewed.messages).toHaveLength(2);
    expect((await list('?reviewed=true')).conversations.map((c) => c.id)).toEqual([ids.turkish, ids.hotspot]);
    const audit = await auditOf(`chat-conversation:${ids.hotspot}`, 1);
    const change = audit.find((row) => row.action === 'PATCH /api/admin/chat-conversations/:id');
    expect(change?.before).toEqual({ reviewedAt: null, reviewedBy: null });
    expect(change?.after).toMatchObject({ reviewedBy: admin.username });

    const undone = await ok<AdminConversationDetail>({
      method: 'PATCH',
      url: `/api/admin/chat-conversations/${ids.hotspot}`,
      payload: { reviewed: false },
    });
    expect(undone).toMatchObject({ reviewedAt: null, reviewedBy: null });
    const bad = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/chat-conversations/${ids.hotspot}`,
      payload: { reviewed: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { field: string } }>().error.field).toBe('reviewed');
    const missing = await asAdmin({
      method: 'PATCH',
      url: '/api/admin/chat-conversations/999999',
      payload: { reviewed: true },
    });
    expect(missing.statusCode).toBe(404);
  });
});
