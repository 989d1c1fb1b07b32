import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { initiateBody, standaloneBody, type ReturnDraft } from '../../src/domain/return-draft';
import type { BuyerReturnOffer, Photo } from '../../src/domain/returns-contract';
import type { BuyerReturnRequestInput } from '../../src/domain/schemas/returns';
import {
  returnDraft,
  returnInitiationMachine,
  type CreatedReturn,
  type ReturnSetup,
} from '../../src/machines/return-initiation.machine';
import { returnRequestMachine } from '../../src/machines/return-request.machine';
import { describeModel } from './describe-model';
import { CREATED, model as returnInitiation, SETUP } from './models/return-initiation.model';
import { APPROVED, OFFER, PENDING, model as returnRequest } from './models/return-request.model';

// Model-based suites of the return flows (the seller's initiation, the buyer's request), and the
// rules worth stating on their own. Reverse shipping is the ship-order machine given the return's
// quote and ship calls (its model is in tests/machines/shipping.machine.test.ts).

describeModel(returnInitiation, (a, e) => {
  expect([a.context.quantities, a.context.reason, a.context.subReason, a.context.photos, a.context.problem]).toEqual([
    e.context.quantities,
    e.context.reason,
    e.context.subReason,
    e.context.photos,
    e.context.problem,
  ]);
  expect([a.context.returnTo, a.context.qcChecks, a.context.error, a.context.created]).toEqual([
    e.context.returnTo,
    e.context.qcChecks,
    e.context.error,
    e.context.created,
  ]);
  if (a.status === 'done') expect(a.output).toEqual(a.context.created);
});

describeModel(returnRequest, (a, e) =>
  expect([
    a.context.offer?.request?.state,
    a.context.quantities,
    a.context.reason,
    a.context.photos,
    a.context.problem,
    a.context.error,
  ]).toEqual([
    e.context.offer?.request?.state,
    e.context.quantities,
    e.context.reason,
    e.context.photos,
    e.context.problem,
    e.context.error,
  ]),
);

type CreateInput = { draft: ReturnDraft; idempotencyKey: string };

describe('initiating a return', () => {
  it('sends what was chosen, with the dialog’s key on every retry, and the checks only when QC is on', async () => {
    const sent: CreateInput[] = [];
    let fail = true;
    const actor = createActor(
      returnInitiationMachine.provide({
        actors: {
          loadSetup: fromPromise(async (): Promise<ReturnSetup> => SETUP),
          createReturn: fromPromise(async ({ input }: { input: CreateInput }): Promise<CreatedReturn> => {
            sent.push(input);
            if (fail) throw { status: 0, message: 'You are offline' };
            return CREATED;
          }),
        },
      }),
      { input: { orderId: 7, idempotencyKey: 'ret-7-k' } },
    ).start();
    await waitFor(actor, (s) => s.matches('items'));
    actor.send({ type: 'SET_QUANTITY', key: '31', quantity: 1 });
    actor.send({ type: 'SET_QUANTITY', key: '32', quantity: -3 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHOOSE_REASON', reason: 'DAMAGED' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.problem).toBe('Choose what exactly is wrong');
    actor.send({ type: 'CHOOSE_SUB_REASON', subReason: 'TORN_STAINED' });
    actor.send({ type: 'SET_COMMENT', comment: ' Seam torn ' });
    actor.send({ type: 'NEXT' });
    // the forward order's pickup address is chosen to start with
    expect(actor.getSnapshot().context.returnTo).toEqual({ kind: 'PICKUP_ADDRESS', id: 11 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET_QC', enabled: true });
    actor.send({ type: 'TOGGLE_CHECK', check: 'COLOUR' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.problem).toBe(
      'Say what the courier compares against for each colour, size or serial check',
    );
    actor.send({ type: 'SET_EXPECTED', check: 'COLOUR', expected: ' Indigo ' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET_REFUND', decision: 'STORE_CREDIT' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual(CREATED);
    expect(sent.map((s) => s.idempotencyKey)).toEqual(['ret-7-k', 'ret-7-k']);
    expect(initiateBody(sent[1].draft)).toEqual({
      forwardOrderId: 7,
      items: [{ orderItemId: 31, quantity: 1 }],
      reason: 'DAMAGED',
      subReason: 'TORN_STAINED',
      comment: 'Seam torn',
      photoFileIds: [],
      returnToKind: 'PICKUP_ADDRESS',
      returnToId: 11,
      qc: { checks: [{ kind: 'COLOUR', expected: 'Indigo' }] },
      refundDecision: 'STORE_CREDIT',
    });
  });

  it('takes a standalone return’s items, buyer and parcel as typed', async () => {
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
    const runner = {
      key: 'TR-1',
      orderItemId: null,
      sku: 'TR-1',
      name: 'Table runner',
      ordered: 2,
      unitPricePaise: 30000,
    };
    actor.send({ type: 'ADD_ITEM', item: { ...runner, key: 'B', sku: ' ' } });
    actor.send({ type: 'ADD_ITEM', item: runner });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHOOSE_REASON', reason: 'NO_LONGER_NEEDED' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.problem).toBe('Enter the buyer’s details and the parcel');
    const details = {
      orderNumber: 'WEB-77',
      buyerName: 'Asha Verma',
      buyerPhone: '9876543210',
      buyerEmail: '',
      line1: '4, Civil Lines',
      line2: '',
      pincode: '302006',
      lengthCm: '30',
      breadthCm: '20',
      heightCm: '5',
      deadWeightKg: '0.8',
    };
    actor.send({ type: 'SET_STANDALONE', details });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('qc');
    const body = standaloneBody(returnDraft(actor.getSnapshot().context));
    expect(body.items).toEqual([{ name: 'Table runner', sku: 'TR-1', quantity: 2, unitPrice: 300 }]);
    expect([body.orderNumber, body.buyerAddress.pincode, body.deadWeightKg, body.qc]).toEqual([
      'WEB-77',
      '302006',
      0.8,
      null,
    ]);
  });
});

type SendInput = { trackingRef: string; body: BuyerReturnRequestInput };

describe('the buyer asking for a return', () => {
  it('sends the items, reason, trimmed comment and photos with the link’s key, then shows the decision', async () => {
    const bodies: BuyerReturnRequestInput[] = [];
    let answer: BuyerReturnOffer = OFFER;
    const actor = createActor(
      returnRequestMachine.provide({
        actors: {
          loadRequest: fromPromise(async (): Promise<BuyerReturnOffer> => answer),
          uploadPhoto: fromPromise(async (): Promise<Photo> => ({ fileId: 'file_r1xxxxxxxx', url: '/r1' })),
          sendRequest: fromPromise(async ({ input }: { input: SendInput }): Promise<BuyerReturnOffer> => {
            bodies.push(input.body);
            return PENDING;
          }),
        },
      }),
      { input: { trackingRef: 'AWB1', key: 'k-abcdefgh12' } },
    ).start();
    await waitFor(actor, (s) => s.matches('offered'));
    actor.send({ type: 'START' });
    actor.send({ type: 'SET_QUANTITY', key: '31', quantity: 0 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHOOSE_REASON', reason: 'NO_LONGER_NEEDED' });
    actor.send({ type: 'SET_COMMENT', comment: '  Ordered twice  ' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ADD_PHOTO', file: new Blob(['x']) });
    await waitFor(actor, (s) => s.matches({ asking: 'photos' }) && s.context.photos.length === 1);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(bodies).toEqual([
      {
        key: 'k-abcdefgh12',
        items: [{ orderItemId: 32, quantity: 1 }],
        reason: 'NO_LONGER_NEEDED',
        subReason: '',
        comment: 'Ordered twice',
        photoFileIds: ['file_r1xxxxxxxx'],
      },
    ]);
    answer = APPROVED;
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('decided'));
    expect(actor.getSnapshot().context.offer?.request?.state).toBe('APPROVED');
  });
});
