import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { codVerificationSettingsMachine } from '../../src/machines/cod-verification-settings.machine';
import type { VerificationSettingsAnswer } from '../../src/domain/cod-verification-contract';
import type { VerificationSettingsInput } from '../../src/domain/schemas/cod-verification';
import { describeModel } from './describe-model';
import { ANSWER, model } from './models/cod-verification-settings.model';

// The COD verification settings form: model-based, then what it sends and what it says.

describeModel(model, (actual, expected) => {
  expect(actual.context).toEqual(expected.context);
  // every error is said by its label, never its key
  for (const text of Object.values(actual.context.fieldErrors as Record<string, string>))
    expect(text).not.toMatch(/minOrderValueRupees|minPastRtos|minRiskBand|waitHours|verificationScope/);
});

const start = (gatewayAvailable = true) => {
  const sent: VerificationSettingsInput[] = [];
  const actor = createActor(
    codVerificationSettingsMachine.provide({
      actors: {
        load: fromPromise(async () => ({ ...ANSWER, gatewayAvailable }) as VerificationSettingsAnswer),
        save: fromPromise<VerificationSettingsAnswer, VerificationSettingsInput>(async ({ input }) => {
          sent.push(input);
          return { ...(ANSWER as VerificationSettingsAnswer), ...input, gatewayAvailable };
        }),
      },
    }),
  ).start();
  return { actor, sent };
};
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('COD verification settings: what is sent and what is said', () => {
  it('says each wrong field by its label and sends nothing', async () => {
    const { actor, sent } = start();
    await tick();
    actor.send({ type: 'EDIT', patch: { enabled: true, scope: 'RULES', waitHours: '100', rtoRule: true } });
    actor.send({ type: 'SAVE' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      minPastRtos: 'Buyer’s past RTOs with you is required',
      waitHours: 'Wait for an answer (hours) must be at most 72',
    });
    // an edit clears its own field's error only
    actor.send({ type: 'EDIT', patch: { waitHours: '12' } });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['minPastRtos']);
    // with no rule on, the choice of scope is what is wrong
    actor.send({ type: 'EDIT', patch: { rtoRule: false } });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      scope: 'Which COD orders to verify: choose at least one rule, or verify every COD order',
    });
  });

  it('sends the rules switched on as numbers, a rule switched off as none, then holds the saved answer', async () => {
    const { actor, sent } = start();
    await tick();
    actor.send({
      type: 'EDIT',
      patch: { enabled: true, scope: 'RULES', valueRule: true, minOrderValueRupees: '1500', riskyPincodes: true },
    });
    actor.send({ type: 'EDIT', patch: { minPastRtos: '3', afterWait: 'CANCEL', waitHours: '6' } });
    actor.send({ type: 'SAVE' });
    await tick();
    expect(sent).toEqual([
      {
        enabled: true,
        scope: 'RULES',
        minOrderValueRupees: 1500,
        riskyPincodes: true,
        minPastRtos: null,
        minRiskBand: null,
        waitHours: 6,
        afterWait: 'CANCEL',
        offerPrepaid: true,
      },
    ]);
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().context.draft).toMatchObject({ valueRule: true, minOrderValueRupees: '1500' });
  });

  it('sends the RTO band rule as the least band verified, and it alone is a rule enough', async () => {
    const { actor, sent } = start();
    await tick();
    actor.send({ type: 'EDIT', patch: { enabled: true, scope: 'RULES', minRiskBand: 'MEDIUM' } });
    actor.send({ type: 'SAVE' });
    await tick();
    expect(sent).toEqual([expect.objectContaining({ scope: 'RULES', minRiskBand: 'MEDIUM', minPastRtos: null })]);
    expect(actor.getSnapshot().context.draft).toMatchObject({ minRiskBand: 'MEDIUM' });
    // switched off again: sent as no rule, and with no other rule the scope is what is wrong
    actor.send({ type: 'EDIT', patch: { minRiskBand: 'OFF' } });
    actor.send({ type: 'SAVE' });
    expect(sent).toHaveLength(1);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      scope: 'Which COD orders to verify: choose at least one rule, or verify every COD order',
    });
  });

  it('never offers paying now without a gateway', async () => {
    const { actor, sent } = start(false);
    await tick();
    actor.send({ type: 'EDIT', patch: { enabled: true } });
    actor.send({ type: 'SAVE' });
    await tick();
    expect(sent[0].offerPrepaid).toBe(false);
  });
});
