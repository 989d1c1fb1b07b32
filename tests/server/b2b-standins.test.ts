import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_B2B } from '../../src/domain/b2b-contract';
import { loadConfig } from '../../server/config';
import { settlePendingBooking } from '../../server/modules/b2b-freight/booking';
import { followConsignment } from '../../server/modules/b2b-freight/tracking';
import { startTestServer, type TestServer } from './harness';
import { answer } from './call';
import { fund } from './team-helpers';
import { GATI_STANDIN_KEYS, startGatiStandin } from '../carriers/standin/gati-standin';
import {
  DELHIVERY_LTL_STANDIN_LOGIN,
  DELHIVERY_LTL_STANDIN_WAREHOUSE,
  startDelhiveryLtlStandin,
} from '../carriers/standin/delhivery-ltl-standin';
import { b2bSeller, newB2bOrder, type B2bSeller } from './b2b-freight-setup';

// The same consignment booked through Gati's and Delhivery LTL's real adapters, each speaking to
// its protocol stand-in (GATI_BASE_URL, DELHIVERY_LTL_BASE_URL): Gati books a docket at once;
// Delhivery's manifest answers a job that settles later, in the product's job.

let s: TestServer;
let seller: B2bSeller;
let gati: Awaited<ReturnType<typeof startGatiStandin>>;
let ltl: Awaited<ReturnType<typeof startDelhiveryLtlStandin>>;

beforeAll(async () => {
  gati = await startGatiStandin();
  ltl = await startDelhiveryLtlStandin();
  const { couriers } = loadConfig({
    NODE_ENV: 'test',
    GATI_CUST_CODE: GATI_STANDIN_KEYS.customerCode,
    GATI_ENC_CUST_CODE: GATI_STANDIN_KEYS.encodedCustomerCode,
    GATI_API_KEY: GATI_STANDIN_KEYS.apiKey,
    GATI_BASE_URL: gati.url,
    DELHIVERY_LTL_USERNAME: DELHIVERY_LTL_STANDIN_LOGIN.username,
    DELHIVERY_LTL_PASSWORD: DELHIVERY_LTL_STANDIN_LOGIN.password,
    DELHIVERY_LTL_BASE_URL: ltl.url,
  });
  s = await startTestServer({ config: { couriers } });
  seller = await b2bSeller(s, [
    { carrierCode: 'GT', registeredName: 'JAIPUR-SITAPURA' },
    { carrierCode: 'DE-LTL', registeredName: DELHIVERY_LTL_STANDIN_WAREHOUSE },
  ]);
  await fund(s, seller.orgId, 50_000_00);
});
afterAll(async () => {
  await s.close();
  await gati.close();
  await ltl.close();
});

describe('booking through the carriers’ own APIs', () => {
  it('serves GT and DE-LTL with their real adapters', () => {
    expect([...s.deps.carriers.liveFreight].sort()).toEqual(['DE-LTL', 'GT']);
  });

  it('Gati books the docket at once with a number a box, and its tracking moves the order', async () => {
    const order = await newB2bOrder(s, seller);
    const booked = await answer(s, API_B2B.book, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: { carrierCode: 'GT' },
    });
    expect(booked).toMatchObject({ bookingState: 'BOOKED', status: 'PKP_SCH' });
    expect(booked.boxNumbers).toHaveLength(3);
    const docket = gati.consignments().find((c) => c.lrNumber === booked.lrNumber);
    expect(docket).toBeDefined();
    gati.deliver(booked.lrNumber!);
    await followConsignment(s.deps, order.orderId);
    const tracking = await answer(s, API_B2B.tracking, { token: seller.token, params: { orderId: order.orderId } });
    expect(tracking.boxesDelivered).toBe(3);
    const detail = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    expect(detail.status).toBe('DLV');
  });

  it('Delhivery LTL answers a manifest job; the job settles it into the LR and its box numbers', async () => {
    const order = await newB2bOrder(s, seller);
    const pending = await answer(s, API_B2B.book, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: { carrierCode: 'DE-LTL' },
    });
    // the stand-in's clock stood still while the adapter polled: its job is still running
    expect(pending).toMatchObject({ bookingState: 'PENDING', status: 'RTS' });
    expect(pending.booking.jobId).toMatch(/\S/);
    ltl.advance(60_000);
    await settlePendingBooking(s.deps, order.orderId);
    const booked = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    expect(booked).toMatchObject({ bookingState: 'BOOKED', status: 'PKP_SCH' });
    expect(booked.boxNumbers).toHaveLength(3);
    expect(ltl.consignments().map((c) => c.lrNumber)).toContain(booked.lrNumber);
  }, 40_000);
});
