import type { PaymentModeRow } from '../../src/domain/payment-modes-contract';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type AnyEventObject } from 'xstate';
import type { OrderDetail } from '../../src/domain/orders-contract';
import type { PackageTypeRow, PickupAddressRow } from '../../src/domain/setup-contract';
import type { ShipmentInfo } from '../../src/domain/shipping-contract';
import { canCancelShipment, SHIPMENT_POLL_MS, shipmentIsMoving } from '../../src/domain/shipping/shipment-rules';
import { orderActionsMachine, type BulkResult } from '../../src/machines/order-actions.machine';
import { orderFormMachine } from '../../src/machines/order-form.machine';
import { shipmentFollowMachine } from '../../src/machines/shipment-follow.machine';
import { describeModel } from './describe-model';
import { model as orderActions, ORDERS, WEIGHT_BAD, WEIGHT_OK } from './models/order-actions.model';
import { DRAFT, model as orderForm, PRODUCT } from './models/order-form.model';
import { statusEvent } from './models/live-stream.model';
import { model as shipmentFollow, SHIPMENTS } from './models/shipment-follow.model';

// Model-based suites of the order page's flows (add-order form, the order's actions, its
// shipment), with the effects each one asks its binding for.

describeModel(orderForm, (a, e) => {
  const seen = (x: typeof a) => [Object.keys(x.context.errors).length > 0, x.context.saveError !== null, x.status];
  expect(seen(a)).toEqual(seen(e));
  // a submit on its way was checked first; the form always has a line to type in
  if (a.matches({ editing: { form: 'submitting' } })) expect(a.context.errors).toEqual({});
  expect(a.context.items.length).toBeGreaterThan(0);
  if (a.status === 'done') expect(a.output).toEqual({ orderId: 41, orderNumber: 'ORD-000041' });
});
describeModel(orderActions, (a, e) => {
  const seen = (x: typeof a) => [x.context.order?.orderId, x.context.order?.archived, x.context.copy];
  expect(seen(a)).toEqual(seen(e));
  // the weight dialog opens clean; a refused weight shows its errors under the fields
  if (a.matches({ ready: { dialog: { weight: 'saving' } } })) expect(a.context.fieldErrors).toEqual({});
  if (a.matches({ ready: { dialog: 'none' } }) && a.context.notice?.kind === 'info')
    expect(a.context.notice.message).toMatch(/^(Order updated|Weight and size saved|Shipped with|Order ORD-)/);
});
describeModel(shipmentFollow, (a, e) => {
  expect(a.context).toEqual(e.context);
  // polling exactly while the parcel moves and no live stream is open
  if (
    a.matches('shown') &&
    !a.matches({ shown: 'refreshing' }) &&
    !a.matches({ shown: 'confirming' }) &&
    !a.matches({ shown: 'cancelling' })
  )
    expect(a.matches({ shown: 'polling' })).toBe(shipmentIsMoving(a.context.shipment) && !a.context.live);
  // the cancel button's rule and the machine agree: CANCEL is taken only when the rule allows it
  if (a.context.shipment && (a.matches({ shown: 'still' }) || a.matches({ shown: 'polling' })))
    expect(a.can({ type: 'CANCEL' })).toBe(canCancelShipment(a.context.shipment));
});

const resolved = <T, I>(value: T) => fromPromise<T, I>(async () => value);

describe('the add-order form', () => {
  it('prefills weight and size from a product, keeps what was typed, and ends with the new order', async () => {
    const created: unknown[] = [];
    const saved = vi.fn();
    const machine = orderFormMachine.provide({
      actors: {
        loadOptions: resolved({
          pickups: [] as PickupAddressRow[],
          packages: [] as PackageTypeRow[],
          paymentModes: [] as PaymentModeRow[],
        }),
        createOrder: fromPromise(async ({ input }) => {
          created.push(input);
          return { orderId: 41, orderNumber: 'ORD-000041' } as OrderDetail;
        }),
      },
      actions: { saved },
    });
    const actor = createActor(machine, {
      input: { today: '2026-11-20', draft: { ...DRAFT, lengthCm: '', deadWeightKg: '' } },
    }).start();
    actor.send({ type: 'ADD_PRODUCT', product: PRODUCT });
    const { draft, items } = actor.getSnapshot().context;
    // an empty size takes the product's; a typed one stays
    expect([draft.deadWeightKg, draft.lengthCm, draft.breadthCm]).toEqual(['0.4', '30', '10']);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ productId: 5, name: 'Cotton kurta', unitPrice: '799' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ orderId: 41, orderNumber: 'ORD-000041' });
    expect(created[0]).toMatchObject({ buyerPhone: '9876543210', deadWeightKg: 0.4, pickupAddressId: 3 });
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('shows every error at once in the API words, and a change clears the message under its field', () => {
    const needsAttention = vi.fn();
    const actor = createActor(orderFormMachine.provide({ actions: { needsAttention } }), {
      input: { today: '2026-11-20' },
    }).start();
    actor.send({ type: 'SUBMIT' });
    const errors = actor.getSnapshot().context.errors;
    expect(errors.buyerName).toBe('Buyer name must be 2 to 60 characters');
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['buyerPhone', 'items', 'pickupAddressId']));
    expect(needsAttention).toHaveBeenCalledTimes(1);
    actor.send({ type: 'SET', field: 'buyerName', value: 'Asha' });
    expect(actor.getSnapshot().context.errors.buyerName).toBeUndefined();
    // an address line feeds the schema's `shipping`
    actor.send({ type: 'SET', field: 'line1', value: '12 MG Road' });
    expect(actor.getSnapshot().context.errors.shipping).toBeUndefined();
  });

  it('puts a server refusal under the field it names and keeps the draft', async () => {
    const machine = orderFormMachine.provide({
      actors: {
        loadOptions: resolved({
          pickups: [] as PickupAddressRow[],
          packages: [] as PackageTypeRow[],
          paymentModes: [] as PaymentModeRow[],
        }),
        createOrder: fromPromise(async (): Promise<OrderDetail> => {
          throw { status: 422, message: 'pickupAddressId: verify this pickup address before using it' };
        }),
      },
    });
    const actor = createActor(machine, { input: { draft: DRAFT } }).start();
    actor.send({ type: 'ADD_PRODUCT', product: PRODUCT });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.context.saveError !== null);
    const c = actor.getSnapshot().context;
    expect(c.errors.pickupAddressId).toBe('Pickup address: verify this pickup address before using it');
    expect(c.draft.buyerName).toBe('Asha Rao');
  });
});

describe('the order page', () => {
  it('asks before archiving, reads the order again after, and marks the orders list stale', async () => {
    const reads: string[] = [];
    const invalidated: string[][] = [];
    const machine = orderActionsMachine.provide({
      actors: {
        fetchOrder: fromPromise(async ({ input }) => (reads.push(input.orderId), ORDERS.open)),
        archive: fromPromise(
          async ({ input }: { input: { orderId: number; archived: boolean } }): Promise<BulkResult> => ({
            done: [input.orderId],
            refused: [],
          }),
        ),
      },
      actions: { invalidate: (_, params) => invalidated.push(params.areas) },
    });
    const actor = createActor(machine, { input: { orderId: '7' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'ARCHIVE' });
    expect(actor.getSnapshot().matches({ ready: { dialog: { archive: 'asking' } } })).toBe(true);
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ ready: { dialog: 'none', data: 'fresh' } }) && reads.length === 2);
    expect(invalidated).toEqual([['orders']]);
  });

  it('refuses actions the order does not allow, and checks the weight with the API schema', async () => {
    const machine = orderActionsMachine.provide({ actors: { fetchOrder: resolved(ORDERS.archived) } });
    const actor = createActor(machine, { input: { orderId: '7' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    for (const type of ['SHIP', 'EDIT_WEIGHT', 'CANCEL', 'ARCHIVE', 'ESCALATE'] as const)
      expect(actor.getSnapshot().can({ type })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'UNARCHIVE' })).toBe(true);

    const open = createActor(orderActionsMachine.provide({ actors: { fetchOrder: resolved(ORDERS.open) } }), {
      input: { orderId: '7' },
    }).start();
    await waitFor(open, (s) => s.matches('ready'));
    open.send({ type: 'EDIT_WEIGHT' });
    open.send({ type: 'SUBMIT', value: WEIGHT_BAD });
    expect(open.getSnapshot().context.fieldErrors).toEqual({ lengthCm: 'Length (cm) is required' });
    open.send({ type: 'SUBMIT', value: WEIGHT_OK });
    expect(open.getSnapshot().context.pending).toEqual({
      lengthCm: 10,
      breadthCm: 10,
      heightCm: 10,
      deadWeightKg: 0.5,
    });
  });

  it('opens the copy a clone made and says so', async () => {
    const told: string[] = [];
    const opened: number[] = [];
    const machine = orderActionsMachine.provide({
      actors: {
        fetchOrder: resolved(ORDERS.open),
        cloneOrder: resolved({ ...ORDERS.open, orderId: 8, orderNumber: 'ORD-000008' }),
      },
      actions: {
        tell: ({ context }) => told.push(context.notice!.message),
        openCopy: ({ context }) => opened.push(context.copy!.orderId),
      },
    });
    const actor = createActor(machine, { input: { orderId: '7' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CLONE' });
    await waitFor(actor, () => opened.length === 1);
    expect(told).toEqual(['Order ORD-000008 created as a copy']);
    expect(opened).toEqual([8]);
  });
});

describe('the shipment panel', () => {
  it('reads again every 15 seconds only while the parcel moves', async () => {
    let reads = 0;
    const answers = [SHIPMENTS.scheduled, SHIPMENTS.inTransit, SHIPMENTS.delivered];
    const clock = new SimulatedClock();
    const machine = shipmentFollowMachine.provide({
      actors: { fetchShipment: fromPromise(async () => answers[Math.min(reads++, answers.length - 1)]) },
    });
    const actor = createActor(machine, { input: { orderId: 7, orderStatus: 'PKP_SCH' }, clock }).start();
    await waitFor(actor, (s) => s.matches({ shown: 'polling' }));
    clock.increment(SHIPMENT_POLL_MS - 1);
    expect(reads).toBe(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.context.shipment?.orderStatus === 'INT' && s.matches({ shown: 'polling' }));
    clock.increment(SHIPMENT_POLL_MS);
    await waitFor(actor, (s) => s.matches({ shown: 'still' }));
    expect(actor.getSnapshot().context.shipment?.orderStatus).toBe('DLV');
    clock.increment(SHIPMENT_POLL_MS * 4);
    expect(reads).toBe(3);
  });

  it('follows the live stream while it is open, reading on each status event, and polls only while it is down', async () => {
    let reads = 0;
    const answers = [SHIPMENTS.scheduled, SHIPMENTS.inTransit, SHIPMENTS.delivered];
    const clock = new SimulatedClock();
    const streams: string[] = [];
    const machine = shipmentFollowMachine.provide({
      actors: {
        fetchShipment: fromPromise(async () => answers[Math.min(reads++, answers.length - 1)]),
        liveUpdates: fromCallback<AnyEventObject, { url: string }>(({ input }) => {
          streams.push(input.url);
        }),
      },
    });
    const actor = createActor(machine, { input: { orderId: 7, orderStatus: 'PKP_SCH' }, clock }).start();
    expect(streams).toEqual(['/api/v1/orders/7/events']);
    await waitFor(actor, (s) => s.matches({ shown: 'polling' }));
    actor.send({ type: 'LIVE_STATE', state: 'open', error: null });
    expect(actor.getSnapshot().matches({ shown: 'still' })).toBe(true);
    clock.increment(SHIPMENT_POLL_MS * 3);
    expect(reads).toBe(1);
    actor.send({ type: 'LIVE_STATUS', event: statusEvent('42', 'INT', 'In Transit') });
    await waitFor(actor, (s) => s.context.shipment?.orderStatus === 'INT' && s.matches({ shown: 'still' }));
    actor.send({ type: 'LIVE_STATE', state: 'reconnecting', error: 'The live connection dropped' });
    expect(actor.getSnapshot().matches({ shown: 'polling' })).toBe(true);
    clock.increment(SHIPMENT_POLL_MS);
    await waitFor(actor, (s) => s.context.shipment?.orderStatus === 'DLV');
    expect(reads).toBe(3);
  });

  it('takes new data from outside and tells the page when the order moved on', async () => {
    const moved = vi.fn();
    const machine = shipmentFollowMachine.provide({
      actors: { fetchShipment: resolved(SHIPMENTS.scheduled) },
      actions: { orderMoved: moved },
    });
    const actor = createActor(machine, { input: { orderId: 7, orderStatus: 'PKP_SCH' } }).start();
    await waitFor(actor, (s) => s.matches('shown'));
    expect(moved).not.toHaveBeenCalled();
    actor.send({ type: 'SHIPMENT_UPDATED', shipment: SHIPMENTS.inTransit });
    expect(moved).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().can({ type: 'CANCEL' })).toBe(false);
  });

  it('cancels only while Pickup Scheduled', () => {
    const s = (orderStatus: string, state: 'BOOKED' | 'CANCELLED' = 'BOOKED') =>
      ({ orderStatus, state }) as ShipmentInfo;
    expect(canCancelShipment(s('PKP_SCH'))).toBe(true);
    for (const status of ['RTS', 'PKD', 'INT', 'OFD', 'NDR', 'DLV', 'CAN'])
      expect(canCancelShipment(s(status))).toBe(false);
    expect(canCancelShipment(s('PKP_SCH', 'CANCELLED'))).toBe(false);
    expect(shipmentIsMoving(s('INT'))).toBe(true);
    expect(shipmentIsMoving(s('DLV'))).toBe(false);
    expect(shipmentIsMoving(s('INT', 'CANCELLED'))).toBe(false);
  });
});
