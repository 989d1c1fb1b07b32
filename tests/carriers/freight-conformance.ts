import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { CourierError } from '../../server/carriers/courier-error';
import type { ConsignmentRequest, FreightBooking, FreightCarrier } from '../../server/carriers/freight';
import { CourierRateLimited } from '../../server/carriers/rate-limited';
import { istDay } from '../../src/domain/format';
import { kitCases, type HttpControls } from './kit-cases';

// The B2B freight conformance kit: what every freight carrier (server/carriers/freight.ts) must
// do, run against its protocol stand-in or the sandbox's freight lanes, as the parcel kit
// (conformance.ts) is for parcel couriers. Cases that cannot apply to a carrier are declared with
// their reason and reported as not run.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

export interface FreightHttpControls extends HttpControls<ConsignmentRequest> {
  /** logins the carrier refused */
  refusedLogins(): number;
  /** the same carrier built with credentials the carrier does not take */
  withWrongCredentials(): FreightCarrier;
}

export interface FreightHarness {
  carrier: FreightCarrier;
  now(): Date;
  /** a consignment the carrier serves (the kit sets the reference and time) */
  request(): ConsignmentRequest;
  advance(ms: number): Promise<void>;
  pickUp(lrNumber: string): Promise<void>;
  deliver(lrNumber: string): Promise<void>;
  /** the e-way bills the carrier holds for an LR */
  ewayBillsOf(lrNumber: string): Promise<string[]>;
  /** the same carrier whose job polls do not move the carrier's clock: its booking answers PENDING */
  pendingCarrier?(): FreightCarrier;
  http?: FreightHttpControls;
  close(): Promise<void>;
}

/** every case of the kit */
const ALL = [
  'book',
  'async-booking',
  'refusals',
  'tracking',
  'pickup',
  'ewaybill-update',
  'cancel',
  'token-expiry',
  'credentials-refused',
  'rate-limit',
  'timeout',
  'error-shapes',
] as const;

export type FreightCaseId = (typeof ALL)[number];

export interface FreightSetup {
  capabilities: { http: boolean; asyncBooking: boolean; login: boolean };
  notApplicable?: Partial<Record<FreightCaseId, string>>;
  start(): Promise<FreightHarness>;
}

type Needs = keyof FreightSetup['capabilities'];

/**
 * Meera Textiles' Jaipur warehouse to Kavya Retail in Bengaluru: 12 boxes (8 of 12 kg, 4 of
 * 18 kg), two invoices of ₹60,000 each with their e-way bills, paid, owner's risk, picked up.
 */
export function twelveBoxConsignment(warehouseName: string, now: Date): ConsignmentRequest {
  const validUntil = new Date(now.getTime() + 3 * 24 * 60 * MINUTE);
  return {
    reference: '',
    consignor: {
      warehouseName,
      businessName: 'Meera Textiles',
      gstin: '08ABCPN1234K1Z5',
      address: 'Plot 14, Sitapura Industrial Area',
      city: 'Jaipur',
      state: 'Rajasthan',
      pincode: '302022',
      phone: '+919123456780',
    },
    consignee: {
      businessName: 'Kavya Retail Private Limited',
      gstin: '29AAACN1234M1ZE',
      address: '12, 4th Cross, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560038',
      phone: '+91 99887 76655',
      email: 'stores@kavyaretail.in',
    },
    boxes: [
      { lengthCm: 60, breadthCm: 40, heightCm: 40, weightKg: 12, count: 8 },
      { lengthCm: 80, breadthCm: 50, heightCm: 50, weightKg: 18, count: 4 },
    ],
    invoices: [
      {
        number: 'MT/26-27/0141',
        date: istDay(now),
        valuePaise: 60_000_00,
        ewayBillNumber: '331009876541',
        ewayBillValidUntil: validUntil,
      },
      {
        number: 'MT/26-27/0142',
        date: istDay(now),
        valuePaise: 60_000_00,
        ewayBillNumber: '331009876542',
        ewayBillValidUntil: validUntil,
      },
    ],
    goodsDescription: 'Cotton bedsheets',
    freightPayment: 'PAID',
    risk: 'OWNER',
    handover: 'PICKUP',
    bookedAt: now,
  };
}

export function describeFreightConformance(name: string, setup: FreightSetup): void {
  describe(`${name}: B2B freight conformance`, () => {
    let h: FreightHarness;
    const { kitCase, listCases } = kitCases<FreightCaseId, Needs>(name, 'freight conformance', ALL, setup);
    let serial = 0;

    beforeAll(async () => {
      h = await setup.start();
    });
    afterAll(async () => {
      await h?.close();
    });

    const request = (over: Partial<ConsignmentRequest> = {}): ConsignmentRequest => ({
      ...h.request(),
      reference: `FK${randomBytes(3).toString('hex')}${++serial}`.toUpperCase(),
      bookedAt: h.now(),
      ...over,
    });
    /** a booking answered PENDING is asked again as the carrier's clock moves on */
    const settled = async (booking: FreightBooking, carrier = h.carrier): Promise<FreightBooking> => {
      for (let i = 0; i < 30 && booking.state === 'PENDING'; i++) {
        await h.advance(SECOND);
        booking = await carrier.bookingStatus(booking.jobId);
      }
      return booking;
    };
    const book = async (over: Partial<ConsignmentRequest> = {}) => {
      const booked = await settled(await h.carrier.book(request(over)));
      if (booked.state !== 'BOOKED') throw new Error(`${name} did not book: ${JSON.stringify(booked)}`);
      return booked;
    };
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e,
      );
    const oneInvoice = (valuePaise: number) => [
      { number: `INV-${++serial}`, date: istDay(h.now()), valuePaise, ewayBillNumber: null },
    ];

    kitCase('book', 'books 12 boxes with two invoices: one LR and a number for each box', null, async () => {
      const booked = await book();
      expect(booked.lrNumber).toMatch(/^[A-Z0-9-]{6,30}$/);
      expect(booked.boxNumbers).toHaveLength(12);
      expect(new Set(booked.boxNumbers).size).toBe(12);
      const tracked = await h.carrier.track(booked.lrNumber);
      expect(tracked).toMatchObject({ lrNumber: booked.lrNumber, boxCount: 12, boxesDelivered: 0 });
      expect(tracked!.scans.at(-1)?.status).toBe('MANIFESTED');
      expect(await h.ewayBillsOf(booked.lrNumber)).toEqual(['331009876541', '331009876542']);
    });

    kitCase(
      'async-booking',
      'a booking the carrier settles later answers PENDING with its job, then the LR and its boxes',
      'asyncBooking',
      async () => {
        const carrier = h.pendingCarrier!();
        const pending = await carrier.book(request());
        expect(pending.state).toBe('PENDING');
        const jobId = pending.state === 'PENDING' ? pending.jobId : '';
        expect(await carrier.bookingStatus(jobId)).toEqual({ state: 'PENDING', jobId });
        const booked = await settled(pending, carrier);
        expect(booked).toMatchObject({ state: 'BOOKED', boxNumbers: expect.any(Array) });
        expect(booked.state === 'BOOKED' && booked.boxNumbers.length).toBe(12);
      },
    );

    kitCase(
      'refusals',
      'refuses a consignment above ₹50,000 whose invoices lack e-way bills, and a malformed bill',
      null,
      async () => {
        const missing = await failure(h.carrier.book(request({ invoices: oneInvoice(50_000_01) })));
        expect(missing).toBeInstanceOf(CourierError);
        expect(missing).toMatchObject({ kind: 'REFUSED', remark: expect.stringMatching(/e-way bill/) });
        // the consignment's value counts, not each invoice's
        const split = await failure(
          h.carrier.book(request({ invoices: [...oneInvoice(30_000_00), ...oneInvoice(30_000_00)] })),
        );
        expect(split).toMatchObject({
          kind: 'REFUSED',
          remark: expect.stringMatching(/invoices INV-\d+, INV-\d+ have none/),
        });
        const malformed = await failure(
          h.carrier.book(
            request({
              invoices: [{ number: 'X1', date: istDay(h.now()), valuePaise: 70_000_00, ewayBillNumber: '1234' }],
            }),
          ),
        );
        expect(malformed).toMatchObject({ kind: 'REFUSED', remark: expect.stringMatching(/12 digits/) });
        expect(
          await h.carrier.book(request({ invoices: oneInvoice(50_000_00) })).then((b) => settled(b)),
        ).toMatchObject({
          state: 'BOOKED',
        });
      },
    );

    kitCase('tracking', 'tracks at LR level: picked up, then delivered with every box', null, async () => {
      const booked = await book();
      await h.pickUp(booked.lrNumber);
      await h.advance(MINUTE);
      const moving = await h.carrier.track(booked.lrNumber);
      expect(['PICKED_UP', 'IN_TRANSIT']).toContain(moving!.scans.at(-1)?.status);
      await h.deliver(booked.lrNumber);
      await h.advance(MINUTE);
      const done = await h.carrier.track(booked.lrNumber);
      expect(done!.scans.at(-1)?.status).toBe('DELIVERED');
      expect(done!.boxesDelivered).toBe(12);
      const times = done!.scans.map((s) => s.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(done!.scans.every((s) => s.at.getTime() <= h.now().getTime())).toBe(true);
      expect(await h.carrier.track('999999999')).toBeNull();
    });

    kitCase('pickup', 'asks for a pickup of booked LRs from the registered warehouse', null, async () => {
      const booked = await book();
      const { pickupId } = await h.carrier.requestPickup({
        warehouseName: h.request().consignor.warehouseName,
        date: istDay(h.now()),
        readyAt: '15:00',
        expectedBoxes: 12,
        lrNumbers: [booked.lrNumber],
      });
      expect(pickupId.length).toBeGreaterThan(0);
    });

    kitCase(
      'ewaybill-update',
      "tells the carrier an invoice's e-way bill after booking; refused once delivered",
      null,
      async () => {
        const invoices = oneInvoice(45_000_00);
        const booked = await book({ invoices });
        await h.carrier.updateEwaybill(booked.lrNumber, { ...invoices[0], ewayBillNumber: '331009876549' });
        expect(await h.ewayBillsOf(booked.lrNumber)).toContain('331009876549');
        await h.deliver(booked.lrNumber);
        const late = await failure(
          h.carrier.updateEwaybill(booked.lrNumber, { ...invoices[0], ewayBillNumber: '331009876550' }),
        );
        expect(late).toMatchObject({ kind: 'REFUSED' });
      },
    );

    kitCase('cancel', 'cancels an LR before pickup and refuses after, in its words', null, async () => {
      const early = await book();
      await h.carrier.cancel(early.lrNumber);
      const late = await book();
      await h.pickUp(late.lrNumber);
      const refused = await failure(h.carrier.cancel(late.lrNumber));
      expect(refused).toMatchObject({ kind: 'REFUSED', remark: expect.stringMatching(/picked up/i) });
    });

    kitCase('token-expiry', 'logs in again once when its day-long token lapses', 'login', async () => {
      const booked = await book({ invoices: oneInvoice(10_000_00) });
      const before = h.http!.logins();
      h.http!.expireTokens();
      expect(await h.carrier.track(booked.lrNumber)).not.toBeNull();
      expect(h.http!.logins()).toBe(before + 1);
      await h.carrier.track(booked.lrNumber);
      expect(h.http!.logins()).toBe(before + 1);
    });

    kitCase(
      'credentials-refused',
      'refused credentials fail with clear words, and are not tried again in a loop',
      'http',
      async () => {
        const wrong = h.http!.withWrongCredentials();
        const refusedBefore = h.http!.refusedLogins();
        const first = await failure(wrong.track('123456789'));
        expect(first).toBeInstanceOf(CourierError);
        expect(first).toMatchObject({
          kind: 'UNAUTHORISED',
          remark: expect.stringMatching(/[A-Z_]+(CODE|PASSWORD|KEY)/),
        });
        const again = await failure(wrong.book(request()));
        expect(again).toMatchObject({ kind: 'UNAUTHORISED' });
        expect(h.http!.refusedLogins() - refusedBefore).toBeLessThanOrEqual(1);
      },
    );

    kitCase('rate-limit', 'a 429 becomes CourierRateLimited; after the wait calls go through', 'http', async () => {
      const booked = await book({ invoices: oneInvoice(10_000_00) });
      h.http!.exhaustRateLimit();
      const limited = await failure(h.carrier.track(booked.lrNumber));
      expect(limited).toBeInstanceOf(CourierRateLimited);
      const { retryAfterSeconds } = limited as CourierRateLimited;
      expect(retryAfterSeconds).toBeGreaterThan(0);
      await h.advance(retryAfterSeconds * SECOND);
      expect(await h.carrier.track(booked.lrNumber)).not.toBeNull();
    });

    kitCase('timeout', "a call the carrier never answers is cut at the adapter's time limit", 'http', async () => {
      h.http!.hangNext();
      const started = Date.now();
      const cut = await failure(h.carrier.track('123456789'));
      expect(cut).toMatchObject({ kind: 'TIMEOUT', message: expect.stringMatching(/no answer .* within/) });
      expect(Date.now() - started).toBeGreaterThanOrEqual(h.http!.timeoutMs - 50);
    });

    kitCase('error-shapes', "the carrier's refusals reach the product in its words", 'http', async () => {
      h.http!.refuseNext('Daily pincode capacity exceeded');
      const refused = await failure(h.carrier.book(request()));
      expect(refused).toBeInstanceOf(CourierError);
      expect(refused).toMatchObject({
        kind: 'REFUSED',
        remark: expect.stringContaining('Daily pincode capacity exceeded'),
      });
      const { request: bad, remark } = h.http!.invalidRequest(request());
      const invalid = await failure(
        h.carrier
          .book(bad)
          .then((b) => settled(b))
          .then((b) => {
            if (b.state === 'FAILED') throw new CourierError(h.carrier.code, 'REFUSED', b.reason);
            return b;
          }),
      );
      expect(invalid).toBeInstanceOf(CourierError);
      expect((invalid as CourierError).remark).toMatch(remark);
    });

    listCases();
  });
}
