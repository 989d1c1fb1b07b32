import { describe, expect, it } from 'vitest';
import { discrepancyNotifications } from '../../server/modules/notices/notify';

// A courier file raises hundreds of discrepancies at once: each seller is told once per batch.

const raised = (id: number, orgId: number) => ({
  id,
  orgId,
  awb: `AWB${id}`,
  sellerKg: 0.5,
  courierKg: 1,
  amountPaise: 5_900,
});

describe('weight discrepancy notifications', () => {
  it('a lone parcel names itself and opens its page', () => {
    expect(discrepancyNotifications([raised(7, 1)])).toEqual([
      expect.objectContaining({
        orgId: 1,
        ref: '7',
        title: 'Weight discrepancy on AWB AWB7',
        link: '/weight-discrepancies/7',
      }),
    ]);
  });

  it("a batch's many for one seller are one notification with their count and the total held", () => {
    const out = discrepancyNotifications([raised(10, 1), raised(11, 2), raised(12, 1), raised(13, 1)]);
    expect(out).toHaveLength(2);
    expect(out.find((n) => n.orgId === 1)).toMatchObject({
      ref: '10-13',
      title: 'Weight discrepancies on 3 parcels',
      link: '/weight-discrepancies?tab=NEW',
    });
    expect(out.find((n) => n.orgId === 1)!.body).toContain('₹177.00');
    expect(out.find((n) => n.orgId === 2)).toMatchObject({ ref: '11', link: '/weight-discrepancies/11' });
  });
});
