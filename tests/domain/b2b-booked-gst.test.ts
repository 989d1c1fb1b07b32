import { describe, expect, it } from 'vitest';
import { bookedGstPaise } from '../../src/domain/b2b/booked-gst';

describe('the GST on a booked quote', () => {
  it('is what lies between its lines and its total', () => {
    // Gati, 340 kg Mumbai to Bengaluru: ₹3,400 + ₹340 + ₹100 + ₹120 = ₹3,960, with 18% GST ₹4,672.80
    const lines = [{ amountPaise: 340000 }, { amountPaise: 34000 }, { amountPaise: 10000 }, { amountPaise: 12000 }];
    expect(bookedGstPaise(lines, 467280)).toBe(71280);
  });
  it('is none while nothing is booked', () => {
    expect(bookedGstPaise([], null)).toBeNull();
  });
});
