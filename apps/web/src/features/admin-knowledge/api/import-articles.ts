import type { KbImportRequest, KbImportResponse, KbImportResult } from '@esim/contract/knowledge-base';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { KB_KEY } from './kb-keys.ts';

/** Files sent per request: small batches, so the progress bar moves and one request stays small. */
export const IMPORT_BATCH_FILES = 5;

/** A file to import: its name and its text. */
export interface ImportFile {
  name: string;
  content: string;
}

/** The import's report: the server's line per file, and the failure that stopped it (the files not sent are `error` lines). */
export interface ImportOutcome extends KbImportResponse {
  failure: unknown;
}

/**
 * One request of the Markdown import (`POST /api/admin/knowledge-base/import`): 1-50 files.
 * @throws HttpError 400 (naming the field), 413 (too large); or a network error.
 */
export function importBatch(body: KbImportRequest): Promise<KbImportResponse> {
  return apiFetch<KbImportResponse>('/api/admin/knowledge-base/import', { method: 'POST', json: body });
}

/**
 * Imports `files` in batches of {@link IMPORT_BATCH_FILES}, calling `onProgress(done, total)`
 * after each, and puts the reports together in the order of `files`. A failed request stops the
 * import: its files and the later ones get an `error` line with `notSent`, and `failure` is the error.
 */
export async function importArticles(
  files: readonly ImportFile[],
  options: { language?: KbImportRequest['language']; published: boolean; notSent: string },
  onProgress: (done: number, total: number) => void,
): Promise<ImportOutcome> {
  const results: KbImportResult[] = [];
  let failure: unknown = null;
  onProgress(0, files.length);
  for (let start = 0; start < files.length; start += IMPORT_BATCH_FILES) {
    const batch = files.slice(start, start + IMPORT_BATCH_FILES);
    if (failure) {
      results.push(...batch.map((f) => ({ name: f.name, status: 'error' as const, message: options.notSent })));
      continue;
    }
    try {
      const report = await importBatch({
        files: batch.map((f) => ({ name: f.name, content: f.content })),
        ...(options.language ? { language: options.language } : {}),
        published: options.published,
      });
      results.push(...report.results);
    } catch (error) {
      failure = error;
      results.push(...batch.map((f) => ({ name: f.name, status: 'error' as const, message: options.notSent })));
    }
    onProgress(Math.min(start + batch.length, files.length), files.length);
  }
  const counts = { created: 0, updated: 0, error: 0 };
  for (const r of results) counts[r.status] += 1;
  return { results, counts, failure };
}

/** The import as a mutation; the list is read again afterwards. */
export function useImportArticles(onProgress: (done: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      files,
      ...options
    }: {
      files: readonly ImportFile[];
      language?: KbImportRequest['language'];
      published: boolean;
      notSent: string;
    }) => importArticles(files, options, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KB_KEY, 'list'] }),
  });
}
