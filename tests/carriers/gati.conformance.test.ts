import { describe, expect, it } from 'vitest';
import { GatiFreight } from '../../server/carriers/gati/gati-freight';
import { gatiStatusOf } from '../../server/carriers/gati/answers';
import { describeFreightConformance, twelveBoxConsignment } from './freight-conformance';
import { GATI_STANDIN_CODES, GATI_STANDIN_KEYS, startGatiStandin } from './standin/gati-standin';
import type { FreightStandinControls } from './standin/freight-standin-controls';
import { freightHarnessOf } from './standin/freight-kit-harness';

// The Gati adapter against its protocol stand-in: docket, package series, booking with the
// e-way bills, tracking by docket. Gati has no login, no cancellation call and no e-way bill
// update call, and books at once.

const TIMEOUT_MS = 800;
const WAREHOUSE = 'JAIPUR-SITAPURA';

const gatiOn = (standin: FreightStandinControls, keys: { encodedCustomerCode?: string; apiKey?: string } = {}) =>
  new GatiFreight(
    { baseUrl: standin.url, ...GATI_STANDIN_KEYS, ...keys },
    { timeoutMs: TIMEOUT_MS, now: () => standin.now() },
  );

describeFreightConformance('Gati', {
  capabilities: { http: true, asyncBooking: false, login: false },
  notApplicable: {
    'async-booking': 'Gati books a docket at once (GATIKWEJPICKUPLBH answers the booking)',
    'token-expiry': 'Gati has no login: its customer code and keys go in every call',
    'ewaybill-update': 'Gati takes the e-way bill with the booking and has no update call ⚠',
    cancel: 'Gati publishes no cancellation call ⚠: dockets are cancelled through its desk',
  },
  async start() {
    const standin = await startGatiStandin();
    return freightHarnessOf(standin, {
      carrier: gatiOn(standin),
      warehouseName: WAREHOUSE,
      timeoutMs: TIMEOUT_MS,
      withWrongCredentials: () => gatiOn(standin, { encodedCustomerCode: 'FFFF0000', apiKey: 'FFFF0000' }),
      badPhoneRemark: /receiverMobileNo must be 10 digits/,
    });
  },
});

describe('Gati: what the booking carries', () => {
  it('quotes the docket and its package range, the e-way bills, the value in rupees and the payer', async () => {
    const standin = await startGatiStandin();
    try {
      const sent: unknown[] = [];
      const gati = new GatiFreight(
        { baseUrl: standin.url, ...GATI_STANDIN_KEYS },
        {
          now: () => standin.now(),
          fetch: async (input, init) => {
            if (typeof init?.body === 'string') sent.push(JSON.parse(init.body));
            return fetch(input, init);
          },
        },
      );
      const booked = await gati.book({
        ...twelveBoxConsignment(WAREHOUSE, standin.now()),
        reference: 'B2B-1',
        freightPayment: 'TO_PAY',
      });
      expect(booked.state).toBe('BOOKED');
      const [body] = sent as { custCode: string; pickupRequest: string; details: Record<string, unknown>[] }[];
      expect(body.custCode).toBe(GATI_STANDIN_KEYS.customerCode);
      expect(body.pickupRequest).toBe('20-11-2026 12:00:00');
      expect(body.details[0]).toMatchObject({
        orderNo: 'B2B-1',
        declCargoVal: 120000,
        actualWt: 168,
        noOfPkgs: '12',
        bookingBasis: '3',
        EWAYBILL: '331009876541,331009876542',
        receiverMobileNo: '9988776655',
        ReceiverGSTINNo: '29AAACN1234M1ZE',
      });
      expect(booked.state === 'BOOKED' && booked.boxNumbers).toEqual(
        (body.details[0].pkgDetails as { pkginfo: { pkgNo: string }[] }).pkginfo.map((p) => p.pkgNo),
      );
    } finally {
      await standin.close();
    }
  });

  it('maps every code the stand-in reports, and unknown codes by their words', () => {
    for (const [code, words] of Object.entries(GATI_STANDIN_CODES)) expect(gatiStatusOf(code, words)).not.toBeNull();
    expect(gatiStatusOf('ZZZZ', 'Tc Sent From Enroute Ou')).toBe('IN_TRANSIT');
  });
});
