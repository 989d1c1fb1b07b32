import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deliveryDisputeMachine, type RaiseDisputeRequest } from '../../src/machines/delivery-dispute.machine';
import { DISPUTE_FORM_TEXT, type DisputeEvidence, type EvidenceFile } from '../../src/domain/disputes-contract';
import { staffDisputeDecisionMachine, type DisputeDecision } from '../../src/machines/staff-dispute-decision.machine';
import { describeModel } from './describe-model';
import { model as staffDecision } from './models/staff-dispute-decision.model';
import { DESCRIPTION, dispute, eligibility, model, PNG } from './models/delivery-dispute.model';

describeModel(model, (a, e) => {
  expect([a.context.category, a.context.description, a.context.evidence, a.context.error, a.context.dispute]).toEqual([
    e.context.category,
    e.context.description,
    e.context.evidence,
    e.context.error,
    e.context.dispute,
  ]);
  // the view each status shows matches the dispute it has
  if (a.matches({ tracking: 'open' })) expect(a.context.dispute.status).toBe('OPEN');
  if (a.matches({ tracking: 'withCourier' })) expect(a.context.dispute.status).toBe('WITH_COURIER');
  if (a.matches({ tracking: 'accepted' }))
    expect(a.context.dispute).toMatchObject({ status: 'ACCEPTED', creditedPaise: 145000 });
  if (a.matches({ tracking: 'rejected' })) expect(a.context.dispute.staffNote).toBeTruthy();
  if (a.matches('details') && a.context.error === null) expect(a.context.category).not.toBeNull();
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('delivery dispute rules', () => {
  it('sends the trimmed description and the uploaded images, and says what is missing first', async () => {
    const sent: RaiseDisputeRequest[] = [];
    let n = 0;
    const machine = deliveryDisputeMachine.provide({
      actors: {
        loadEligibility: fromPromise(async () => eligibility(true, null)),
        uploadEvidence: fromPromise<DisputeEvidence, { file: EvidenceFile }>(async ({ input }) => ({
          fileId: `file${++n}abcdef`,
          url: `/api/v1/files/file${n}abcdef`,
          name: input.file.name,
        })),
        raiseDispute: fromPromise(async ({ input }: { input: RaiseDisputeRequest }) => {
          sent.push(input);
          return dispute('OPEN');
        }),
      },
    });
    const a = createActor(machine, { input: { orderId: 7 } }).start();
    await tick();
    a.send({ type: 'START' });
    a.send({ type: 'CHOOSE', category: 'DAMAGED_BOX' });
    a.send({ type: 'SUBMIT' });
    expect(a.getSnapshot().context.error).toBe(DISPUTE_FORM_TEXT.description);
    a.send({ type: 'TYPE', value: `  ${DESCRIPTION}  ` });
    a.send({ type: 'SUBMIT' });
    expect(a.getSnapshot().context.error).toBe(DISPUTE_FORM_TEXT.evidenceNeeded);
    for (let i = 0; i < 5; i++) {
      a.send({ type: 'ADD_FILE', file: { ...PNG, name: `p${i}.png` } });
      await tick();
    }
    a.send({ type: 'ADD_FILE', file: PNG });
    expect(a.getSnapshot().context.error).toBe(DISPUTE_FORM_TEXT.tooManyImages);
    a.send({ type: 'REMOVE_EVIDENCE', fileId: 'file2abcdef' });
    a.send({ type: 'SUBMIT' });
    await tick();
    expect(a.getSnapshot().matches({ tracking: 'open' })).toBe(true);
    expect(sent).toEqual([
      {
        orderId: 7,
        category: 'DAMAGED_BOX',
        description: DESCRIPTION,
        evidence: ['file1abcdef', 'file3abcdef', 'file4abcdef', 'file5abcdef'],
      },
    ]);
  });

  it('a rejected dispute still inside the window offers a new one, and shows the old one meanwhile', async () => {
    const machine = deliveryDisputeMachine.provide({
      actors: { loadEligibility: fromPromise(async () => eligibility(true, dispute('REJECTED'))) },
    });
    const a = createActor(machine, { input: { orderId: 7 } }).start();
    await tick();
    expect(a.getSnapshot().matches('ready')).toBe(true);
    expect(a.getSnapshot().context.dispute?.staffNote).toBe('Proof of delivery is signed');
  });
});

describeModel(staffDecision, (a, e) => {
  expect([a.context.dispute?.status, a.context.error, a.context.amount, a.context.note]).toEqual([
    e.context.dispute?.status,
    e.context.error,
    e.context.amount,
    e.context.note,
  ]);
  // each deciding view matches the dispute's status; a settled one is accepted or rejected
  if (a.matches({ deciding: 'open' })) expect(a.context.dispute.status).toBe('OPEN');
  if (a.matches({ deciding: 'withCourier' })) expect(a.context.dispute.status).toBe('WITH_COURIER');
  if (a.matches({ deciding: 'settled' })) expect(['ACCEPTED', 'REJECTED']).toContain(a.context.dispute.status);
});

describe('staff decision on a dispute', () => {
  it('sends the typed amount and note, and keeps the dispute as it was on a refusal', async () => {
    const sent: DisputeDecision[] = [];
    let refuse = true;
    const machine = staffDisputeDecisionMachine.provide({
      actors: {
        loadDispute: fromPromise(async () => dispute('WITH_COURIER')),
        acceptDispute: fromPromise(async ({ input }: { input: DisputeDecision }) => {
          sent.push(input);
          if (refuse) throw { status: 400, message: 'Amount to credit (₹) is required' };
          return dispute('ACCEPTED');
        }),
      },
    });
    const a = createActor(machine, { input: { disputeId: 11 } }).start();
    await tick();
    a.send({ type: 'NOTE', value: 'Courier paid' });
    a.send({ type: 'ACCEPT' });
    await tick();
    expect(Number.isNaN(sent[0].amount)).toBe(true);
    expect(a.getSnapshot().context.error).toBe('Amount to credit (₹) is required');
    expect(a.getSnapshot().matches({ deciding: 'withCourier' })).toBe(true);
    refuse = false;
    a.send({ type: 'AMOUNT', value: ' 1450 ' });
    a.send({ type: 'ACCEPT' });
    await tick();
    expect(sent[1]).toEqual({ disputeId: 11, amount: 1450, note: 'Courier paid' });
    expect(a.getSnapshot().matches({ deciding: 'settled' })).toBe(true);
    expect(a.getSnapshot().context.error).toBeNull();
  });
});
