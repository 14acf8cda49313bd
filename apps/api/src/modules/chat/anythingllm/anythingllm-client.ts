/**
 * The calls the store makes to AnythingLLM's developer API (shapes read from
 * `Mintplex-Labs/anything-llm` 1.16.0's source): workspace chat, raw-text upload, workspace
 * embeddings, document removal, the key check. Node's global `fetch`, `Authorization: Bearer
 * <key>`, one time-out per call. Every failure is an {@link AnythingLLMError} whose `reason` says
 * which kind it was; the chat service turns it into the localised error reply, the document sync
 * into the article's `remote_error`.
 */

/** Why a call failed. */
export type AnythingLLMFailure =
  /** `ANYTHINGLLM_API_KEY` is not set: no call was made. */
  | 'no_key'
  /** 403 `{ error: "No valid api key found." }` (`validApiKey.js`): the key is unknown. */
  | 'forbidden'
  /** `{ type: 'abort', error }`, with 200 (vector search or completion failed), 400 (invalid workspace, empty message) or 500. */
  | 'abort'
  /** Any other non-2xx status, e.g. 422 from `raw-text`, 500 `{ success: false, error }` with the collector down. */
  | 'http_error'
  /** No answer: connection refused, DNS, TLS, reset. */
  | 'network'
  /** No complete answer within `ANYTHINGLLM_TIMEOUT_MS`. */
  | 'timeout'
  /** A 2xx answer that is not the expected JSON (HTML of a proxy, a truncated body, a missing field). */
  | 'invalid_response';

/** A failed AnythingLLM call. `retryable` is false only when retrying cannot help (no key configured). */
export class AnythingLLMError extends Error {
  override name = 'AnythingLLMError';

  constructor(
    readonly reason: AnythingLLMFailure,
    message: string,
    /** The HTTP status, when an answer came. */
    readonly status?: number,
  ) {
    super(message);
  }

  /** Read by the job worker (`isPermanentError`): a missing key fails a sync job at once. */
  get retryable(): boolean {
    return this.reason !== 'no_key';
  }
}

/** Where and how to reach the server (`config.chat.anythingllm`). */
export interface AnythingLLMOptions {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:3001`. */
  url: string;
  /** The developer API key; undefined makes every call fail with `no_key`. */
  apiKey: string | undefined;
  /** The workspace slug, e.g. `roamwise`. */
  workspace: string;
  /** Time-out of one call (connection, answer and body), ms. */
  timeoutMs: number;
  /** The fetch implementation (tests). Default the global `fetch`. */
  fetch?: typeof fetch;
}

/** `POST /api/v1/workspace/:slug/chat` body. */
export interface WorkspaceChatRequest {
  message: string;
  mode: 'chat' | 'query';
  sessionId: string;
  reset: false;
}

/** One item of a chat reply's `sources`: the document's metadata and the chunk's text (`curateSources`). */
export interface AnythingLLMSource {
  id?: string;
  url?: string;
  /** `stripAndSlug(title) + '.txt'` for raw-text documents (AnythingLLM slugs the title). */
  title?: string;
  docAuthor?: string;
  /** Passed through unchanged; the sync sends the article's title here. */
  description?: string;
  /** Passed through unchanged; the sync sends `kb:<articleId>` here. */
  docSource?: string;
  chunkSource?: string;
  published?: string;
  text?: string;
  score?: number;
}

/** A successful workspace chat reply. */
export interface WorkspaceChatReply {
  id: string;
  textResponse: string;
  sources: AnythingLLMSource[];
}

/** `POST /api/v1/document/raw-text` metadata: `title` is required. */
export interface RawTextMetadata {
  title: string;
  description?: string;
  docSource?: string;
  docAuthor?: string;
  published?: string;
  url?: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short, printable excerpt of what the server said, for messages and `remote_error`. */
function excerpt(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (text ?? '').replace(/[^\x20-\x7e\u00a0-\uffff]/g, ' ').slice(0, 300);
}

/** A workspace chat's source as the API sent it, or undefined when it is not an object. */
function toSource(value: unknown): AnythingLLMSource | undefined {
  if (!isObject(value)) return undefined;
  const source: AnythingLLMSource = {};
  for (const key of [
    'id',
    'url',
    'title',
    'docAuthor',
    'description',
    'docSource',
    'chunkSource',
    'published',
    'text',
  ] as const) {
    if (typeof value[key] === 'string') source[key] = value[key];
  }
  if (typeof value.score === 'number') source.score = value.score;
  return source;
}

/**
 * A client of one AnythingLLM workspace. Methods throw {@link AnythingLLMError}; none retries
 * (the chat answers with the error reply, the sync's job retries with backoff).
 */
export class AnythingLLMClient {
  /** The workspace slug every workspace call names. */
  readonly workspace: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: AnythingLLMOptions) {
    this.workspace = options.workspace;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** Whether a key is configured (without one, every call fails with `no_key`). */
  get hasKey(): boolean {
    return Boolean(this.options.apiKey);
  }

  /**
   * Sends one call and reads its JSON answer.
   * @throws AnythingLLMError `no_key`, `network`, `timeout`, `forbidden` (403), `abort` (an
   *   abort-shaped body, whatever the status), `http_error` (other non-2xx), `invalid_response`
   *   (a 2xx whose body is not a JSON object).
   */
  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: Json): Promise<Json> {
    const key = this.options.apiKey;
    if (!key) throw new AnythingLLMError('no_key', 'AnythingLLM: no API key configured (ANYTHINGLLM_API_KEY)');
    const what = `${method} ${path}`;
    let status: number;
    let text: string;
    try {
      const response = await this.fetch(`${this.options.url}${path}`, {
        method,
        signal: AbortSignal.timeout(this.options.timeoutMs),
        headers: {
          authorization: `Bearer ${key}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new AnythingLLMError('timeout', `AnythingLLM: ${what} took longer than ${this.options.timeoutMs} ms`);
      }
      const cause =
        error instanceof Error
          ? ((error.cause as { code?: string } | undefined)?.code ?? error.message)
          : String(error);
      throw new AnythingLLMError('network', `AnythingLLM: ${what} failed: ${excerpt(cause)}`);
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (status === 403) {
      const message = isObject(json) && typeof json.error === 'string' ? json.error : 'forbidden';
      throw new AnythingLLMError(
        'forbidden',
        `AnythingLLM: ${what} refused the API key (403 ${excerpt(message)})`,
        status,
      );
    }
    if (isObject(json) && json.type === 'abort') {
      throw new AnythingLLMError(
        'abort',
        `AnythingLLM: ${what} aborted (${status}): ${excerpt(json.error ?? 'no reason given')}`,
        status,
      );
    }
    if (status < 200 || status > 299) {
      const reason = isObject(json) ? (json.error ?? json.message ?? json) : text;
      throw new AnythingLLMError('http_error', `AnythingLLM: ${what} answered ${status}: ${excerpt(reason)}`, status);
    }
    if (!isObject(json))
      throw new AnythingLLMError(
        'invalid_response',
        `AnythingLLM: ${what} answered ${status} without a JSON object`,
        status,
      );
    return json;
  }

  /**
   * `GET /api/v1/auth`: whether the key is valid (`{ authenticated: true }`).
   * @throws AnythingLLMError as for any call (`forbidden` for an unknown key).
   */
  async checkAuth(): Promise<boolean> {
    const json = await this.call('GET', '/api/v1/auth');
    return json.authenticated === true;
  }

  /**
   * `POST /api/v1/workspace/{slug}/chat` (the non-streaming chat: the only one that returns its
   * sources reliably; the streaming one drops them).
   * @throws AnythingLLMError; `invalid_response` when `textResponse` is missing or blank.
   */
  async chat(request: WorkspaceChatRequest): Promise<WorkspaceChatReply> {
    const json = await this.call('POST', `/api/v1/workspace/${encodeURIComponent(this.workspace)}/chat`, {
      ...request,
    });
    if (typeof json.textResponse !== 'string' || json.textResponse.trim() === '') {
      throw new AnythingLLMError('invalid_response', 'AnythingLLM: the chat reply has no textResponse', 200);
    }
    const sources = Array.isArray(json.sources) ? json.sources.map(toSource).filter((s) => s !== undefined) : [];
    return { id: typeof json.id === 'string' ? json.id : '', textResponse: json.textResponse, sources };
  }

  /**
   * `POST /api/v1/document/raw-text` with `addToWorkspaces` set to this workspace (a string, as the
   * server requires), which embeds the document before answering.
   * @returns the new document's `location` (`custom-documents/raw-<slug>-<uuid>.json`).
   * @throws AnythingLLMError; `http_error` for 422 (no title, empty text) and `{ success: false }`.
   */
  async uploadRawText(textContent: string, metadata: RawTextMetadata): Promise<string> {
    const json = await this.call('POST', '/api/v1/document/raw-text', {
      textContent,
      metadata: { ...metadata },
      addToWorkspaces: this.workspace,
    });
    if (json.success === false)
      throw new AnythingLLMError('http_error', `AnythingLLM: raw-text upload failed: ${excerpt(json.error)}`, 200);
    const documents = Array.isArray(json.documents) ? json.documents : [];
    const location = isObject(documents[0]) ? documents[0].location : undefined;
    if (typeof location !== 'string' || location === '') {
      throw new AnythingLLMError(
        'invalid_response',
        'AnythingLLM: the raw-text upload named no document location',
        200,
      );
    }
    return location;
  }

  /** `POST /api/v1/workspace/{slug}/update-embeddings` `{ adds, deletes }`: attaches or detaches documents. */
  async updateEmbeddings(change: { adds?: string[]; deletes?: string[] }): Promise<void> {
    await this.call('POST', `/api/v1/workspace/${encodeURIComponent(this.workspace)}/update-embeddings`, {
      adds: change.adds ?? [],
      deletes: change.deletes ?? [],
    });
  }

  /** `DELETE /api/v1/system/remove-documents` `{ names }`: deletes documents for good. */
  async removeDocuments(names: string[]): Promise<void> {
    await this.call('DELETE', '/api/v1/system/remove-documents', { names });
  }
}
