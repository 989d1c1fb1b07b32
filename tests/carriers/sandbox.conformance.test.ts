import { eq } from 'drizzle-orm';
import { sandboxParcels } from '../../server/db/schema';
import { carrierNetwork } from '../../server/carriers/registry';
import { advanceTo, failNextAttempt } from '../../server/carriers/sandbox/dev-controls';
import { COURIER_STATUSES } from '../../src/domain/shipping/courier-status';
import { COURIER_CODE_TABLES, ndrReasonCodes } from '../../src/domain/shipping/courier-codes';
import { startTestServer, type TestServer } from '../server/harness';
import { describeCarrierConformance } from './conformance';

// The sandbox courier network passes the kit: its Delhivery (DE), which answers NDR instructions
// as requests settled later, and Xpressbees (XB), which accepts them at once. The sandbox runs in
// the app's process on the test database, so the HTTP cases do not apply to it.

const IN_PROCESS = 'the sandbox courier runs in the app process: no HTTP, tokens, rate limits or timeouts';

for (const code of ['DE', 'XB'] as const) {
  describeCarrierConformance(`sandbox ${code}`, {
    // the sandbox reports the product's status words, and DE also Delhivery's own (courier-codes.ts)
    documentedStatusCodes: [
      ...Object.keys(COURIER_STATUSES),
      ...(code === 'DE' ? Object.keys(COURIER_CODE_TABLES.DE.statuses) : []),
    ],
    capabilities: { http: false, trackMany: false },
    notApplicable: {
      'bulk-tracking': 'the sandbox courier reports by AWB (trackMany is for couriers with a bulk call)',
      'token-expiry': IN_PROCESS,
      'rate-limit': IN_PROCESS,
      timeout: IN_PROCESS,
      'error-shapes': IN_PROCESS,
    },
    async start() {
      const s: TestServer = await startTestServer();
      const adapter = (await carrierNetwork(s.deps)).adapters.get(code)!;
      const speed = s.deps.config.sandboxCourier.speed;
      /** replaces a parcel's plan from now, then lets a few seconds pass so the new scans are due */
      const steer = async (awb: string, change: (p: typeof sandboxParcels.$inferSelect, nowMs: number) => unknown) => {
        const [p] = await s.deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, awb));
        const plan = change(p, (s.clock.now.getTime() - p.bookedAt.getTime()) * speed);
        if (!plan) throw new Error(`the sandbox parcel ${awb} cannot be steered so`);
        await s.deps.db
          .update(sandboxParcels)
          .set({ plan: plan as typeof p.plan })
          .where(eq(sandboxParcels.awb, awb));
        s.clock.advance(5_000);
      };
      return {
        adapter,
        now: () => s.clock.now,
        request: () => ({
          orderNumber: '',
          from: {
            pincode: '560001',
            city: 'Bengaluru',
            state: 'Karnataka',
            name: 'Meera Textiles',
            phone: '+919845012345',
          },
          to: { pincode: '110001', city: 'New Delhi', state: 'Delhi', name: 'Arjun Mehta', phone: '+919811098110' },
          zone: 'D',
          weightKg: 0.5,
          paymentMethod: 'PPD',
          codAmountPaise: 0,
          bookedAt: s.clock.now,
        }),
        advance: async (ms) => s.clock.advance(ms),
        pickUp: (awb) => steer(awb, (p, nowMs) => advanceTo(p.plan, nowMs, 'PICKED_UP', p.lane)),
        failAttempt: (awb) =>
          steer(awb, (p, nowMs) =>
            failNextAttempt(p.plan, nowMs, {
              reasonCode: ndrReasonCodes(code)[0],
              remark: 'Consignee unavailable',
              location: p.lane.to,
            }),
          ),
        close: () => s.close(),
      };
    },
  });
}
