import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BuyerNdrView, NdrBulkAnswer } from '../../src/domain/ndr-contract';
import type { BuyerNdrAnswer } from '../../src/domain/schemas/ndr';
import { ndrActionMachine, type NdrSubmitInput } from '../../src/machines/ndr-action.machine';
import { ndrResponseMachine } from '../../src/machines/ndr-response.machine';
import { describeModel } from './describe-model';
import { addressChanges, NOTHING_CHANGED } from '../../src/domain/ndr-forms';
import { CURRENT, ITEMS, model as ndrAction, ONE_ITEM } from './models/ndr-action.model';
import { model as ndrResponse, VIEW } from './models/ndr-response.model';

// Model-based suites of failed-delivery flows (seller's action, buyer's page), and the rules
// worth stating on their own.

describeModel(ndrAction, (a, e) => {
  expect([a.context.allowed, a.context.results, a.context.errors]).toEqual([
    e.context.allowed,
    e.context.results,
    e.context.errors,
  ]);
  if (a.status === 'done') expect(a.output).toEqual({ results: a.context.results });
});
describeModel(ndrResponse, (a, e) =>
  expect([a.context.view?.orderNumber, a.context.errors, a.context.error]).toEqual([
    e.context.view?.orderNumber,
    e.context.errors,
    e.context.error,
  ]),
);

describe('acting on NDRs', () => {
  it('starts one parcel’s change of address from the address the courier has, and says what changes', () => {
    const actor = createActor(ndrActionMachine, {
      input: { items: ONE_ITEM, dates: { min: '2026-11-25', max: '2026-11-30' } },
    }).start();
    actor.send({ type: 'CHOOSE', action: 'CHANGE_ADDRESS' });
    expect(actor.getSnapshot().context.values).toEqual({
      addressLine1: CURRENT.line1,
      addressLine2: CURRENT.line2,
      landmark: '',
      pincode: CURRENT.pincode,
    });
    // unchanged, it is refused before it reaches the courier
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.landmark).toBe('Landmark is required');
    actor.send({ type: 'SET', field: 'landmark', value: 'Opposite Ganpati Plaza' });
    actor.send({ type: 'SET', field: 'pincode', value: '302004' });
    expect(addressChanges(CURRENT, actor.getSnapshot().context.values)).toEqual([
      { field: 'landmark', before: '', after: 'Opposite Ganpati Plaza' },
      { field: 'pincode', before: '302001', after: '302004' },
    ]);
    // several parcels have no one address: their form starts empty
    const many = createActor(ndrActionMachine, {
      input: { items: ITEMS, dates: { min: '2026-11-25', max: '2026-11-30' } },
    }).start();
    many.send({ type: 'CHOOSE', action: 'CHANGE_ADDRESS' });
    expect(many.getSnapshot().context.values).toEqual({});
  });

  it('offers only what every picked NDR admits, and a re-attempt of a buyer-moved delivery asks for its date', () => {
    const actor = createActor(ndrActionMachine, {
      input: { items: ITEMS, dates: { min: '2026-11-25', max: '2026-11-30' } },
    }).start();
    expect(actor.getSnapshot().context.allowed).toEqual(['REATTEMPT', 'CHANGE_ADDRESS', 'RTO', 'FAKE_ATTEMPT']);
    actor.send({ type: 'CHOOSE', action: 'CHANGE_PHONE' });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    actor.send({ type: 'CHOOSE', action: 'REATTEMPT' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.reattemptDate).toMatch(/^Re-attempt date is required/);
    actor.send({ type: 'SET', field: 'reattemptDate', value: '2026-12-09' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.reattemptDate).toBe('Re-attempt date must be by 30 Nov 2026');
  });

  it('sends a new address with its landmark and pincode, and reports each NDR on its own', async () => {
    const sent: NdrSubmitInput[] = [];
    const machine = ndrActionMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }: { input: NdrSubmitInput }): Promise<NdrBulkAnswer> => {
          sent.push(input);
          return {
            applied: 1,
            refused: 1,
            results: [
              {
                ndrId: 11,
                ok: true,
                outcome: {
                  ndrId: 11,
                  status: 'ACTION_TAKEN',
                  action: 'CHANGE_ADDRESS',
                  actionSource: 'SELLER',
                  courierRef: 'SBX-9',
                  actionAt: '',
                },
              },
              { ndrId: 12, ok: false, errorMessage: 'Pincode 110001 is not served by this courier' },
            ],
          };
        }),
      },
    });
    const actor = createActor(machine, { input: { items: ITEMS, dates: { min: '2026-11-25', max: '2026-11-30' } } });
    actor.start();
    actor.send({ type: 'CHOOSE', action: 'CHANGE_ADDRESS' });
    actor.send({ type: 'SET', field: 'addressLine1', value: 'short' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({
      addressLine1: 'Address line 1 must be at least 10 characters',
      landmark: 'Landmark is required',
      pincode: 'Pincode is required',
    });
    actor.send({ type: 'SET', field: 'addressLine1', value: '  14, Moti Doongri Road  ' });
    actor.send({ type: 'SET', field: 'landmark', value: 'Near Ganesh temple' });
    actor.send({ type: 'SET', field: 'pincode', value: '110001' });
    actor.send({ type: 'SET', field: 'phone', value: '9876543210' });
    actor.send({ type: 'SUBMIT' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([
      {
        ndrIds: [11, 12],
        request: {
          action: 'CHANGE_ADDRESS',
          addressLine1: '14, Moti Doongri Road',
          landmark: 'Near Ganesh temple',
          pincode: '110001',
        },
      },
    ]);
    expect(done.output!.results.map((r) => [r.ndrId, r.state])).toEqual([
      [11, 'ACCEPTED'],
      [12, 'REFUSED'],
    ]);
    expect(done.output!.results[1].message).toBe('Pincode 110001 is not served by this courier');
  });

  it('a return to origin is sent only once confirmed', () => {
    const actor = createActor(ndrActionMachine, {
      input: { items: ITEMS.slice(0, 1), dates: { min: '2026-11-25', max: '2026-11-30' } },
    }).start();
    actor.send({ type: 'CHOOSE', action: 'RTO' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ confirmed: 'Confirm that the parcel goes back to you' });
    actor.send({ type: 'CONFIRM', confirmed: true });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
  });
});

describe("the buyer's NDR page", () => {
  it('sends a corrected address with the day picked and only the fields given', async () => {
    const bodies: unknown[] = [];
    const machine = ndrResponseMachine.provide({
      actors: {
        fetchNdr: fromPromise(async () => VIEW as BuyerNdrView),
        sendAnswer: fromPromise(async ({ input }: { input: { token: string; body: BuyerNdrAnswer } }) => {
          bodies.push(input.body);
          return VIEW as BuyerNdrView;
        }),
      },
    });
    const actor = createActor(machine, { input: { token: 't' } }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context.values.reattemptDate).toBe('2026-11-25');
    actor.send({ type: 'CHOOSE', answer: 'UPDATE_DETAILS' });
    // the form starts from the address the courier has; unchanged and without a phone it is not sent
    expect(actor.getSnapshot().context.values).toMatchObject({ addressLine1: VIEW.address.line1, pincode: '302003' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.addressLine1).toBe(NOTHING_CHANGED);
    actor.send({ type: 'SET', field: 'phone', value: '+91 98765 43210' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(bodies).toEqual([{ answer: 'UPDATE_DETAILS', preferredDate: '2026-11-25', phone: '9876543210' }]);
  });
});
