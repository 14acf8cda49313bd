import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A JSON response serialised once and served many times: the body, its strong ETag and, for
 * bodies over 1 KiB, gzip and brotli variants compressed ahead of time so that hot catalogue
 * reads cost no CPU for serialisation or compression.
 */
export interface CachedJson {
  body: Buffer;
  etag: string;
  gzip: Buffer | undefined;
  br: Buffer | undefined;
}

/** Serialises `value` into a {@link CachedJson}. */
export function cacheJson(value: unknown): CachedJson {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  if (body.length < 1024) return { body, etag, gzip: undefined, br: undefined };
  return {
    body,
    etag,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  };
}

/**
 * Picks the encoding for an `Accept-Encoding` header: `br`, then `gzip`, else identity.
 * (q-values of 0 are honoured; other weights are treated as acceptance.)
 */
export function pickEncoding(acceptEncoding: string | undefined, cached: CachedJson): 'br' | 'gzip' | undefined {
  if (!cached.gzip) return undefined;
  const encoding = acceptedEncoding(acceptEncoding);
  return encoding === 'br' && !cached.br ? 'gzip' : encoding;
}

/**
 * The compression a client accepts, by its `Accept-Encoding` header: `br`, then `gzip`, else
 * identity (q-values of 0 are honoured; other weights are treated as acceptance).
 */
export function acceptedEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
