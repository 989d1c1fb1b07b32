import type { CarrierAdapter, ShipmentRequest } from '../../../server/carriers/adapter';
import type { ConformanceHarness } from '../conformance';
import type { HttpControls } from '../kit-cases';
import type { CourierStandinControls } from './standin-controls';

// The conformance kit's harness for an HTTP adapter whose stand-in implements the common controls:
// the kit steers the courier through them. Each courier gives its adapter, a booking it serves,
// and a request it refuses over the phone number, with the words it refuses in.

export function harnessOf(
  standin: CourierStandinControls,
  courier: {
    adapter: CarrierAdapter;
    request: () => ShipmentRequest;
    timeoutMs: number;
    /** the courier's words refusing a consignee phone that is not ten digits */
    badPhoneRemark: RegExp;
  },
): ConformanceHarness {
  return {
    adapter: courier.adapter,
    now: () => standin.now(),
    request: courier.request,
    advance: async (ms) => standin.advance(ms),
    pickUp: async (awb) => standin.pickUp(awb),
    failAttempt: async (awb) => standin.failAttempt(awb),
    http: httpControlsOf(standin, courier.timeoutMs, (base) => ({
      request: { ...base, to: { ...base.to, phone: '+91 98110' } },
      remark: courier.badPhoneRemark,
    })),
    close: () => standin.close(),
  };
}

/** The kit's HTTP controls over a stand-in's own (a parcel courier's or a freight carrier's). */
export function httpControlsOf<Req>(
  standin: Pick<CourierStandinControls, 'logins' | 'expireTokens' | 'exhaustRateLimit' | 'hangNext' | 'refuseNext'>,
  timeoutMs: number,
  invalidRequest: HttpControls<Req>['invalidRequest'],
): HttpControls<Req> {
  return {
    timeoutMs,
    logins: () => standin.logins(),
    expireTokens: () => standin.expireTokens(),
    exhaustRateLimit: () => standin.exhaustRateLimit(),
    hangNext: () => standin.hangNext(),
    refuseNext: (remark) => standin.refuseNext(remark),
    invalidRequest,
  };
}

/**
 * A booking from Meera's Jaipur warehouse to Kavya in Bengaluru (or `to`), 1.2 kg, prepaid: what
 * the kit's cases start from on the courier's clock.
 */
export function jaipurBooking(
  standin: CourierStandinControls,
  to = { pincode: '560038', city: 'Bengaluru', state: 'Karnataka' },
): ShipmentRequest {
  return {
    orderNumber: '',
    from: {
      pincode: '302003',
      city: 'Jaipur',
      state: 'Rajasthan',
      name: 'Meera Jaipur',
      phone: '+919123456780',
      address: 'Johari Bazaar',
    },
    to: { ...to, name: 'Kavya Reddy', phone: '+91 99887 76655', address: '12, 4th Cross, Indiranagar' },
    zone: 'D',
    weightKg: 1.2,
    paymentMethod: 'PPD',
    codAmountPaise: 0,
    bookedAt: standin.now(),
  };
}
