import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ProductRow } from '../catalog.repository.ts';
import type { PricingRule } from '../pricing/pricing.rules.ts';
import {
  ImportFileError,
  decodeCsv,
  errorsCsv,
  escapeCell,
  exportCsv,
  parseBoolean,
  parseCsv,
  parseDiscount,
  parseRetailPrice,
  resolveColumns,
  validateImport,
} from './import-csv.ts';

/** A product as the import sees it; by default priced at $9.99 by the rules, wholesale $4.00. */
function product(name: string, over: Partial<ProductRow> = {}): ProductRow {
  return {
    id: Number(name.replace(/\D/g, '') || 1),
    apiBundleName: name,
    name: `Plan ${name}`,
    description: '',
    countryCode: 'LI',
    coverageType: 'local',
    bundleType: 'prepaid',
    tier: null,
    dataMb: 1000,
    validityDays: 7,
    wholesaleCents: 400,
    priceCents: 999,
    discountPercent: 0,
    coveredCountries: ['LI'],
    networks: [],
    imageUrl: null,
    active: true,
    enabled: true,
    displayName: null,
    fixedPriceCents: null,
    featured: false,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...over,
  };
}

const RULES: PricingRule[] = [
  {
    id: 1,
    scope: 'all',
    scopeValue: null,
    markupBps: 10_000,
    fixedMarginCents: 0,
    endingCents: 99,
    floorCents: 0,
    priority: 0,
    active: true,
  },
];

const catalogue = new Map(
  [
    product('esim_1'),
    product('esim_2', { displayName: 'Alpine 1GB', fixedPriceCents: 1299, priceCents: 1299, featured: true }),
    product('esim_3', { active: false }),
  ].map((p) => [p.apiBundleName, p]),
);

const utf8 = (text: string) => new TextEncoder().encode(text);

async function run(text: string) {
  return validateImport(await parseCsv(decodeCsv(utf8(text))), catalogue, RULES);
}

async function fileError(text: string | Uint8Array): Promise<ImportFileError> {
  try {
    await parseCsv(decodeCsv(typeof text === 'string' ? utf8(text) : text));
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('decoding and parsing a file', () => {
  it.each([
    ['an empty file', new Uint8Array(), 'empty_file'],
    ['blank lines only', utf8('\n \r\n'), 'empty_file'],
    ['a BOM only', utf8('\uFEFF'), 'empty_file'],
    ['Latin-1 bytes', new Uint8Array([...utf8('apiBundleName,displayName\nesim_1,Caf'), 0xe9]), 'not_utf8'],
    ['UTF-16', new Uint8Array([0xff, 0xfe, 0x61, 0x00]), 'not_utf8'],
    ['binary data', utf8('apiBundleName\nesim_1\0'), 'not_csv'],
  ])('refuses %s', async (_name, bytes, code) => {
    expect((await fileError(bytes)).code).toBe(code);
  });

  it.each([
    ['a data row first', 'esim_1,Alpine,12.99\n', 'missing_header'],
    ['no apiBundleName column', 'displayName,active\nAlpine,true\n', 'missing_bundle_column'],
    ['an unknown column', 'apiBundleName,price,colour\nesim_1,1,red\n', 'unknown_columns'],
    ['a column twice', 'apiBundleName,active,Active\nesim_1,true,true\n', 'duplicate_columns'],
    ['a header alone', 'apiBundleName,active\n', 'no_rows'],
    ['a quote never closed', 'apiBundleName,displayName\nesim_1,"Alpine\n', 'not_csv'],
  ])('refuses %s with a clear message', async (_name, text, code) => {
    const error = await fileError(text);
    expect(error.code).toBe(code);
    expect(error.field).toBe('file');
    expect(error.message.length).toBeGreaterThan(10);
  });

  it('names the columns it knows in the message about unknown ones', async () => {
    expect((await fileError('apiBundleName,price\nesim_1,1\n')).message).toBe(
      'Unknown column "price"; the columns are apiBundleName, displayName, retailPrice, discountPercent, active, featured.',
    );
  });

  it('refuses more than 100,000 rows', async () => {
    const error = await fileError(`apiBundleName\n${'esim_1\n'.repeat(100_001)}`);
    expect(error.code).toBe('too_many_rows');
  });

  it('reads tolerant headers: BOM, spaces, any case, snake case; ignores empty and error columns', async () => {
    const parsed = await parseCsv(
      decodeCsv(utf8('\uFEFF API_BUNDLE_NAME , Display Name,discount-percent,,error\r\nesim_1,"Alps, 1 GB",5,,x\r\n')),
    );
    expect(parsed.columns).toEqual(['apiBundleName', 'displayName', 'discountPercent', null, null]);
    expect(parsed.records).toEqual([{ row: 2, cells: ['esim_1', 'Alps, 1 GB', '5', '', 'x'] }]);
  });

  it('reads semicolon files (spreadsheets in European locales) and counts rows as a spreadsheet does', async () => {
    const parsed = await parseCsv(
      decodeCsv(utf8('apiBundleName;retailPrice\n\nesim_1;"12,99"\n"esim_2";"multi\nline"\n')),
    );
    expect(parsed.records.map((r) => r.row)).toEqual([3, 4]);
    expect(parsed.records[0]!.cells).toEqual(['esim_1', '12,99']);
  });

  it('maps header names and refuses what it does not know', () => {
    expect(resolveColumns(['apiBundleName', 'Featured'])).toEqual(['apiBundleName', 'featured']);
    expect(() => resolveColumns(['x'])).toThrow(ImportFileError);
  });
});

describe('cells', () => {
  it.each([
    ['12.99', 1299],
    ['12,99', 1299],
    ['$12', 1200],
    ['0.5', 50],
    ['10000', 1_000_000],
    ['', null],
  ])('reads the price %j', (cell, cents) => {
    expect(parseRetailPrice(cell)).toEqual({ ok: true, value: cents });
  });

  it.each(['12.999', '0', '0.00', '10000.01', 'abc', '1,299.00', '12.9.9'])('refuses the price %j', (cell) => {
    expect(parseRetailPrice(cell)).toMatchObject({ ok: false, error: { code: 'bad_price' } });
  });

  it('reads percents 0-90 and booleans', () => {
    expect(parseDiscount('15%')).toEqual({ ok: true, value: 15 });
    expect(parseDiscount('')).toEqual({ ok: true, value: 0 });
    expect(parseDiscount('91')).toMatchObject({ ok: false, error: { code: 'bad_percent' } });
    expect(parseDiscount('1.5')).toMatchObject({ ok: false, error: { code: 'bad_percent' } });
    expect(parseBoolean('TRUE')).toEqual({ ok: true, value: true });
    expect(parseBoolean('no')).toEqual({ ok: true, value: false });
    expect(parseBoolean('maybe')).toMatchObject({ ok: false, error: { code: 'bad_boolean' } });
    expect(parseBoolean('')).toMatchObject({ ok: false, error: { code: 'bad_boolean' } });
  });

  it('escapes formula cells in the CSV it writes (OWASP CSV injection)', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'plain'].map(escapeCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      'plain',
    ]);
  });
});

describe('validating every row and column', () => {
  it('reports each bad cell with its row and column, and keeps going', async () => {
    const result = await run(
      [
        'apiBundleName,displayName,retailPrice,discountPercent,active,featured',
        'esim_9,,,,true,false', // unknown bundle
        'esim_1,=HYPERLINK("http://x"),12.999,95,maybe,yes', // four bad cells
        'esim_2,+cmd,@SUM(1),-5,true,false', // formulas
        'esim_1,Alpine,,,true,false', // duplicate of row 3
        ',Nameless,,,true,false', // no bundle
        ' \tesim_7,x,,,true,false', // tab after a space
        'esim_3,"a\u0007b",,,true', // control character, a cell short
      ].join('\n'),
    );
    const byRow = Object.fromEntries(
      result.rowErrors.map((e) => [e.row, e.errors.map((x) => `${x.column}:${x.code}`)]),
    );
    expect(byRow).toEqual({
      2: ['apiBundleName:unknown_bundle'],
      3: [
        'apiBundleName:duplicate_bundle',
        'displayName:formula',
        'retailPrice:bad_price',
        'discountPercent:bad_percent',
        'active:bad_boolean',
      ],
      4: ['displayName:formula', 'retailPrice:formula', 'discountPercent:formula'],
      5: ['apiBundleName:duplicate_bundle'],
      6: ['apiBundleName:required'],
      7: ['apiBundleName:formula'],
      8: ['row:cell_count', 'displayName:invalid_characters', 'featured:bad_boolean'],
    });
    expect(result.rowErrors[1]!.errors[0]!.message).toBe('the bundle is also on row 5');
    expect(result.rowErrors[2]!.values.displayName).toBe('+cmd');
    expect(result.changes).toEqual([]);
    expect(result.totalRows).toBe(7);
  });

  it('lists the changed fields from → to, the storefront price and warnings; counts unchanged rows', async () => {
    const result = await run(
      [
        'apiBundleName,displayName,retailPrice,discountPercent,active,featured',
        'esim_1,Alpine 1 GB,3.50,10,true,true', // below wholesale ($4.00)
        'esim_2,Alpine 1GB,,0,true,true', // fixed price cleared: back to the rules ($4.00 x 2 → $8.99)
        'esim_3,,,0,true,false', // unchanged, though retired
      ].join('\n'),
    );
    expect(result.unchanged).toBe(1);
    expect(result.changes).toEqual([
      {
        row: 2,
        apiBundleName: 'esim_1',
        productId: 1,
        name: 'Plan esim_1',
        changes: [
          { field: 'displayName', from: null, to: 'Alpine 1 GB' },
          { field: 'retailPrice', from: null, to: 350 },
          { field: 'discountPercent', from: 0, to: 10 },
          { field: 'featured', from: false, to: true },
        ],
        priceCents: { from: 999, to: 350 },
        warnings: ['below_wholesale'],
      },
      {
        row: 3,
        apiBundleName: 'esim_2',
        productId: 2,
        name: 'Plan esim_2',
        changes: [{ field: 'retailPrice', from: 1299, to: null }],
        priceCents: { from: 1299, to: 899 },
        warnings: [],
      },
    ]);
  });

  it('warns that a retired bundle stays off sale, and leaves columns absent from the file alone', async () => {
    const result = await run('apiBundleName,displayName\nesim_3,Old plan\n');
    expect(result.changes[0]).toMatchObject({
      changes: [{ field: 'displayName', from: null, to: 'Old plan' }],
      warnings: ['retired_by_provider'],
    });
  });
});

describe('the CSV files the store writes', () => {
  it('exports the catalogue so that importing it changes nothing', async () => {
    const csv = exportCsv([...catalogue.values()]);
    expect(csv.startsWith('\uFEFFapiBundleName,displayName,retailPrice,discountPercent,active,featured\r\n')).toBe(
      true,
    );
    expect(csv).toContain('esim_2,Alpine 1GB,12.99,0,true,true\r\n');
    const result = await run(csv);
    expect(result).toMatchObject({ changes: [], rowErrors: [], unchanged: 3, totalRows: 3 });
  });

  it('writes the refused rows with an error column, escaping formulas, and reads the fixed file back', async () => {
    const result = await run('apiBundleName,displayName,active\nesim_1,=cmd,true\nesim_2,"Alps, ""big""",nope\n');
    const csv = errorsCsv(['apiBundleName', 'displayName', 'active'], result.rowErrors);
    const rows = parse(csv, { bom: true }) as string[][];
    expect(rows).toEqual([
      ['apiBundleName', 'displayName', 'active', 'error'],
      ['esim_1', "'=cmd", 'true', 'displayName: starts with "=", which a spreadsheet would run as a formula'],
      ['esim_2', 'Alps, "big"', 'nope', 'active: must be true or false'],
    ]);
    const fixed = csv.replace("'=cmd", 'Alpine').replace('nope', 'false');
    const again = await run(fixed);
    expect(again.rowErrors).toEqual([]);
    expect(again.changes.map((c) => c.apiBundleName)).toEqual(['esim_1', 'esim_2']);
  });
});
