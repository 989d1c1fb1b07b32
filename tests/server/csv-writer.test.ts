import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvRecords, csvText, safeCell, type Cell } from '../../server/http/csv';
import { parseCsv } from '../../server/modules/uploads/csv-records';

// The CSV the exports and reports write is exactly what a standard CSV writer writes for the same
// cells (formulas defused first) when told to quote line breaks, which it leaves bare by default
// with CRLF records (a lone LF in a buyer's address would split a row), and reads back the same.

describe('the CSV writer', () => {
  it('quotes only what needs it and doubles quotes', () => {
    expect(
      csvText(
        ['Name', 'Note'],
        [
          ['Aarav, Traders', 'say "hi"'],
          ['two\nlines', 'cr\ronly'],
          [12.5, null],
        ],
      ),
    ).toBe('Name,Note\r\n"Aarav, Traders","say ""hi"""\r\n"two\nlines","cr\ronly"\r\n12.5,\r\n');
    expect(csvRecords([['=SUM(A1)', '-5', true, undefined]])).toBe("'=SUM(A1),'-5,true,\r\n");
  });

  it('writes what csv-stringify writes for any cells, and reads back the same', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'Z', '9', ' ', ',', '"', '\n', '\r', '\r\n', 'é', '₹', '-', '=', '@', '\t', "'"),
    });
    const cell: fc.Arbitrary<Cell> = fc.oneof(
      text,
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.constant(null),
    );
    const table = fc.array(fc.array(cell, { minLength: 2, maxLength: 6 }), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(table, (rows) => {
        const expected = stringify(
          rows.map((r) => r.map(safeCell)),
          { record_delimiter: '\r\n', quoted_match: /[\r\n]/ },
        );
        expect(csvRecords(rows)).toBe(expected);
        expect(parseCsv(csvRecords(rows))).toEqual(rows.map((r) => r.map(safeCell)));
      }),
      { numRuns: 500 },
    );
  });
});
