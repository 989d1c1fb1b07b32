import { describe, expect, it } from 'vitest';
import { readTypedDay, shownDay, typedDayError } from '../../src/domain/typed-day';

describe('a day as a seller types it', () => {
  it.each([
    ['05/12/2026', '2026-12-05'],
    ['5/12/2026', '2026-12-05'],
    ['05-12-2026', '2026-12-05'],
    ['05.12.2026', '2026-12-05'],
    [' 05 / 12 / 2026 ', '2026-12-05'],
    ['31/12/2026', '2026-12-31'],
    ['29/02/2028', '2028-02-29'],
    ['5 Dec 2026', '2026-12-05'],
    ['05 dec 2026', '2026-12-05'],
    ['5 December 2026', '2026-12-05'],
    ['5-Dec-2026', '2026-12-05'],
    ['5th Dec, 2026', '2026-12-05'],
    ['5 Sept 2026', '2026-09-05'],
    ['1 Sep 2026', '2026-09-01'],
    ['2026-12-05', '2026-12-05'],
    ['2026-1-5', '2026-01-05'],
  ])('reads %j as %s', (typed, day) => {
    expect(readTypedDay(typed)).toBe(day);
  });

  it.each([
    ['', 'nothing typed'],
    ['05/12/20', 'a year half typed'],
    ['05/12/202', 'a year half typed'],
    ['05/12', 'no year'],
    ['31/11/2026', 'a day November does not have'],
    ['29/02/2026', 'no leap day in 2026'],
    ['00/12/2026', 'day 0'],
    ['05/13/2026', 'month 13 (dd/mm, not mm/dd)'],
    ['12/31/2026', 'a US order day'],
    ['5 De 2026', 'two letters of a month'],
    ['5 Decembre 2026', 'not a month'],
    ['5 Mayo 2026', 'more than the month'],
    ['01/01/1800', 'before 1900'],
    ['tomorrow', 'words'],
    ['05/12/2026/1', 'more than a day'],
    ['٠٥/١٢/٢٠٢٦', 'digits of another script'],
    ['2026-12-05T00:00', 'a time too'],
  ])('refuses %j (%s)', (typed) => {
    expect(readTypedDay(typed)).toBeNull();
  });

  it('shows a day as dd MMM yyyy and anything else as it is', () => {
    expect(shownDay('2026-12-05')).toBe('05 Dec 2026');
    expect(shownDay('')).toBe('');
    expect(shownDay('2026-02-31')).toBe('2026-02-31');
  });

  it('words its error with the label, without "(optional)", in the Indian order', () => {
    expect(typedDayError('Order date')).toBe('Order date must be a date as dd/mm/yyyy, for example 25/12/2026');
    expect(typedDayError('Re-attempt date (optional)')).toBe(
      'Re-attempt date must be a date as dd/mm/yyyy, for example 25/12/2026',
    );
  });

  it('reads every day of a leap year, typed each way, back to itself', () => {
    const start = Date.UTC(2028, 0, 1);
    for (let i = 0; i < 366; i++) {
      const iso = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      const [y, m, d] = iso.split('-');
      expect(readTypedDay(`${d}/${m}/${y}`)).toBe(iso);
      expect(readTypedDay(shownDay(iso))).toBe(iso);
    }
  });
});
