import type {
  BookedMultiPiece,
  BookedShipment,
  CarrierAdapter,
  CourierOperationStatus,
  CourierScan,
  FoundBooking,
  NdrInstruction,
  NdrRequestResult,
  PickupLocationAddress,
  PickupRequest,
  ProofOfDelivery,
  ShipmentRequest,
} from '../adapter';
import { CourierError } from '../courier-error';
import type { CallMeter } from '../http/call-meter';
import { CourierHttp } from '../http/courier-http';
import { InMemoryWaybillStore, WaybillPool, type WaybillStore } from '../http/waybill-pool';
import type { AdapterFactory } from '../providers';
import type { CourierSettings } from '../settings';
import { trackingLimitsOf } from '../tracking-limits';
import { unserviceable, type CarrierProfile, type Lane } from '../../../src/domain/shipping/carriers';
import {
  clearRemark,
  delhiveryFailure,
  delhiveryRemark,
  delhiveryPhone,
  delhiveryText,
  isDuplicateOrder,
  isUnconsumableWaybill,
  isUnknownWarehouse,
  isWarehouseTaken,
  warehouseName,
} from './quirks';
import { isCancelled, notYetPickedUp, scansOf } from './scans';
import type {
  DelhiveryCreateAnswer,
  DelhiveryCreateBody,
  DelhiveryCustomQc,
  DelhiveryPackingSlip,
  DelhiveryShipment,
  DelhiveryTrackAnswer,
  DelhiveryTrackedShipment,
  DelhiveryUplAnswer,
} from './shapes';
import { rupeesOf } from '../../../src/domain/money';

// Delhivery B2C ("Express") through its API with the account's static token: books single and
// multi-piece shipments (MPS boxes carry waybills fetched ahead into a pool), registers
// warehouses, asks for pickups, tracks 50 waybills a call, cancels and edits, and takes NDR
// instructions as UPL requests settled later. Delhivery's quirks stay here (quirks.ts).

const HOUR = 3_600_000;
/** MPS boxes need waybills fetched ahead; Delhivery advises not to use a batch at once */
const WAYBILL_BATCH = 100;
const WAYBILL_LOW_WATER = 25;

export interface DelhiveryOptions {
  /** a call not answered in this time is cut: create's p99 is 1.6 s, its label's and NDR status's a minute */
  timeoutMs?: number;
  meter?: CallMeter;
  waybills?: WaybillStore;
}

export class DelhiveryCourier implements CarrierAdapter {
  readonly http: CourierHttp;
  private readonly pool: WaybillPool;
  /** warehouses this process registered or found registered, by name */
  private readonly registered = new Set<string>();

  constructor(
    readonly profile: CarrierProfile,
    settings: CourierSettings & { baseUrl: string },
    opts: DelhiveryOptions = {},
  ) {
    if (!settings.apiToken) throw new Error(`${profile.code} needs DELHIVERY_TOKEN`);
    this.http = new CourierHttp({
      carrierCode: profile.code,
      baseUrl: settings.baseUrl,
      auth: { kind: 'header', name: 'authorization', value: `Token ${settings.apiToken}` },
      timeoutMs: opts.timeoutMs ?? 15_000,
      rateWindowSeconds: trackingLimitsOf(profile.code).windowSeconds,
      failedBody: delhiveryFailure,
      remarkOf: delhiveryRemark,
      meter: opts.meter,
    });
    this.pool = new WaybillPool({
      carrierCode: profile.code,
      store: opts.waybills ?? new InMemoryWaybillStore(),
      fetchBatch: (count) => this.fetchWaybills(count),
      batchSize: WAYBILL_BATCH,
      lowWater: WAYBILL_LOW_WATER,
      onRefillError: (e) => console.error(`[delhivery] ${profile.code} waybill refill:`, (e as Error).message),
    });
  }

  /** A local decision on the rate card's profile (Delhivery's pincode API is not asked at quote time). */
  serviceability(lane: Lane): string | null {
    return unserviceable(this.profile, lane);
  }

  /**
   * Delhivery's own word on a pincode, asked live (null: serviceable; else why not). The heavy
   * product (DEHW) asks its own call with `product_type=Heavy`. Not on the quote path, which stays
   * the local decision above; for staff checks and before a first booking to a new pincode.
   */
  async pincodeServiceability(pincode: string): Promise<string | null> {
    if (this.profile.code === 'DEHW') {
      try {
        await this.http.call({
          operation: 'pincode-heavy',
          path: '/api/dc/fetch/serviceability/pincode',
          query: { product_type: 'Heavy', pincode },
        });
        return null;
      } catch (e) {
        if (e instanceof CourierError && e.kind === 'REFUSED')
          return e.remark === 'NSZ' ? `Delhivery Heavy does not serve pincode ${pincode}` : e.remark;
        throw e;
      }
    }
    const answer = await this.http.call<{ delivery_codes?: { postal_code: { remarks?: string } }[] }>({
      operation: 'pincode',
      path: '/c/api/pin-codes/json/',
      query: { filter_codes: pincode },
    });
    const [code] = answer.delivery_codes ?? [];
    if (!code) return `Delhivery does not serve pincode ${pincode}`;
    if (code.postal_code.remarks === 'Embargo') return `Delhivery has paused deliveries to pincode ${pincode} for now`;
    return null;
  }

  // ---- waybills ----

  /** A batch of unused waybills (the bulk call: at most 10,000, five calls per 5 minutes). */
  async fetchWaybills(count: number): Promise<string[]> {
    const answer = await this.http.call<unknown>({
      operation: 'waybills',
      path: '/waybill/api/bulk/json/',
      query: { count: Math.min(count, 10_000) },
    });
    return waybillsOf(answer);
  }

  /** One unused waybill (the single fetch call). */
  async fetchWaybill(): Promise<string> {
    const [awb] = waybillsOf(await this.http.call<unknown>({ operation: 'waybill', path: '/waybill/api/fetch/json/' }));
    if (!awb) throw new CourierError(this.profile.code, 'UNAVAILABLE', 'Delhivery answered no waybill');
    return awb;
  }

  // ---- booking ----

  async createShipment(req: ShipmentRequest): Promise<BookedShipment> {
    const order = orderIdOf(req);
    try {
      const answer = await this.create(req, [this.shipment(req, { weightKg: req.weightKg, waybill: '' })]);
      const [p] = answer.packages;
      return {
        awb: p.waybill,
        routingCode: p.sort_code || (await this.sortCode(p.waybill)),
        pickupAt: pickupAtOf(req),
      };
    } catch (e) {
      const found = await this.repeatOf(e, order);
      if (found) return { awb: found.awb, routingCode: found.routingCode, pickupAt: found.pickupAt };
      throw this.clear(e);
    }
  }

  async createMultiPiece(req: ShipmentRequest, boxes: { weightKg: number }[]): Promise<BookedMultiPiece> {
    const order = orderIdOf(req);
    for (let attempt = 0; ; attempt++) {
      const waybills = await Promise.all(boxes.map(() => this.pool.take()));
      const [master] = waybills;
      const mps = {
        shipment_type: 'MPS' as const,
        master_id: master,
        mps_children: String(boxes.length),
        mps_amount: req.paymentMethod === 'COD' ? rupees(req.codAmountPaise) : '0',
      };
      try {
        const answer = await this.create(
          req,
          boxes.map((b, i) => ({ ...this.shipment(req, { weightKg: b.weightKg, waybill: waybills[i] }), ...mps })),
        );
        const sort = answer.packages.find((p) => p.waybill === master)?.sort_code || (await this.sortCode(master));
        return { awb: master, childAwbs: waybills.slice(1), routingCode: sort, pickupAt: pickupAtOf(req) };
      } catch (e) {
        // a pooled waybill Delhivery will not take (consumed, or another series): fresh ones, once
        if (attempt === 0 && e instanceof CourierError && isUnconsumableWaybill(e.remark)) continue;
        const found = await this.repeatOf(e, order);
        if (found) {
          const awbs = await this.waybillsOfOrder(order);
          return {
            awb: found.awb,
            routingCode: found.routingCode,
            pickupAt: found.pickupAt,
            childAwbs: awbs.filter((a) => a !== found.awb),
          };
        }
        throw this.clear(e);
      }
    }
  }

  private async create(req: ShipmentRequest, shipments: DelhiveryShipment[]): Promise<DelhiveryCreateAnswer> {
    const warehouse = req.reverse ? req.to : req.from;
    const name = warehouseName(warehouse.name, warehouse.pincode);
    const body: DelhiveryCreateBody = { shipments, pickup_location: { name } };
    const send = () =>
      this.http.call<DelhiveryCreateAnswer>({
        operation: req.reverse ? 'create-reverse' : 'create',
        method: 'POST',
        path: '/api/cmu/create.json',
        form: { format: 'json', data: JSON.stringify(body) },
      });
    try {
      return await send();
    } catch (e) {
      // a warehouse Delhivery does not know yet: registered from the booking's address, then booked
      if (!(e instanceof CourierError) || !isUnknownWarehouse(e.remark)) throw e;
      await this.registerPickupLocation({
        entityName: warehouse.name,
        phone: warehouse.phone,
        email: '',
        addressLine1: warehouse.address || warehouse.city,
        addressLine2: null,
        pincode: warehouse.pincode,
        city: warehouse.city,
        state: warehouse.state,
      });
      return await send();
    }
  }

  private shipment(req: ShipmentRequest, box: { weightKg: number; waybill: string }): DelhiveryShipment {
    // a reverse pickup's consignee is the buyer it is collected from; it goes back to `to`
    const consignee = req.reverse ? req.from : req.to;
    const back = req.reverse ? req.to : req.from;
    const cod = req.paymentMethod === 'COD' && !req.reverse;
    return {
      name: delhiveryText(consignee.name),
      add: delhiveryText(consignee.address || `${consignee.city}, ${consignee.state}`),
      pin: consignee.pincode,
      city: delhiveryText(consignee.city),
      state: delhiveryText(consignee.state),
      country: 'India',
      phone: delhiveryPhone(consignee.phone),
      order: orderIdOf(req),
      payment_mode: req.reverse ? 'Pickup' : cod ? 'COD' : 'Prepaid',
      cod_amount: cod ? rupees(req.codAmountPaise) : '0',
      total_amount: rupees(req.codAmountPaise),
      products_desc: delhiveryText(`Order ${req.orderNumber}`),
      quantity: '1',
      weight: String(Math.max(1, Math.round(box.weightKg * 1000))),
      shipping_mode: this.profile.mode === 'Air' ? 'Express' : 'Surface',
      waybill: box.waybill,
      seller_name: delhiveryText(req.from.name),
      return_name: delhiveryText(back.name),
      return_add: delhiveryText(back.address || `${back.city}, ${back.state}`),
      return_pin: back.pincode,
      return_city: delhiveryText(back.city),
      return_state: delhiveryText(back.state),
      return_country: 'India',
      return_phone: delhiveryPhone(back.phone),
      ...(req.reverse?.qcChecks.length ? { qc_type: 'param' as const, custom_qc: customQc(req) } : {}),
    };
  }

  /** The booking a refused repeat of the same order id made before ("Duplicate Order Id"). */
  private async repeatOf(e: unknown, order: string): Promise<FoundBooking | null> {
    if (!(e instanceof CourierError) || e.kind !== 'REFUSED' || !isDuplicateOrder(e.remark)) return null;
    return this.findBooking(order);
  }

  private clear(e: unknown): unknown {
    if (e instanceof CourierError && e.kind === 'REFUSED') {
      const words = clearRemark(e.remark);
      if (words !== e.remark) return new CourierError(e.carrierCode, e.kind, words, e.httpStatus);
    }
    return e;
  }

  async findBooking(clientReference: string): Promise<FoundBooking | null> {
    const shipments = await this.tracked({ ref_ids: clientReference });
    // a multi-piece order answers each box: the master is the booking
    const s =
      shipments.find((x) => x.ReferenceNo === clientReference && (!x.MasterWaybill || x.MasterWaybill === x.AWB)) ??
      null;
    if (!s) return null;
    return {
      awb: s.AWB,
      routingCode: await this.sortCode(s.AWB),
      pickupAt: (s.PickUpDate && new Date(s.PickUpDate)) || new Date(0),
      cancelled: isCancelled(s),
    };
  }

  private async waybillsOfOrder(order: string): Promise<string[]> {
    return (await this.tracked({ ref_ids: order })).filter((s) => s.ReferenceNo === order).map((s) => s.AWB);
  }

  /** The sort code a custom label prints (the packing slip without its PDF). */
  async sortCode(awb: string): Promise<string> {
    const slip = await this.http.call<DelhiveryPackingSlip>({
      operation: 'label',
      path: '/api/p/packing_slip',
      query: { wbns: awb, pdf: 'false' },
    });
    return slip.packages.find((p) => p.wbn === awb)?.sort_code ?? '';
  }

  /** Delhivery's own label: the address of its PDF (A4 or 4×6). */
  async labelPdfUrl(awb: string, size: 'A4' | '4R' = '4R'): Promise<string | null> {
    const slip = await this.http.call<DelhiveryPackingSlip>({
      operation: 'label',
      path: '/api/p/packing_slip',
      query: { wbns: awb, pdf: 'true', pdf_size: size },
    });
    return slip.packages.find((p) => p.wbn === awb)?.pdf_download_link ?? null;
  }

  // ---- after booking ----

  /**
   * Cancels before pickup. Delhivery would take a cancel of a parcel in transit too, but turns it
   * into a return to origin (charged as one): that is refused here, as a cancel it is not.
   */
  async cancel(awb: string): Promise<void> {
    const [shipment] = await this.tracked({ waybill: awb });
    if (shipment && !isCancelled(shipment) && !notYetPickedUp(shipment))
      throw new CourierError(
        this.profile.code,
        'REFUSED',
        'Delhivery has already picked up this parcel, so it can no longer be cancelled; ask for a return to origin instead',
      );
    await this.requestCancellation(awb);
  }

  /** Delhivery's cancel: before pickup the booking is void; in transit the parcel turns back (RT). */
  private async requestCancellation(awb: string): Promise<void> {
    await this.http.call({
      operation: 'cancel',
      method: 'POST',
      path: '/api/p/edit',
      json: { waybill: awb, cancellation: 'true' },
    });
  }

  /** Changes a booked parcel's consignee details (allowed while Manifested, In Transit or Pending). */
  async edit(
    awb: string,
    fields: { name?: string; phone?: string; address?: string; weightKg?: number },
  ): Promise<void> {
    await this.http.call({
      operation: 'edit',
      method: 'POST',
      path: '/api/p/edit',
      json: {
        waybill: awb,
        ...(fields.name ? { name: delhiveryText(fields.name) } : {}),
        ...(fields.phone ? { phone: delhiveryPhone(fields.phone) } : {}),
        ...(fields.address ? { add: delhiveryText(fields.address) } : {}),
        ...(fields.weightKg ? { weight: Math.round(fields.weightKg * 1000) } : {}),
      },
    });
  }

  async updateEwaybill(awb: string, bill: { invoiceNumber: string; ewayBillNumber: string }): Promise<void> {
    await this.http.call({
      operation: 'ewaybill',
      method: 'PUT',
      path: `/api/rest/ewaybill/${encodeURIComponent(awb)}/`,
      json: { data: [{ dcn: delhiveryText(bill.invoiceNumber), ewbn: bill.ewayBillNumber }] },
    });
  }

  /**
   * Registers the warehouse under the name the adapter books it by (its name and pincode), and
   * answers the name Delhivery keeps. A name Delhivery already has is the same warehouse.
   */
  async registerPickupLocation(address: PickupLocationAddress): Promise<{ registeredName: string }> {
    const name = warehouseName(address.entityName, address.pincode);
    const line = delhiveryText([address.addressLine1, address.addressLine2].filter(Boolean).join(', '));
    try {
      const answer = await this.http.call<{ data?: { name?: string } }>({
        operation: 'warehouse',
        method: 'POST',
        path: '/api/backend/clientwarehouse/create/',
        json: {
          name,
          phone: delhiveryPhone(address.phone),
          ...(address.email ? { email: address.email } : {}),
          address: line,
          city: delhiveryText(address.city),
          pin: address.pincode,
          country: 'India',
          return_address: line,
          return_pin: address.pincode,
          return_city: delhiveryText(address.city),
          return_state: delhiveryText(address.state),
          return_country: 'India',
        },
      });
      const registeredName = answer.data?.name ?? name;
      this.registered.add(registeredName);
      return { registeredName };
    } catch (e) {
      if (e instanceof CourierError && e.kind === 'REFUSED' && isWarehouseTaken(e.remark)) {
        this.registered.add(name);
        return { registeredName: name };
      }
      throw e;
    }
  }

  /**
   * One pickup request a warehouse a day. Delhivery takes no second request for a day while the
   * first is open: asked again, the adapter answers the open request's id (its count stays).
   */
  async requestPickup(request: PickupRequest): Promise<{ pickupId: string }> {
    const answer = await this.http.call<{
      pickup_id?: number | string;
      pr_exist?: boolean;
      data?: { pickup_id?: number };
    }>({
      operation: 'pickup',
      method: 'POST',
      path: '/fm/request/new/',
      json: {
        pickup_time: '11:00:00',
        pickup_date: request.date,
        pickup_location: request.locationName,
        expected_package_count: request.expectedCount,
      },
    });
    const id = answer.pickup_id ?? answer.data?.pickup_id;
    if (id === undefined) throw new CourierError(this.profile.code, 'UNAVAILABLE', 'Delhivery answered no pickup id');
    return { pickupId: String(id) };
  }

  // ---- tracking ----

  async track(awb: string): Promise<CourierScan[]> {
    return this.trackMany([awb]);
  }

  /** Up to 50 waybills a call (750 calls per 5 minutes per IP). */
  async trackMany(awbs: string[]): Promise<CourierScan[]> {
    return (await this.tracked({ waybill: awbs.join(',') })).flatMap(scansOf);
  }

  private async tracked(query: { waybill?: string; ref_ids?: string }): Promise<DelhiveryTrackedShipment[]> {
    const answer = await this.http.call<DelhiveryTrackAnswer>({
      operation: 'track',
      path: '/api/v1/packages/json/',
      query: { waybill: query.waybill ?? '', ref_ids: query.ref_ids ?? '' },
    });
    return (answer.ShipmentData ?? []).map((d) => d.Shipment);
  }

  // ---- failed deliveries ----

  /**
   * Re-attempts go to the NDR API, which answers a UPL id settled later. A new address or phone is
   * an edit first. Delhivery's NDR API has no return action: a return to origin is the cancel of
   * a parcel on its way, which Delhivery turns into a return (status type RT).
   */
  async ndrAction(awb: string, instruction: NdrInstruction): Promise<NdrRequestResult> {
    try {
      if (instruction.action === 'RTO') {
        await this.requestCancellation(awb);
        return { accepted: true, reference: `RTO-${awb}` };
      }
      if (instruction.action === 'FAKE_ATTEMPT')
        return {
          accepted: false,
          reason: 'Delhivery takes reports of a fake delivery attempt through its support desk, not its API',
        };
      if (instruction.action === 'CHANGE_ADDRESS' && instruction.address) {
        const a = instruction.address;
        await this.edit(awb, { address: [a.line1, a.line2, a.landmark].filter(Boolean).join(', ') });
      }
      if (instruction.action === 'CHANGE_PHONE' && instruction.phone)
        await this.edit(awb, { phone: instruction.phone });
      const answer = await this.http.call<{ request_id?: string }>({
        operation: 'ndr',
        method: 'POST',
        path: '/api/p/update',
        json: { data: [{ waybill: awb, act: 'RE-ATTEMPT' }] },
      });
      if (!answer.request_id)
        throw new CourierError(this.profile.code, 'UNAVAILABLE', 'Delhivery answered no request id for the NDR action');
      return { accepted: 'PENDING', requestId: answer.request_id };
    } catch (e) {
      if (e instanceof CourierError && e.kind === 'REFUSED') return { accepted: false, reason: e.remark };
      throw e;
    }
  }

  /** Each UPL id's outcome (one status call per id); an id Delhivery does not know is left out. */
  async operationStatus(requestIds: string[]): Promise<Map<string, CourierOperationStatus>> {
    const out = new Map<string, CourierOperationStatus>();
    for (const id of requestIds) {
      let answer: DelhiveryUplAnswer;
      try {
        answer = await this.http.call<DelhiveryUplAnswer>({
          operation: 'ndr-status',
          path: `/api/cmu/get_bulk_upl/${encodeURIComponent(id)}`,
          query: { verbose: 'true' },
        });
      } catch (e) {
        if (e instanceof CourierError && e.kind === 'REFUSED') continue;
        throw e;
      }
      const [r] = answer.result ?? [];
      if (answer.status === 'Pending' || !r) {
        out.set(id, { state: 'PENDING' });
        continue;
      }
      const at = (r.updated_at && new Date(r.updated_at)) || new Date();
      out.set(
        id,
        r.status === 'Success' ? { state: 'DONE', reference: id, at } : { state: 'FAILED', reason: r.remark, at },
      );
    }
    return out;
  }

  // ---- what Delhivery's API does not offer ----

  /** Delhivery takes claims (lost, damaged) through its One panel, not its API. */
  async fileClaim(): Promise<{ claimRef: string }> {
    throw new CourierError(
      this.profile.code,
      'REFUSED',
      'Delhivery takes claims through its Delhivery One panel, not its API: raise the claim there',
    );
  }

  /** Its doorstep QC photos come through the document push, which this adapter does not receive. */
  async qcPhotos(): Promise<{ name: string; bytes: Uint8Array }[]> {
    return [];
  }

  /** Its hub photos come through the sorter image push, which this adapter does not receive. */
  async hubPhoto(): Promise<{ name: string; bytes: Uint8Array } | null> {
    return null;
  }

  /** The delivered scan's time; Delhivery's POD image comes through its document push. */
  async proofOfDelivery(awb: string): Promise<ProofOfDelivery | null> {
    const delivered = (await this.track(awb)).find((s) => s.courierStatus === 'DL-Delivered');
    return delivered ? { deliveredAt: delivered.at, receiverName: '', otpVerified: false, image: null } : null;
  }

  /** Delhivery's delivery OTP goes to the buyer from Delhivery; the API does not give it. */
  async deliveryOtp(): Promise<string | null> {
    return null;
  }
}

/** The client reference as Delhivery's order id (at most 50 characters). */
const orderIdOf = (req: ShipmentRequest): string => delhiveryText(req.clientReference ?? req.orderNumber).slice(0, 50);

const rupees = (paise: number): string => rupeesOf(paise).toFixed(2);

/** The first collection Delhivery plans: the booking's pickup request is for 11:00 IST. */
function pickupAtOf(req: ShipmentRequest): Date {
  return new Date(req.bookedAt.getTime() + 4 * HOUR);
}

/** The bulk call answers the waybills as one comma-separated string; some accounts a list. */
function waybillsOf(answer: unknown): string[] {
  const list = Array.isArray(answer) ? answer.map(String) : typeof answer === 'string' ? answer.split(',') : [];
  return list.map((w) => w.trim()).filter(Boolean);
}

/** The return's doorstep checks as QC 3.0 questions (each must be answered as expected). */
function customQc(req: ShipmentRequest): DelhiveryCustomQc[] {
  return [
    {
      item: delhiveryText(`Order ${req.orderNumber}`),
      description: delhiveryText(`Return of order ${req.orderNumber}`),
      images: [],
      quantity: 1,
      questions: (req.reverse?.qcChecks ?? []).map((c) => ({
        questions_id: delhiveryText(c.kind),
        options: [delhiveryText(c.expected)],
        value: [delhiveryText(c.expected)],
        required: true,
        type: 'varchar' as const,
      })),
    },
  ];
}

/** Its registration: `DELHIVERY_TOKEN` (and `DELHIVERY_BASE_URL` for staging or a stand-in). */
export function delhiveryAdapter(settings: CourierSettings & { baseUrl: string }): AdapterFactory {
  // the account's fetched waybills outlive a reload of the courier network
  const waybills = new InMemoryWaybillStore();
  return (profile) => new DelhiveryCourier(profile, settings, { waybills });
}
