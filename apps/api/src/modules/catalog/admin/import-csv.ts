import {
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  type ImportCellError,
  type ImportChange,
  type ImportColumn,
  type ImportField,
  type ImportFileErrorCode,
  type ImportRowError,
  type ImportWarning,
  startsLikeFormula,
} from '@esim/contract/admin-catalogue';
import { isSingleLineText } from '@esim/contract/text';
import { CsvError, parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { ValidationError } from '../../../lib/errors.ts';
import type { ProductRow } from '../catalog.repository.ts';
import { pricedItem } from '../catalogue-sync.ts';
import { type PricingRule, productPriceCents } from '../pricing/pricing.rules.ts';

/**
 * The bulk import's CSV rules as pure functions (docs/product-rules.md#bulk-import): decoding (UTF-8 only), parsing with `csv-parse` (RFC 4180 quoting, a comma
 * or, for spreadsheets set to a European locale, a semicolon), tolerant headers (trimmed,
 * case-insensitive, `api_bundle_name` = `apiBundleName`, BOM removed), validation of every row
 * and column against the catalogue, and the CSV files the store writes (export, errors) with
 * formula cells escaped (OWASP "CSV Injection").
 */

/** 400 for a file refused as a whole (field `file`, contract `IMPORT_FILE_ERROR_CODES`): nothing is stored. */
export class ImportFileError extends ValidationError {
  constructor(message: string, code: ImportFileErrorCode) {
    super(message, 'file', code);
  }
}

/** A column the import reads but ignores: the `error` column of the store's errors CSV, so a fixed errors file can be uploaded as it is. */
const IGNORED_COLUMN = 'error';

/** Longest cell, characters (a display name is at most 120; this only bounds the parser). */
const MAX_CELL = 10_000;

/**
 * The file's text: UTF-8 only (a UTF-16 file, or bytes that are not UTF-8, are refused with how
 * to save it right), without its BOM, with no NUL (a binary file).
 * @throws ImportFileError `empty_file`, `not_utf8`, `not_csv`.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new ImportFileError('The file is empty.', 'empty_file');
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new ImportFileError('The file is UTF-16 text; save it as "CSV UTF-8" and upload it again.', 'not_utf8');
  }
  let text: string;
  try {
    // `fatal` refuses any byte sequence that is not UTF-8; the BOM, if any, is removed.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError('The file is not UTF-8 text; save it as "CSV UTF-8" and upload it again.', 'not_utf8');
  }
  if (text.includes('\0')) throw new ImportFileError('The file is not a CSV file (it holds binary data).', 'not_csv');
  if (text.trim() === '') throw new ImportFileError('The file is empty.', 'empty_file');
  return text;
}

/** A data record of the file: its row number (the header is row 1, as a spreadsheet counts) and cells. */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/** A parsed file: its columns (by position; null for a column the import ignores) and data records. */
export interface ParsedCsv {
  columns: (ImportColumn | null)[];
  records: CsvRecord[];
}

/** Header text → column: trimmed, lower-cased, without spaces, `_` and `-` (`API Bundle Name` → `apiBundleName`). */
const COLUMN_BY_KEY = new Map<string, ImportColumn>(IMPORT_COLUMNS.map((c) => [headerKey(c), c]));

function headerKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/** The delimiter of the file: a semicolon when its first line has semicolons and no comma, else a comma. */
function delimiterOf(text: string): ',' | ';' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/** Characters handed to the parser at a time; the event loop gets a turn between chunks. */
const PARSE_CHUNK = 256 * 1024;

/** Lets the event loop serve other requests during long CPU work (a 10 MB file takes about a second). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Parses the text into a header and records, in chunks so that other requests are served
 * meanwhile. Blank rows are skipped (but counted in row numbers); rows may have any number of
 * cells (checked per row later).
 * @throws ImportFileError `not_csv` (broken quoting, a cell over 10,000 characters),
 *   `missing_header`, `missing_bundle_column`, `unknown_columns`, `duplicate_columns`, `no_rows`,
 *   `too_many_rows` (over {@link IMPORT_LIMITS.maxRows}).
 */
export async function parseCsv(text: string): Promise<ParsedCsv> {
  let header: CsvRecord | undefined;
  let dataRows = 0;
  const raw: CsvRecord[] = [];
  let failure: unknown;
  const parser = parse({
    bom: true,
    delimiter: delimiterOf(text),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_CELL * 8,
    on_record: (cells: string[], context) => {
      if (isBlank(cells)) return null;
      if (cells.some((c) => c.length > MAX_CELL)) {
        throw new ImportFileError(`Row ${context.records}: a cell is longer than ${MAX_CELL} characters.`, 'not_csv');
      }
      const record: CsvRecord = { row: context.records, cells };
      if (!header) header = record;
      else if (++dataRows > IMPORT_LIMITS.maxRows) {
        throw new ImportFileError(
          `The file has more than ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows; split it into smaller files.`,
          'too_many_rows',
        );
      }
      // csv-parse types `on_record` as returning cells; any value is passed through.
      return record as unknown as string[];
    },
  });
  parser.on('data', (record: CsvRecord) => raw.push(record));
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', (error) => {
      failure ??= error;
      resolve();
    });
  });
  for (let at = 0; at < text.length && failure === undefined; at += PARSE_CHUNK) {
    parser.write(text.slice(at, at + PARSE_CHUNK));
    await yieldToEventLoop();
  }
  if (failure === undefined) parser.end();
  await ended;
  if (failure !== undefined) {
    if (failure instanceof ImportFileError) throw failure;
    if (failure instanceof CsvError) {
      const where = (failure as CsvError & { lines?: number }).lines;
      throw new ImportFileError(
        `The file is not valid CSV${where ? ` (line ${where})` : ''}: ${csvProblem(failure)}.`,
        'not_csv',
      );
    }
    throw failure;
  }
  const [first, ...records] = raw;
  if (!first) throw new ImportFileError('The file is empty.', 'empty_file');
  const columns = resolveColumns(first.cells);
  if (records.length === 0) throw new ImportFileError('The file has a header but no rows.', 'no_rows');
  return { columns, records };
}

/** What went wrong in csv-parse's words, without its internals. */
function csvProblem(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted cell is never closed';
    case 'CSV_MAX_RECORD_SIZE':
      return 'a row is too long';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quote is followed by other characters';
    default:
      return 'the file cannot be read as CSV';
  }
}

/**
 * The header's columns. Empty header cells (trailing commas some spreadsheets write) and the
 * `error` column are ignored.
 * @throws ImportFileError `missing_header` (no known column: the first row is data),
 *   `missing_bundle_column`, `unknown_columns`, `duplicate_columns`.
 */
export function resolveColumns(header: readonly string[]): (ImportColumn | null)[] {
  const columns: (ImportColumn | null)[] = [];
  const unknown: string[] = [];
  const seen = new Set<ImportColumn>();
  const duplicates = new Set<ImportColumn>();
  for (const cell of header) {
    const key = headerKey(cell);
    const column = COLUMN_BY_KEY.get(key);
    if (column) {
      if (seen.has(column)) duplicates.add(column);
      seen.add(column);
      columns.push(column);
    } else {
      if (key !== '' && key !== IGNORED_COLUMN) unknown.push(cell.trim());
      columns.push(null);
    }
  }
  const expected = IMPORT_COLUMNS.join(', ');
  if (seen.size === 0) {
    throw new ImportFileError(
      `The first row must be the header (${expected}); it reads "${show(header.join(','))}".`,
      'missing_header',
    );
  }
  if (!seen.has('apiBundleName')) {
    throw new ImportFileError(
      `The header has no apiBundleName column: every row must name its bundle. Columns: ${expected}.`,
      'missing_bundle_column',
    );
  }
  if (unknown.length > 0) {
    const names = unknown
      .slice(0, 10)
      .map((n) => `"${show(n)}"`)
      .join(', ');
    throw new ImportFileError(
      `Unknown column${unknown.length > 1 ? 's' : ''} ${names}; the columns are ${expected}.`,
      'unknown_columns',
    );
  }
  if (duplicates.size > 0) {
    throw new ImportFileError(
      `The column${duplicates.size > 1 ? 's' : ''} ${[...duplicates].join(', ')} appear${duplicates.size > 1 ? '' : 's'} more than once in the header.`,
      'duplicate_columns',
    );
  }
  return columns;
}

/** At most 60 characters of a text for a message, control characters replaced. */
function show(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  const clean = text.replace(/[\0-\x1f\x7f-\x9f]/g, '\ufffd');
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean;
}

// ---------------------------------------------------------------------------------------------
// Rows

/** The admin's fields of a product, as an import changes them (`retailPrice` = fixed price in cents, null: by the rules). */
export interface AdminValues {
  displayName: string | null;
  retailPrice: number | null;
  discountPercent: number;
  active: boolean;
  featured: boolean;
}

/** A product's current {@link AdminValues}. */
export function adminValuesOf(row: ProductRow): AdminValues {
  return {
    displayName: row.displayName,
    retailPrice: row.fixedPriceCents,
    discountPercent: row.discountPercent,
    active: row.enabled,
    featured: row.featured,
  };
}

/** The retail price the storefront shows for a product with these admin values. */
export function storefrontPrice(
  row: ProductRow,
  values: Pick<AdminValues, 'retailPrice'>,
  rules: readonly PricingRule[],
): number {
  if (values.retailPrice === row.fixedPriceCents) return row.priceCents;
  return productPriceCents(
    { ...pricedItem(row), wholesaleCents: row.wholesaleCents, fixedPriceCents: values.retailPrice },
    rules,
  );
}

const PRICE = /^\$?\s*(\d{1,7})(?:[.,](\d{1,2}))?$/;
const PERCENT = /^(\d{1,3})\s*%?$/;
const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

type CellResult<T> = { ok: true; value: T } | { ok: false; error: Omit<ImportCellError, 'column'> };

const refuse = (
  code: ImportCellError['code'],
  message: string,
  params: Record<string, string | number> = {},
): CellResult<never> => ({
  ok: false,
  error: { code, message, params },
});

/** A price in USD (`12.99`, `12,99`, `$12`) → cents; empty → null (priced by the rules). */
export function parseRetailPrice(cell: string): CellResult<number | null> {
  if (cell === '') return { ok: true, value: null };
  const match = PRICE.exec(cell);
  const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : NaN;
  if (!match || cents < 1 || cents > IMPORT_LIMITS.retailPriceMaxCents) {
    return refuse(
      'bad_price',
      `must be a price in USD such as 12.99, from 0.01 to ${IMPORT_LIMITS.retailPriceMaxCents / 100}, or empty for the pricing rules`,
      {
        max: IMPORT_LIMITS.retailPriceMaxCents / 100,
      },
    );
  }
  return { ok: true, value: cents };
}

/** A whole percent 0-90 (`15`, `15%`); empty → 0. */
export function parseDiscount(cell: string): CellResult<number> {
  if (cell === '') return { ok: true, value: 0 };
  const match = PERCENT.exec(cell);
  const value = match ? Number(match[1]) : NaN;
  if (!match || value > IMPORT_LIMITS.discountPercentMax) {
    return refuse('bad_percent', `must be a whole percent from 0 to ${IMPORT_LIMITS.discountPercentMax}`, {
      max: IMPORT_LIMITS.discountPercentMax,
    });
  }
  return { ok: true, value };
}

/** `true` / `false` (also `yes` / `no`, `1` / `0`, any case). */
export function parseBoolean(cell: string): CellResult<boolean> {
  const key = cell.toLowerCase();
  if (TRUE.has(key)) return { ok: true, value: true };
  if (FALSE.has(key)) return { ok: true, value: false };
  return refuse('bad_boolean', 'must be true or false');
}

/** A display name: one line, at most 120 characters; empty → null (the provider's name). */
export function parseDisplayName(cell: string): CellResult<string | null> {
  if (cell === '') return { ok: true, value: null };
  if ([...cell].length > IMPORT_LIMITS.displayNameMax) {
    return refuse('too_long', `must be at most ${IMPORT_LIMITS.displayNameMax} characters`, {
      max: IMPORT_LIMITS.displayNameMax,
    });
  }
  return { ok: true, value: cell };
}

/** The outcome of validating every row of a file. */
export interface ImportValidation {
  /** Valid rows that change their product, in file order. */
  changes: ImportChange[];
  /** Refused rows, in file order. */
  rowErrors: ImportRowError[];
  /** Valid rows that change nothing. */
  unchanged: number;
  /** Data rows (blank rows not counted). */
  totalRows: number;
}

/**
 * Validates every row and every cell (the whole file, never only up to the first error, so one
 * report lists every fix the admin must make): cells starting like a formula (`=`, `+`, `-`, `@`, tab, CR) and control characters are
 * refused; `apiBundleName` must name a product, once in the file; the other columns as
 * {@link parseDisplayName}, {@link parseRetailPrice}, {@link parseDiscount}, {@link parseBoolean}.
 * A valid row is compared with its product: changed fields from → to (columns absent from the
 * file are left as they are), the storefront price from → to, and warnings (`below_wholesale`
 * when it would sell below its wholesale price, `retired_by_provider` when the provider no
 * longer lists it, so `active: true` cannot put it on sale).
 */
export async function validateImport(
  parsed: ParsedCsv,
  products: ReadonlyMap<string, ProductRow>,
  rules: readonly PricingRule[],
): Promise<ImportValidation> {
  const { columns, records } = parsed;
  const bundleAt = columns.indexOf('apiBundleName');
  // Rows naming each bundle (trimmed), to refuse duplicates on every row involved.
  const rowsByBundle = new Map<string, number[]>();
  for (const record of records) {
    const name = (record.cells[bundleAt] ?? '').trim();
    if (name === '') continue;
    const rows = rowsByBundle.get(name);
    if (rows) rows.push(record.row);
    else rowsByBundle.set(name, [record.row]);
  }
  const result: ImportValidation = { changes: [], rowErrors: [], unchanged: 0, totalRows: records.length };
  for (const [index, record] of records.entries()) {
    if (index > 0 && index % 5_000 === 0) await yieldToEventLoop();
    const errors: ImportCellError[] = [];
    const values: Record<string, string> = {};
    const parsedValues: Partial<AdminValues> & { apiBundleName?: string } = {};
    columns.forEach((column, i) => {
      if (column) values[column] = record.cells[i] ?? '';
    });
    const extra = record.cells.slice(columns.length);
    if (record.cells.length < columns.length || extra.some((c) => c.trim() !== '')) {
      errors.push({
        column: 'row',
        code: 'cell_count',
        message: `has ${record.cells.length} cells; the header has ${columns.length}`,
        params: { cells: record.cells.length, expected: columns.length },
      });
    }
    columns.forEach((column, i) => {
      if (!column) return;
      const raw = record.cells[i] ?? '';
      const fail = (error: Omit<ImportCellError, 'column'>) => errors.push({ column, ...error });
      const trimmedStart = raw.replace(/^ +/, '');
      if (startsLikeFormula(raw) || startsLikeFormula(trimmedStart)) {
        const first = startsLikeFormula(raw) ? raw[0]! : trimmedStart[0]!;
        const shownChar = first === '\t' ? 'a tab' : first === '\r' ? 'a carriage return' : `"${first}"`;
        fail({
          code: 'formula',
          message: `starts with ${shownChar}, which a spreadsheet would run as a formula`,
          params: { character: shownChar },
        });
        return;
      }
      if (!isSingleLineText(raw)) {
        fail({ code: 'invalid_characters', message: 'holds a line break or a control character', params: {} });
        return;
      }
      const cell = raw.trim();
      let parsedCell: CellResult<unknown>;
      switch (column) {
        case 'apiBundleName':
          if (cell === '') parsedCell = refuse('required', 'is required: the bundle this row changes');
          else if (!products.has(cell))
            parsedCell = refuse('unknown_bundle', `no product has the bundle "${show(cell)}"`, { bundle: show(cell) });
          else if ((rowsByBundle.get(cell)?.length ?? 0) > 1) {
            const others = rowsByBundle.get(cell)!.filter((r) => r !== record.row);
            parsedCell = refuse(
              'duplicate_bundle',
              `the bundle is also on row${others.length > 1 ? 's' : ''} ${others.slice(0, 5).join(', ')}`,
              {
                rows: others.slice(0, 5).join(', '),
              },
            );
          } else parsedCell = { ok: true, value: cell };
          break;
        case 'displayName':
          parsedCell = parseDisplayName(cell);
          break;
        case 'retailPrice':
          parsedCell = parseRetailPrice(cell);
          break;
        case 'discountPercent':
          parsedCell = parseDiscount(cell);
          break;
        case 'active':
        case 'featured':
          parsedCell = parseBoolean(cell);
          break;
      }
      if (parsedCell.ok) (parsedValues as Record<string, unknown>)[column] = parsedCell.value;
      else fail(parsedCell.error);
    });
    const apiBundleName = (record.cells[bundleAt] ?? '').trim();
    if (errors.length > 0) {
      result.rowErrors.push({ row: record.row, apiBundleName, errors, values });
      continue;
    }
    const product = products.get(apiBundleName)!;
    const change = compare(record.row, product, parsedValues, rules);
    if (change) result.changes.push(change);
    else result.unchanged++;
  }
  return result;
}

const FIELDS: readonly ImportField[] = ['displayName', 'retailPrice', 'discountPercent', 'active', 'featured'];

/** The change a valid row makes to its product, or undefined when it makes none. */
function compare(
  row: number,
  product: ProductRow,
  next: Partial<AdminValues>,
  rules: readonly PricingRule[],
): ImportChange | undefined {
  const current = adminValuesOf(product);
  const changes: ImportChange['changes'] = [];
  for (const field of FIELDS) {
    if (!(field in next)) continue;
    const to = next[field] as AdminValues[typeof field];
    if (to !== current[field]) changes.push({ field, from: current[field], to });
  }
  if (changes.length === 0) return undefined;
  const after = { ...current, ...next };
  const priceTo = storefrontPrice(product, after, rules);
  const warnings: ImportWarning[] = [];
  if (after.active && product.active && priceTo < product.wholesaleCents) warnings.push('below_wholesale');
  if (!product.active && after.active) warnings.push('retired_by_provider');
  return {
    row,
    apiBundleName: product.apiBundleName,
    productId: product.id,
    name: product.name,
    changes,
    priceCents: { from: product.priceCents, to: priceTo },
    warnings,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing CSV

/**
 * A cell as the store writes it: one that a spreadsheet would run as a formula gets a `'` in
 * front (OWASP "CSV Injection": `=`, `+`, `-`, `@`, tab, CR), so it shows as text.
 */
export function escapeCell(cell: string): string {
  return startsLikeFormula(cell) ? `'${cell}` : cell;
}

/** A UTF-8 CSV with a BOM (so that spreadsheets read it as UTF-8), CRLF line ends, every cell escaped. */
function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${stringify(
    rows.map((r) => r.map(escapeCell)),
    { record_delimiter: 'windows' },
  )}`;
}

/** USD cents as the import reads them back: `12.99`. */
export function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A product's row in the import format. */
export function exportRow(row: ProductRow): string[] {
  return [
    row.apiBundleName,
    row.displayName ?? '',
    row.fixedPriceCents === null ? '' : formatCents(row.fixedPriceCents),
    String(row.discountPercent),
    String(row.enabled),
    String(row.featured),
  ];
}

/**
 * The whole catalogue in the import format (`GET /api/admin/products/export.csv`): importing it
 * unchanged changes nothing.
 */
export function exportCsv(products: readonly ProductRow[]): string {
  return toCsv([[...IMPORT_COLUMNS], ...products.map(exportRow)]);
}

/**
 * The refused rows of an import (`GET /api/admin/bulk-imports/{id}/errors.csv`): the file's
 * columns with the cells as written, then `error` (every problem of the row, `column: message`
 * joined by `; `). The import ignores the `error` column, so the fixed file can be uploaded.
 */
export function errorsCsv(columns: readonly ImportColumn[], rowErrors: readonly ImportRowError[]): string {
  return toCsv([
    [...columns, IGNORED_COLUMN],
    ...rowErrors.map((e) => [
      ...columns.map((c) => e.values[c] ?? ''),
      e.errors.map((x) => `${x.column === 'row' ? `row ${e.row}` : x.column}: ${x.message}`).join('; '),
    ]),
  ]);
}
