import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import { DELHIVERY_DOCUMENTED_STATUSES } from '../../src/domain/shipping/courier-codes/delhivery';
import { DelhiveryCourier } from '../../server/carriers/delhivery/delhivery-courier';
import { describeCarrierConformance } from './conformance';
import { startDelhiveryStandin } from './standin/delhivery-standin';

// The Delhivery B2C adapter against Delhivery's protocol stand-in: every case of the kit but the
// token expiry, which Delhivery's static key never has.

const TIMEOUT_MS = 800;
const TOKEN = 'dlv-conformance-key';

describeCarrierConformance('Delhivery B2C', {
  documentedStatusCodes: DELHIVERY_DOCUMENTED_STATUSES,
  capabilities: { http: true, trackMany: true },
  notApplicable: {
    'token-expiry':
      "Delhivery's key is static (Authorization: Token …): there is no login to renew; a regenerated key is refused as UNAUTHORISED",
  },
  async start() {
    const standin = await startDelhiveryStandin({ token: TOKEN });
    const adapter = new DelhiveryCourier(
      CARRIER_BY_CODE.get('DE')!,
      { baseUrl: standin.url, apiToken: TOKEN },
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
          address: '12 MG Road',
        },
        to: {
          pincode: '110001',
          city: 'New Delhi',
          state: 'Delhi',
          name: 'Arjun Mehta',
          phone: '+919811098110',
          address: 'Flat 4, Connaught Place',
        },
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
        logins: () => standin.logins(),
        expireTokens: () => standin.expireTokens(),
        exhaustRateLimit: () => standin.exhaustRateLimit(),
        hangNext: () => standin.hangNext(),
        refuseNext: (remark) => standin.refuseNext(remark),
        invalidRequest: (base) => ({
          request: { ...base, to: { ...base.to, phone: '+91 98110' } },
          remark: /Incorrect phone number/,
        }),
      },
      close: () => standin.close(),
    };
  },
});
