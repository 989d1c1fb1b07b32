import { describe, expect, it } from 'vitest';
import { ALL_PATHS, routeExists } from '../../src/routes/route-paths';
import {
  ADDRESSED_PATHS,
  needsAddress,
  screenOf,
  WALK_BY_ROLE,
  WALKED_ELSEWHERE,
  WALKED_LAST,
} from '../e2e/route-walk-plan';

// The browser route walk (tests/e2e/new-seller.e2e.ts) opens every screen with axe at both widths:
// a path added to the route table without a place in the walk fails here, before any browser runs.

const walked = [...Object.values(WALK_BY_ROLE).flat(), ...WALKED_LAST];

describe('the route walk plan', () => {
  it('opens every path of the route table once, or names the browser test that checks it', () => {
    const planned = [...walked, ...Object.keys(WALKED_ELSEWHERE)];
    expect(ALL_PATHS.filter((p) => !planned.includes(p))).toEqual([]);
    expect(planned.filter((p) => !ALL_PATHS.includes(p))).toEqual([]);
    expect(planned.length).toBe(new Set(planned).size);
  });

  it('has a real address for each walked path with a parameter', () => {
    expect(new Set(walked.filter(needsAddress))).toEqual(new Set(ADDRESSED_PATHS));
  });

  it("covers the buyer's addresses (served by the tracking bundle)", () => {
    for (const buyer of [
      '/tracking/SF1400',
      '/tracking/return/SF1400',
      '/v2/track/12/SF1400',
      '/v2/track/12',
      '/public/track',
      '/s',
      '/ndr/7.abc',
      '/cod/7.abc',
      '/advance/7.abc',
    ])
      expect(routeExists(buyer), buyer).toBe(true);
  });

  it('names a screen by its route-table path', () => {
    expect(screenOf('http://x/orders/42')).toBe('/orders/:orderId');
    expect(screenOf('http://x/orders/new')).toBe('/orders/new');
    expect(screenOf('http://x/tracking/SF1400?loading=0')).toBe('/tracking/*');
    expect(screenOf('http://x/dakiya/kyc/3')).toBe('/dakiya/kyc/:applicationId');
    expect(screenOf('http://x/not-a-page/4')).toBe('/not-a-page/:id');
  });
});
