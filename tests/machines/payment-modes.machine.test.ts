import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { paymentModesMachine, type SaveInput } from '../../src/machines/payment-modes.machine';
import type { PaymentModeRow } from '../../src/domain/payment-modes-contract';
import { describeModel } from './describe-model';
import { model } from './models/payment-modes.model';

describeModel(model, (actual, expected) => {
  expect(actual.context).toEqual(expected.context);
  // a refused field is said by its label, never its key
  if (actual.context.error) expect(actual.context.error).not.toMatch(/modeCode|advancePercent|modeName/);
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('payment modes page: what is sent and what is said', () => {
  it('checks the form by the server’s rules, sends only the advance its kind uses, and lists the new mode', async () => {
    const sent: SaveInput[] = [];
    const actor = createActor(
      paymentModesMachine.provide({
        actors: {
          load: fromPromise(async (): Promise<PaymentModeRow[]> => []),
          save: fromPromise(async ({ input }: { input: SaveInput }) => {
            sent.push(input);
            return {
              modeId: 7,
              ...input.body,
              advancePercent: input.body.advancePercent,
              advanceAmount: input.body.advanceAmount,
              advanceText: '20% advance, rest on delivery',
              archived: false,
              ordersCount: 0,
            } as PaymentModeRow;
          }),
        },
      }),
    ).start();
    await settle();
    actor.send({ type: 'NEW' });
    actor.send({ type: 'FIELD', patch: { modeName: 'Partial COD', modeCode: 'cod' } });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.error).toBe(
      'Label code cannot be PPD, COD, PREPAID: those are the standard payment methods',
    );
    actor.send({ type: 'FIELD', patch: { modeCode: 'pcod', advanceAmount: '150' } });
    actor.send({ type: 'SAVE' });
    await settle();
    expect(sent).toEqual([
      {
        modeId: null,
        body: {
          modeName: 'Partial COD',
          modeCode: 'pcod',
          modeBasis: 'COD',
          advanceKind: 'PERCENT',
          advancePercent: 20,
          advanceAmount: null,
          labelNote: '',
        },
      },
    ]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.modes.map((m) => m.modeId)).toEqual([7]);
  });
});
