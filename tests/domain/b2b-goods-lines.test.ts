import { describe, expect, it } from 'vitest';
import { goodsMismatch, goodsTotals, isInterState, lineTax } from '../../src/domain/b2b/goods-lines';

// An invoice's goods: a line's GST split by the states, the lines' totals, and whether they make the invoice's value.

const bedsheets = {
  goodsName: 'Cotton bedsheets',
  hsnCode: '6304',
  quantity: 200,
  quantityUnit: 'NOS' as const,
  taxableValuePaise: 30_000_00,
  gstRate: 12 as const,
};
const covers = { ...bedsheets, goodsName: 'Pillow covers', taxableValuePaise: 6_095_24, gstRate: 5 as const };

describe('goods lines', () => {
  it('splits a line’s GST in halves within a state and keeps it whole as IGST across states', () => {
    expect(lineTax(covers, false)).toEqual({
      taxablePaise: 6_095_24,
      cgstPaise: 152_38,
      sgstPaise: 152_38,
      igstPaise: 0,
      totalPaise: 6_400_00,
    });
    expect(lineTax(covers, true)).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 304_76 });
    // an odd paisa of tax goes to SGST, so the halves still add up
    expect(lineTax({ taxableValuePaise: 1_05, gstRate: 3 }, false)).toMatchObject({ cgstPaise: 2, sgstPaise: 1 });
  });

  it('adds the lines up to the invoice’s value', () => {
    expect(goodsTotals([bedsheets, covers], true)).toEqual({
      taxablePaise: 36_095_24,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 3_904_76,
      totalPaise: 40_000_00,
    });
    expect(goodsMismatch([bedsheets, covers], 40_000_00)).toBeNull();
    expect(goodsMismatch([bedsheets, covers], 40_000_99)).toBeNull();
    expect(goodsMismatch([bedsheets, covers], 40_002_00)).toBe(
      "goods: the lines' taxable values with GST come to ₹40,000.00, the invoice value is ₹40,002.00",
    );
    expect(goodsMismatch([], 40_000_00)).toBeNull();
  });

  it('crosses a state line when the two states differ', () => {
    expect(isInterState('Rajasthan', 'Karnataka')).toBe(true);
    expect(isInterState('Rajasthan', ' rajasthan')).toBe(false);
  });
});
