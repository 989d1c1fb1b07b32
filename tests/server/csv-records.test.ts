import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/modules/uploads/csv-records';

describe('the upload CSV reader', () => {
  it('reads quoted cells, doubled quotes, commas and line breaks inside quotes, CRLF, a BOM and blank lines', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\n\n\r\n1,,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
      ['1', '', '3'],
    ]);
    expect(parseCsv('a,b,')).toEqual([['a', 'b', '']]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('"unterminated')).toEqual([['unterminated']]);
  });

  it('reads back whatever a standard CSV writer wrote', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', '9', ' ', ',', '"', '\n', '\r\n', 'é', '₹', '-') });
    const table = fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(table, fc.boolean(), (rows, crlf) => {
        const text = stringify(rows, { record_delimiter: crlf ? '\r\n' : '\n', quoted_match: /[\r\n]/ });
        expect(parseCsv(text)).toEqual(rows);
      }),
    );
  });
});
