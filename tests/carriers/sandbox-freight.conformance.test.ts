import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxParcels } from '../../server/db/schema';
import { carrierNetwork } from '../../server/carriers/registry';
import { advanceTo } from '../../server/carriers/sandbox/dev-controls';
import { startTestServer, type TestServer } from '../server/harness';
import { describeFreightConformance, twelveBoxConsignment } from './freight-conformance';

// The sandbox's B2B freight lanes pass the freight kit when no carrier credentials are set: Gati
// (GT) on its own profile and Delhivery LTL (DE-LTL) on Delhivery's network. The sandbox runs in
// the app's process on the test database, so the HTTP cases do not apply; it books at once.

const IN_PROCESS = 'the sandbox runs in the app process: no HTTP, logins, rate limits or timeouts';

for (const code of ['GT', 'DE-LTL'] as const) {
  describeFreightConformance(`sandbox ${code}`, {
    capabilities: { http: false, asyncBooking: false, login: false },
    notApplicable: {
      'async-booking': 'the sandbox books an LR at once',
      'token-expiry': IN_PROCESS,
      'credentials-refused': IN_PROCESS,
      'rate-limit': IN_PROCESS,
      timeout: IN_PROCESS,
      'error-shapes': IN_PROCESS,
    },
    async start() {
      const s: TestServer = await startTestServer();
      const carrier = s.deps.carriers.freight(code)!(s.deps);
      const speed = s.deps.config.sandboxCourier.speed;
      const steer = async (lr: string, to: 'PICKED_UP' | 'DELIVERED') => {
        const [p] = await s.deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, lr));
        const plan = advanceTo(p.plan, (s.clock.now.getTime() - p.bookedAt.getTime()) * speed, to, p.lane);
        if (plan) await s.deps.db.update(sandboxParcels).set({ plan }).where(eq(sandboxParcels.awb, lr));
        s.clock.advance(5_000);
      };
      return {
        carrier,
        now: () => s.clock.now,
        request: () => twelveBoxConsignment('Meera Textiles Jaipur', s.clock.now),
        advance: async (ms) => s.clock.advance(ms),
        pickUp: (lr) => steer(lr, 'PICKED_UP'),
        deliver: (lr) => steer(lr, 'DELIVERED'),
        ewayBillsOf: async (lr) => {
          const [p] = await s.deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, lr));
          return p?.lane.ewayBills ?? [];
        },
        close: () => s.close(),
      };
    },
  });
}

describe('sandbox GT: freight lanes only', () => {
  it('refuses every parcel lane, and names a freight service it does not know', async () => {
    const s = await startTestServer();
    try {
      const gt = (await carrierNetwork(s.deps)).adapters.get('GT')!;
      expect(
        gt.serviceability({
          fromPincode: '302022',
          toPincode: '560038',
          zone: 'D',
          paymentMethod: 'PPD',
          weightKg: 50,
        }),
      ).toBe('Gati (B2B) carries business freight only');
      expect(s.deps.carriers.freight('GT')).toBeDefined();
      expect(s.deps.carriers.freight('XB')).toBeUndefined();
      expect(s.deps.carriers.liveFreight).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
