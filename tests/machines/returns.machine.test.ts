import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  returnInitiationMachine,
  type ReturnDraft,
  type ReturnSetup,
} from '../../src/machines/return-initiation.machine';
import {
  returnRequestMachine,
  type BuyerReturnRequestBody,
  type BuyerReturnView,
} from '../../src/machines/return-request.machine';
import { describeModel } from './describe-model';
import { CREATED, model as returnInitiation, SETUP } from './models/return-initiation.model';
import { APPROVED, PENDING, model as returnRequest, VIEW } from './models/return-request.model';

// Model-based suites of the return flows (the seller's initiation, the buyer's request), and the
// rules worth stating on their own. Reverse shipping is the ship-order machine given the return's
// quote and ship calls (tests/machines/shipping.machine.test.ts covers it).

describeModel(returnInitiation, (a, e) => {
  expect([a.context.quantities, a.context.reason, a.context.subReason, a.context.photos, a.context.problem]).toEqual([
    e.context.quantities,
    e.context.reason,
    e.context.subReason,
    e.context.photos,
    e.context.problem,
  ]);
  expect([a.context.returnAddressId, a.context.qcChecks, a.context.error, a.context.created]).toEqual([
    e.context.returnAddressId,
    e.context.qcChecks,
    e.context.error,
    e.context.created,
  ]);
  if (a.status === 'done') expect(a.output).toEqual(a.context.created);
});

describeModel(returnRequest, (a, e) =>
  expect([
    a.context.view?.request?.status,
    a.context.quantities,
    a.context.reason,
    a.context.photos,
    a.context.problem,
    a.context.error,
  ]).toEqual([
    e.context.view?.request?.status,
    e.context.quantities,
    e.context.reason,
    e.context.photos,
    e.context.problem,
    e.context.error,
  ]),
);

describe('initiating a return', () => {
  it('sends what was chosen, with the dialog’s key on every retry, and only the checks when QC is on', async () => {
    const sent: { draft: ReturnDraft; idempotencyKey: string }[] = [];
    let fail = true;
    const actor = createActor(
      returnInitiationMachine.provide({
        actors: {
          loadSetup: fromPromise(async (): Promise<ReturnSetup> => SETUP),
          createReturn: fromPromise(async ({ input }: { input: { draft: ReturnDraft; idempotencyKey: string } }) => {
            sent.push(input);
            if (fail) throw { status: 0, message: 'You are offline' };
            return CREATED;
          }),
        },
      }),
      { input: { orderId: 7, idempotencyKey: 'ret-7-k' } },
    ).start();
    await waitFor(actor, (s) => s.matches('items'));
    actor.send({ type: 'SET_QUANTITY', sku: 'RZ-01', quantity: 1 });
    actor.send({ type: 'SET_QUANTITY', sku: 'CV-02', quantity: -3 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHOOSE_REASON', reason: 'DAMAGED' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.problem).toBe('Choose what exactly is wrong');
    actor.send({ type: 'CHOOSE_SUB_REASON', subReason: 'TORN' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.problem).toBe('Choose where the return goes back to');
    actor.send({ type: 'CHOOSE_RETURN_ADDRESS', addressId: 11 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'TOGGLE_CHECK', check: 'PRODUCT_IMAGE' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET_REFUND', decision: 'STORE_CREDIT' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual(CREATED);
    expect(sent.map((s) => s.idempotencyKey)).toEqual(['ret-7-k', 'ret-7-k']);
    expect(sent[1].draft).toEqual({
      orderId: 7,
      items: [{ sku: 'RZ-01', name: 'Block-print razai', quantity: 1, unitPricePaise: 145000 }],
      reason: 'DAMAGED',
      subReason: 'TORN',
      photos: [],
      pickup: null,
      returnAddressId: 11,
      // the check picked while QC was off is not sent
      qcChecks: [],
      refundDecision: 'STORE_CREDIT',
    });
  });

  it('takes a standalone return’s items and pickup address as typed', async () => {
    const actor = createActor(
      returnInitiationMachine.provide({
        actors: {
          loadSetup: fromPromise(async (): Promise<ReturnSetup> => ({ ...SETUP, items: [], pickupLine: null })),
        },
      }),
      { input: { orderId: null, idempotencyKey: 'k' } },
    ).start();
    await waitFor(actor, (s) => s.matches('items'));
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.problem).toBe('Choose at least one item to return');
    actor.send({ type: 'ADD_ITEM', item: { sku: ' ', name: 'Blank', ordered: 1, unitPricePaise: 0 } });
    actor.send({ type: 'ADD_ITEM', item: { sku: 'TR-1', name: 'Table runner', ordered: 2, unitPricePaise: 30000 } });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHOOSE_REASON', reason: 'NOT_NEEDED' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHOOSE_RETURN_ADDRESS', addressId: 12 });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.problem).toBe('Enter the buyer’s pickup address');
    const pickup = {
      name: 'Asha Verma',
      phone: '9876543210',
      addressLine1: '4, Civil Lines',
      pincode: '302006',
      city: 'Jaipur',
      state: 'Rajasthan',
    };
    actor.send({ type: 'SET_PICKUP', pickup });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('qc');
    expect(actor.getSnapshot().context.setup?.items.map((i) => i.sku)).toEqual(['TR-1']);
    expect(actor.getSnapshot().context.quantities).toEqual({ 'TR-1': 2 });
  });
});

describe('the buyer asking for a return', () => {
  it('sends the items, reason, trimmed comment and photos once, then shows the decision', async () => {
    const bodies: BuyerReturnRequestBody[] = [];
    let answer = PENDING as BuyerReturnView;
    const actor = createActor(
      returnRequestMachine.provide({
        actors: {
          loadRequest: fromPromise(async (): Promise<BuyerReturnView> => answer),
          uploadPhoto: fromPromise(async () => ({ url: '/files/r1.jpg' })),
          sendRequest: fromPromise(
            async ({
              input,
            }: {
              input: { trackingRef: string; body: BuyerReturnRequestBody };
            }): Promise<BuyerReturnView> => {
              bodies.push(input.body);
              return PENDING as BuyerReturnView;
            },
          ),
        },
      }),
      { input: { trackingRef: 'AWB1' } },
    );
    answer = VIEW as BuyerReturnView;
    actor.start();
    await waitFor(actor, (s) => s.matches('offered'));
    actor.send({ type: 'START' });
    actor.send({ type: 'SET_QUANTITY', sku: 'RZ-01', quantity: 0 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHOOSE_REASON', reason: 'NOT_NEEDED' });
    actor.send({ type: 'SET_COMMENT', comment: '  Ordered twice  ' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ADD_PHOTO', file: new Blob(['x']) });
    await waitFor(actor, (s) => s.matches({ asking: 'photos' }) && s.context.photos.length === 1);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(bodies).toEqual([
      {
        items: [{ sku: 'CV-02', quantity: 1 }],
        reason: 'NOT_NEEDED',
        subReason: null,
        comment: 'Ordered twice',
        photos: ['/files/r1.jpg'],
      },
    ]);
    answer = APPROVED as BuyerReturnView;
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('decided'));
    expect(actor.getSnapshot().context.view?.request?.returnTrackingRef).toBe('R14000000000001');
  });
});
