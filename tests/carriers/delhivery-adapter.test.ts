import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentRequest } from '../../server/carriers/adapter';
import { CourierError } from '../../server/carriers/courier-error';
import { DelhiveryCourier } from '../../server/carriers/delhivery/delhivery-courier';
import { delhiveryText } from '../../server/carriers/delhivery/quirks';
import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import { mapCourierStatus, mapNdrReason } from '../../src/domain/shipping/courier-codes';
import {
  DELHIVERY_DOCUMENTED_STATUSES,
  DELHIVERY_NDR_REASONS,
  DELHIVERY_REATTEMPT_CODES,
} from '../../src/domain/shipping/courier-codes/delhivery';
import { startDelhiveryStandin, type DelhiveryStandin } from './standin/delhivery-standin';

// What Delhivery's adapter does beyond the kit: multi-piece bookings on pooled waybills, reverse
// pickups with doorstep checks, warehouses and pickup requests, the e-way bill, and its quirks
// (refused characters, a short wallet, a regenerated key, a waybill it will not consume).

const TOKEN = 'dlv-adapter-key';

describe('Delhivery adapter', () => {
  let dlv: DelhiveryStandin;
  let adapter: DelhiveryCourier;
  let serial = 0;
  const request = (over: Partial<ShipmentRequest> = {}): ShipmentRequest => {
    const ref = `DA${Date.now().toString(36)}${++serial}`.toUpperCase();
    return {
      orderNumber: ref,
      clientReference: ref,
      from: {
        pincode: '302003',
        city: 'Jaipur',
        state: 'Rajasthan',
        name: 'Meera Jaipur',
        phone: '+91 91234 56780',
        address: 'Johari Bazaar',
      },
      to: {
        pincode: '560038',
        city: 'Bengaluru',
        state: 'Karnataka',
        name: 'Kavya Reddy',
        phone: '09988776655',
        address: '12, 4th Cross, Indiranagar',
      },
      zone: 'D',
      weightKg: 1.2,
      paymentMethod: 'COD',
      codAmountPaise: 1_450_00,
      bookedAt: dlv.now(),
      ...over,
    };
  };
  const shipmentSent = () => (dlv.lastCreate as { shipments: Record<string, unknown>[] }).shipments;

  beforeAll(async () => {
    dlv = await startDelhiveryStandin({ token: TOKEN });
    adapter = new DelhiveryCourier(
      CARRIER_BY_CODE.get('DE')!,
      { baseUrl: dlv.url, apiToken: TOKEN },
      { timeoutMs: 2_000 },
    );
  });
  afterAll(() => dlv.close());

  it('maps every documented status and NSL code; a forward pickup (X-PPOM) is its own step', () => {
    for (const code of DELHIVERY_DOCUMENTED_STATUSES) expect(mapCourierStatus('DE', code), code).toBeDefined();
    for (const code of ['DEHW', 'DEMW']) expect(mapCourierStatus(code, 'DL-RTO')).toBe('RTO_DELIVERED');
    expect(mapCourierStatus('DE', 'UD-X-PPOM')).toBe('PICKED_UP');
    expect(mapCourierStatus('DE', 'PU-X-PPOM')).toBe('REV_PICKED_UP');
    // the sandbox of the same code still speaks the product's words
    expect(mapCourierStatus('DE', 'OUT_FOR_DELIVERY')).toBe('OUT_FOR_DELIVERY');
    for (const [code] of DELHIVERY_NDR_REASONS) expect(mapNdrReason('DE', code), code).toBeDefined();
    for (const code of DELHIVERY_REATTEMPT_CODES) expect(mapNdrReason('DE', code)).toBeDefined();
  });

  it('books in grams, rupees and 10-digit phones, registering the warehouse first, and never sends a refused character', async () => {
    const req = request({
      to: { ...request().to, name: 'Kavya & Sons #4; 50% off \\ sale', address: 'Flat #12; A&B Towers' },
    });
    const booked = await adapter.createShipment(req);
    expect(booked.routingCode).toBe('DEL/560');
    expect(dlv.warehouseNames()).toContain('Meera Jaipur 302003');
    const [sent] = shipmentSent();
    expect(sent).toMatchObject({
      order: req.clientReference,
      weight: '1200',
      cod_amount: '1450.00',
      payment_mode: 'COD',
      phone: '9988776655',
      return_phone: '9123456780',
      add: 'Flat No. 12, A and B Towers',
      pin: '560038',
    });
    expect(JSON.stringify(dlv.lastCreate)).not.toMatch(/[&#%;\\]/);
    expect(delhiveryText('50% & more')).toBe('50 percent and more');
  });

  it('books a multi-piece shipment on pre-fetched waybills, and answers a repeat with the same boxes', async () => {
    const req = request();
    const boxes = [{ weightKg: 2 }, { weightKg: 1.5 }, { weightKg: 1 }];
    const booked = await adapter.createMultiPiece(req, boxes);
    expect(booked.childAwbs).toHaveLength(2);
    const sent = shipmentSent();
    expect(sent.map((s) => s.waybill)).toEqual([booked.awb, ...booked.childAwbs]);
    expect(sent.every((s) => s.shipment_type === 'MPS' && s.master_id === booked.awb && s.mps_children === '3')).toBe(
      true,
    );
    expect(sent.map((s) => s.weight)).toEqual(['2000', '1500', '1000']);
    expect(dlv.calls['bulk-waybill']).toBe(1);
    const again = await adapter.createMultiPiece(req, boxes);
    expect(again.awb).toBe(booked.awb);
    expect(again.childAwbs.sort()).toEqual([...booked.childAwbs].sort());
    expect(await adapter.findBooking(req.clientReference!)).toMatchObject({ awb: booked.awb, cancelled: false });
  });

  it('books a reverse pickup from the buyer, with the doorstep checks as QC 3.0 questions', async () => {
    const req = request({
      paymentMethod: 'PPD',
      codAmountPaise: 0,
      // a return: from the buyer's door back to the warehouse
      from: request().to,
      to: request().from,
      reverse: { qcChecks: [{ kind: 'colour', expected: 'Blue' }] },
    });
    const booked = await adapter.createShipment(req);
    const [sent] = shipmentSent();
    expect(sent).toMatchObject({ payment_mode: 'Pickup', pin: '560038', return_pin: '302003', qc_type: 'param' });
    expect(sent.custom_qc).toEqual([
      expect.objectContaining({ questions: [expect.objectContaining({ questions_id: 'colour', value: ['Blue'] })] }),
    ]);
    expect(dlv.bookings().find((b) => b.awb === booked.awb)).toMatchObject({ payment: 'REVERSE', status: 'PP-Open' });
    expect(mapCourierStatus('DE', (await adapter.track(booked.awb))[0].courierStatus as string)).toBe('REV_MANIFESTED');
  });

  it('registers a warehouse once and asks one pickup a warehouse a day', async () => {
    const address = {
      entityName: 'Meera Pune',
      phone: '9123456781',
      email: 'pune@meera.in',
      addressLine1: 'FC Road',
      addressLine2: null,
      pincode: '411004',
      city: 'Pune',
      state: 'Maharashtra',
    };
    expect(await adapter.registerPickupLocation(address)).toEqual({ registeredName: 'Meera Pune 411004' });
    expect(await adapter.registerPickupLocation(address)).toEqual({ registeredName: 'Meera Pune 411004' });
    const first = await adapter.requestPickup({
      locationName: 'Meera Pune 411004',
      date: '2026-11-21',
      expectedCount: 2,
      awbs: [],
    });
    const again = await adapter.requestPickup({
      locationName: 'Meera Pune 411004',
      date: '2026-11-21',
      expectedCount: 3,
      awbs: [],
    });
    expect(again.pickupId).toBe(first.pickupId);
    expect(dlv.pickupRequests()).toContainEqual({ location: 'Meera Pune 411004', date: '2026-11-21', count: 2 });
    const unknown = await adapter
      .requestPickup({ locationName: 'Nowhere', date: '2026-11-21', expectedCount: 1, awbs: [] })
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ kind: 'REFUSED', remark: 'ClientWarehouse matching query does not exist.' });
  });

  it('sends the e-way bill of a booked parcel', async () => {
    const booked = await adapter.createShipment(request({ codAmountPaise: 60_000_00 }));
    await adapter.updateEwaybill(booked.awb, { invoiceNumber: 'INV#2026/11', ewayBillNumber: '391000123456' });
    const refused = await adapter
      .updateEwaybill(booked.awb, { invoiceNumber: 'INV-1', ewayBillNumber: '12' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'REFUSED', remark: 'dcn and a 12 digit ewbn are required' });
  });

  it('a return to origin after a failed attempt is Delhivery turning the parcel back', async () => {
    const booked = await adapter.createShipment(request());
    dlv.failAttempt(booked.awb, 'EOD-74');
    const scans = await adapter.track(booked.awb);
    expect(scans.at(-1)).toMatchObject({ courierStatus: 'UD-Pending', reasonCode: 'EOD-74' });
    // arriving at the delivery centre is still in transit, not a failed attempt
    expect(scans.filter((s) => s.remark === 'Shipment reached the delivery centre')[0].courierStatus).toBe(
      'UD-In Transit',
    );
    expect(await adapter.ndrAction(booked.awb, { action: 'RTO' })).toMatchObject({ accepted: true });
    expect(dlv.parcel(booked.awb).status).toBe('RT-In Transit');
  });

  it('says a short wallet in words a seller acts on', async () => {
    dlv.walletRupees = 200;
    const refused = await adapter.createShipment(request()).catch((e: unknown) => e);
    dlv.walletRupees = 10_000;
    expect(refused).toBeInstanceOf(CourierError);
    expect((refused as CourierError).remark).toMatch(
      /^Delhivery refused the booking: the Delhivery account wallet is short/,
    );
    expect((refused as CourierError).remark).toContain('₹500');
  });

  it('asks Delhivery about a pincode, the heavy product with its own call', async () => {
    expect(await adapter.pincodeServiceability('560038')).toBeNull();
    expect(await adapter.pincodeServiceability('999999')).toBe('Delhivery does not serve pincode 999999');
    expect(await adapter.pincodeServiceability('190001')).toMatch(/paused deliveries/);
    const heavy = new DelhiveryCourier(CARRIER_BY_CODE.get('DEHW')!, { baseUrl: dlv.url, apiToken: TOKEN });
    expect(await heavy.pincodeServiceability('400086')).toBeNull();
    expect(await heavy.pincodeServiceability('999999')).toBe('Delhivery Heavy does not serve pincode 999999');
    expect(dlv.calls['pincode-heavy']).toBe(2);
  });

  it('fetches one waybill, or a batch, from its series', async () => {
    expect(await adapter.fetchWaybill()).toMatch(/^\d{14}$/);
    expect(await adapter.fetchWaybills(3)).toHaveLength(3);
  });

  it('a regenerated key is refused as unauthorised, and no login is tried', async () => {
    const other = new DelhiveryCourier(CARRIER_BY_CODE.get('DEHW')!, { baseUrl: dlv.url, apiToken: 'old-key' });
    const refused = await other.track('1490000000000').catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'UNAUTHORISED', remark: 'Invalid token', httpStatus: 401 });
  });
});
