import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import { describeCarrierConformance } from './conformance';
import { ReferenceCourier } from './reference/reference-adapter';
import { CourierStandin, STANDIN_STATUS_WORDS } from './standin/courier-standin';

// The reference HTTP adapter (built with server/carriers/http/) against the protocol stand-in:
// the whole kit, the HTTP cases included. It reports Delhivery's status words, so its scans are
// read through the DE table.

const TIMEOUT_MS = 800;

describeCarrierConformance('reference HTTP courier', {
  documentedStatusCodes: STANDIN_STATUS_WORDS,
  capabilities: { http: true, trackMany: true },
  async start() {
    const standin = new CourierStandin({ username: 'dakiya', password: 's3cret-pass', tokenLifeSeconds: 86_400 });
    await standin.start();
    const adapter = new ReferenceCourier(
      CARRIER_BY_CODE.get('DE')!,
      { baseUrl: standin.url, username: 'dakiya', password: 's3cret-pass' },
      { timeoutMs: TIMEOUT_MS },
    );
    return {
      adapter,
      now: () => standin.now(),
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
        bookedAt: standin.now(),
      }),
      advance: async (ms) => standin.advance(ms),
      pickUp: async (awb) => standin.pickUp(awb),
      failAttempt: async (awb) => standin.failAttempt(awb),
      http: {
        timeoutMs: TIMEOUT_MS,
        logins: () => standin.logins,
        expireTokens: () => standin.expireTokens(),
        exhaustRateLimit: () => standin.exhaustRateLimit(),
        hangNext: () => standin.hangNext(),
        refuseNext: (remark) => standin.refuseNext(remark),
        invalidRequest: (base) => ({
          request: { ...base, to: { ...base.to, phone: '+91 98110' } },
          remark: /phone must have 10 digits/,
        }),
      },
      close: () => standin.close(),
    };
  },
});
