import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of AnythingLLM's developer API, errors included (decision record 0017): a real HTTP server on
 * 127.0.0.1 (port 0) answering as `Mintplex-Labs/anything-llm` 1.16.0's source
 * does:
 *
 * - `GET /api/v1/auth` -> `{ authenticated: true }`;
 * - `POST /api/v1/workspace/:slug/chat` -> `{ id, type: 'textResponse', close, error: null, chatId,
 *   textResponse, sources, metrics }`, answering from the workspace's documents (word overlap),
 *   sources with the slugified `title` (`xxx.txt`), `description`, `docSource`, `text`, `score`,
 *   one per matching chunk (so a document can come twice); 400 abort shapes for an unknown
 *   workspace, an empty message and a bad mode;
 * - `POST /api/v1/document/raw-text` -> `{ success, error, documents: [{ ..., location:
 *   'custom-documents/raw-<slug>-<uuid>.json' }] }`; 422 for a missing title, empty text, or an
 *   `addToWorkspaces` that is not a string;
 * - `POST /api/v1/workspace/:slug/update-embeddings` `{ adds, deletes }` -> `{ workspace }`;
 * - `DELETE /api/v1/system/remove-documents` `{ names }` -> `{ success, message }`;
 * - `GET /api/v1/workspace/:slug` -> `{ workspace: [{ ..., documents }] }`;
 * - 403 `{ error: 'No valid api key found.' }` for a missing or unknown key on every route.
 *
 * Failures can be queued per route ({@link FakeAnythingLLM.fail}): a 200 abort, a 500 abort, a
 * plain 500, a body that is not JSON, or a slow answer (time-outs). Every request is recorded.
 */

/** A document the fake holds, as AnythingLLM stores a raw-text upload. */
export interface FakeDocument {
  id: string;
  location: string;
  /** `stripAndSlug(metadata.title) + '.txt'`. */
  title: string;
  description: string;
  docSource: string;
  docAuthor: string;
  published: string;
  textContent: string;
}

/** A request as the fake received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/** Routes whose answers can be made to fail. */
export type FakeRoute = 'chat' | 'raw-text' | 'update-embeddings' | 'remove-documents';
/** How a queued failure answers. */
export type FakeFailure = 'abort200' | 'abort500' | 'error500' | 'not-json' | 'slow';

/** The running fake. */
export interface FakeAnythingLLM {
  /** Base URL, e.g. `http://127.0.0.1:41234` (ANYTHINGLLM_URL). */
  url: string;
  /** The one valid key. */
  apiKey: string;
  /** The one workspace's slug. */
  workspace: string;
  /** Every request, oldest first. */
  requests: RecordedRequest[];
  /** Documents by location. */
  documents: Map<string, FakeDocument>;
  /** Locations of the documents embedded in the workspace. */
  embedded: Set<string>;
  /** How long a `slow` answer waits, ms. Default 2,000. */
  slowMs: number;
  /** Queues `times` failures of `kind` on `route` (the next calls). */
  fail(route: FakeRoute, kind: FakeFailure, times?: number): void;
  /** The requests to one route (`'POST /api/v1/document/raw-text'`, ...), by method and path. */
  calls(method: string, path: string): RecordedRequest[];
  /** The documents embedded in the workspace. */
  workspaceDocuments(): FakeDocument[];
  /** Forgets requests and queued failures (documents stay). */
  clearRequests(): void;
  close(): Promise<void>;
}

/**
 * `collector/processRawText`'s `stripAndSlug`: everything after the last dot dropped, lower-cased,
 * runs of other characters made one `-`.
 */
export function stripAndSlug(title: string): string {
  const base = title.includes('.') ? title.slice(0, title.lastIndexOf('.')) : title;
  return base
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

async function readBody(request: IncomingMessage): Promise<{ raw: string; json: unknown }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  try {
    return { raw, json: raw ? JSON.parse(raw) : undefined };
  } catch {
    return { raw, json: undefined };
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

function abort(error: string) {
  return { id: randomUUID(), type: 'abort', textResponse: null, sources: [], close: true, error };
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Starts the fake on 127.0.0.1 with a random port. */
export async function startFakeAnythingLLM(
  opts: { apiKey?: string; workspace?: string } = {},
): Promise<FakeAnythingLLM> {
  const apiKey = opts.apiKey ?? 'fake-anythingllm-key';
  const workspace = opts.workspace ?? 'roamwise';
  const requests: RecordedRequest[] = [];
  const documents = new Map<string, FakeDocument>();
  const embedded = new Set<string>();
  const failures = new Map<FakeRoute, FakeFailure[]>();
  let chatId = 0;

  const fake = {
    url: '',
    apiKey,
    workspace,
    requests,
    documents,
    embedded,
    slowMs: 2_000,
    fail(route: FakeRoute, kind: FakeFailure, times = 1) {
      failures.set(route, [...(failures.get(route) ?? []), ...Array.from({ length: times }, () => kind)]);
    },
    calls(method: string, path: string) {
      return requests.filter((r) => r.method === method && r.path === path);
    },
    workspaceDocuments() {
      return [...embedded].map((l) => documents.get(l)).filter((d) => d !== undefined);
    },
    clearRequests() {
      requests.length = 0;
      failures.clear();
    },
    close: async () => {},
  } satisfies FakeAnythingLLM;

  /** Answers a queued failure of `route`; true when it did (`slow` waits, then lets the route answer). */
  async function failed(route: FakeRoute, response: ServerResponse): Promise<boolean> {
    const kind = failures.get(route)?.shift();
    if (!kind) return false;
    if (kind === 'slow') {
      await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
      return response.destroyed;
    }
    if (kind === 'abort200') send(response, 200, abort('No text completion could be completed with this input.'));
    else if (kind === 'abort500') send(response, 500, abort('LLM provider is not responding'));
    else if (kind === 'error500')
      send(response, 500, {
        success: false,
        error: 'Document processing API is not online. Document will not be processed automatically.',
      });
    else {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>502 Bad Gateway</body></html>');
    }
    return true;
  }

  function chat(body: Record<string, unknown>, slug: string, response: ServerResponse): void {
    if (slug !== workspace) return send(response, 400, abort(`Workspace ${slug} is not a valid workspace.`));
    const message = typeof body.message === 'string' ? body.message : '';
    const mode = body.mode ?? null;
    if (!message.length && body.reset !== true) return send(response, 400, abort('Message is empty'));
    if (mode !== null && !['automatic', 'chat', 'query'].includes(String(mode)))
      return send(response, 400, abort(`${String(mode)} is not a valid mode.`));
    const asked = words(message);
    const chunks = fake
      .workspaceDocuments()
      .flatMap((doc) =>
        doc.textContent
          .split(/\n\s*\n/)
          .map((text) => text.trim())
          .filter(Boolean)
          .map((text) => ({ doc, text, score: [...words(text)].filter((w) => asked.has(w)).length })),
      )
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, 4);
    const best = chunks[0];
    const textResponse = best
      ? `According to "${best.doc.description}": ${best.text.replace(/^#.*\n?/, '').trim() || best.text}`
      : 'I could not find anything about that in the documents of this workspace.';
    send(response, 200, {
      id: randomUUID(),
      type: 'textResponse',
      close: true,
      error: null,
      chatId: ++chatId,
      textResponse,
      sources: chunks.map(({ doc, text, score }) => ({
        id: doc.id,
        url: `file://${doc.location}`,
        title: doc.title,
        docAuthor: doc.docAuthor,
        description: doc.description,
        docSource: doc.docSource,
        chunkSource: '',
        published: doc.published,
        wordCount: doc.textContent.split(/\s+/).length,
        token_count_estimate: Math.ceil(doc.textContent.length / 4),
        text,
        score: Math.min(1, score / 10),
      })),
      metrics: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, outputTps: 0, duration: 0 },
    });
  }

  function rawText(body: Record<string, unknown>, response: ServerResponse): void {
    const metadata = record(body.metadata);
    const textContent = typeof body.textContent === 'string' ? body.textContent : '';
    if (typeof metadata.title !== 'string' || metadata.title === '') {
      return send(response, 422, {
        success: false,
        error:
          "You are missing required metadata key:value pairs in your request. Required metadata key:values are 'title'",
        documents: [],
      });
    }
    if (!textContent)
      return send(response, 422, {
        success: false,
        error: "The 'textContent' key cannot have an empty value.",
        documents: [],
      });
    if (body.addToWorkspaces !== undefined && typeof body.addToWorkspaces !== 'string') {
      return send(response, 422, {
        success: false,
        error: 'addToWorkspaces must be a comma-separated string of workspace slugs.',
        documents: [],
      });
    }
    const slug = stripAndSlug(metadata.title);
    const id = randomUUID();
    const doc: FakeDocument = {
      id,
      location: `custom-documents/raw-${slug}-${id}.json`,
      title: `${slug}.txt`,
      description: typeof metadata.description === 'string' ? metadata.description : 'no description found',
      docSource: typeof metadata.docSource === 'string' ? metadata.docSource : 'no source set',
      docAuthor: typeof metadata.docAuthor === 'string' ? metadata.docAuthor : 'no author specified',
      published: typeof metadata.published === 'string' ? metadata.published : new Date().toLocaleString(),
      textContent,
    };
    documents.set(doc.location, doc);
    const targets =
      typeof body.addToWorkspaces === 'string' ? body.addToWorkspaces.split(',').map((s) => s.trim()) : [];
    if (targets.includes(workspace)) embedded.add(doc.location);
    const { textContent: _text, ...meta } = doc;
    send(response, 200, {
      success: true,
      error: null,
      documents: [
        {
          ...meta,
          url: `file://${doc.location}`,
          chunkSource: '',
          wordCount: textContent.split(/\s+/).length,
          token_count_estimate: Math.ceil(textContent.length / 4),
        },
      ],
    });
  }

  function workspaceBody() {
    return {
      id: 1,
      name: 'Roamwise',
      slug: workspace,
      documents: fake.workspaceDocuments().map((d) => ({
        docId: d.id,
        docpath: d.location,
        metadata: JSON.stringify({ title: d.title, description: d.description, docSource: d.docSource }),
      })),
    };
  }

  const server = createServer((request, response) => {
    void (async () => {
      const { json } = await readBody(request);
      const path = (request.url ?? '/').split('?')[0]!;
      const method = request.method ?? 'GET';
      requests.push({ method, path, authorization: request.headers.authorization, body: json });
      const key = request.headers.authorization?.split(' ')[1];
      if (!key || key !== apiKey) return send(response, 403, { error: 'No valid api key found.' });
      const body = record(json);
      const workspaceRoute = /^\/api\/v1\/workspace\/([^/]+)(\/chat|\/update-embeddings)?$/.exec(path);
      if (method === 'GET' && path === '/api/v1/auth') return send(response, 200, { authenticated: true });
      if (workspaceRoute && method === 'POST' && workspaceRoute[2] === '/chat') {
        if (await failed('chat', response)) return;
        return chat(body, decodeURIComponent(workspaceRoute[1]!), response);
      }
      if (workspaceRoute && method === 'POST' && workspaceRoute[2] === '/update-embeddings') {
        if (await failed('update-embeddings', response)) return;
        if (decodeURIComponent(workspaceRoute[1]!) !== workspace) return send(response, 400, { error: 'Bad Request' });
        for (const location of Array.isArray(body.adds) ? body.adds : [])
          if (documents.has(String(location))) embedded.add(String(location));
        for (const location of Array.isArray(body.deletes) ? body.deletes : []) embedded.delete(String(location));
        return send(response, 200, { workspace: workspaceBody() });
      }
      if (workspaceRoute && method === 'GET' && workspaceRoute[2] === undefined) {
        return send(response, 200, {
          workspace: decodeURIComponent(workspaceRoute[1]!) === workspace ? [workspaceBody()] : [],
        });
      }
      if (method === 'POST' && path === '/api/v1/document/raw-text') {
        if (await failed('raw-text', response)) return;
        return rawText(body, response);
      }
      if (method === 'DELETE' && path === '/api/v1/system/remove-documents') {
        if (await failed('remove-documents', response)) return;
        for (const name of Array.isArray(body.names) ? body.names : []) {
          documents.delete(String(name));
          embedded.delete(String(name));
        }
        return send(response, 200, { success: true, message: 'Documents removed successfully' });
      }
      send(response, 404, { error: 'Not found' });
    })().catch(() => {
      if (!response.headersSent) send(response, 500, { error: 'fake failed' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
