import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { describeModel } from './describe-model';
import { AZ_DEFAULT, CARD, cards, DE_DEFAULT, model } from './models/rate-card-editor.model';
import { rateCardEditorMachine, type RateCardSaveRequest } from '../../src/machines/rate-card-editor.machine';
import { checkRateCardDraft, draftOf, rateCardSavedText } from '../../src/domain/pricing/rate-card-draft';

describeModel(model, (a, e) => {
  expect([a.context.cardId, a.context.courier, a.context.errors, a.context.error, a.context.notice]).toEqual([
    e.context.cardId,
    e.context.courier,
    e.context.errors,
    e.context.error,
    e.context.notice,
  ]);
  // a card being edited opens as it stands; a new one as a copy of the defaults from today
  if (a.matches('editing') && a.context.cardId === 7) expect(a.context.draft.validFrom).toBe('2026-11-01');
  if (a.matches('editing') && a.context.cardId === null) expect(a.context.draft.validFrom).toBe('2026-11-26');
  if (a.context.notice) expect(a.context.notice).toBe('Rate card saved: 1 courier, valid 01 Nov 2026 to 31 Dec 2026');
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('rate card draft rules', () => {
  it('copies the default cards into a new card, every courier ticked, in rupees', () => {
    const d = draftOf([AZ_DEFAULT, DE_DEFAULT], null, '2026-11-26');
    expect(d).toMatchObject({
      validFrom: '2026-11-26',
      validUntil: '',
      reason: '',
      'AZ.own': 'yes',
      'DE.own': 'yes',
      'AZ.A.firstSlab': '32',
      'AZ.E.nextSlab': '48',
      'AZ.codMinimum': '35',
      'AZ.codPercent': '1.75',
      'DE.A.firstSlab': '30',
    });
  });

  it('opens a card as it stands: couriers it does not name at their default and not ticked', () => {
    const d = draftOf([AZ_DEFAULT, DE_DEFAULT], CARD, '2026-11-26');
    expect(d).toMatchObject({ validFrom: '2026-11-01', validUntil: '2026-12-31', 'AZ.own': 'yes', 'DE.own': '' });
    expect(d['AZ.A.firstSlab']).toBe('25');
    expect(d['DE.A.firstSlab']).toBe('30');
  });

  it.each([
    [{ reason: '' }, { reason: 'Reason must be 5 to 300 characters' }],
    [{ 'AZ.A.firstSlab': '' }, { 'AZ.A.firstSlab': 'First 0.5 kg is required' }],
    [{ 'AZ.B.nextSlab': 'ten' }, { 'AZ.B.nextSlab': 'Each further 0.5 kg must be a number' }],
    [{ 'AZ.codMinimum': '-1' }, { 'AZ.codMinimum': 'COD minimum charge cannot be negative' }],
    [{ 'AZ.codPercent': '12' }, { 'AZ.codPercent': 'COD % must be at most 10' }],
    [{ 'AZ.rtoPercent': '50.125' }, { 'AZ.rtoPercent': 'RTO % of freight may have at most 2 decimals' }],
    [{ validFrom: '2026-02-30' }, { validFrom: 'Valid from is not a real date' }],
    [{ validUntil: '2026-10-01' }, { form: 'Valid until must be on or after the Valid from date' }],
    [{ 'AZ.own': '' }, { couriers: 'Couriers must name at least one courier' }],
    // a courier not ticked is not checked: it keeps the default card
    [{ 'DE.own': '', 'DE.codPercent': '99' }, {}],
  ])('%o → %o', (change, errors) => {
    const draft = {
      ...draftOf([AZ_DEFAULT, DE_DEFAULT], CARD, '2026-11-26'),
      reason: 'Negotiated volume rates',
      ...change,
    };
    const result = checkRateCardDraft(draft, ['AZ', 'DE']);
    if (Object.keys(errors).length === 0) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, errors });
  });

  it('sends only the ticked couriers, in rupees as typed', () => {
    const draft = {
      ...draftOf([AZ_DEFAULT, DE_DEFAULT], CARD, '2026-11-26'),
      reason: ' Volume rates ',
      validUntil: '',
    };
    const result = checkRateCardDraft(draft, ['AZ', 'DE']);
    expect(result).toMatchObject({
      ok: true,
      output: {
        validFrom: '2026-11-01',
        validUntil: null,
        reason: 'Volume rates',
        couriers: [{ carrierCode: 'AZ', zones: { A: { firstSlab: 25, nextSlab: 20 } }, codMinimum: 35, codPercent: 1 }],
      },
    });
    expect(rateCardSavedText({ ...CARD, validUntil: null })).toBe('Rate card saved: 1 courier, valid from 01 Nov 2026');
  });
});

describe('rate card editor', () => {
  it('offers no card to a seller whose plan lacks it, and moves to the courier with a wrong field', async () => {
    const sent: RateCardSaveRequest[] = [];
    let plan = false;
    const actor = createActor(
      rateCardEditorMachine.provide({
        actors: {
          load: fromPromise(async () => cards(plan)),
          save: fromPromise(async ({ input }) => {
            sent.push(input as RateCardSaveRequest);
            return CARD;
          }),
        },
      }),
      { input: { orgId: 12, today: '2026-11-26' } },
    ).start();
    await tick();
    actor.send({ type: 'NEW' });
    expect(actor.getSnapshot().value).toBe('ready');
    plan = true;
    actor.send({ type: 'CANCEL' });
    const again = createActor(
      rateCardEditorMachine.provide({
        actors: {
          load: fromPromise(async () => cards(plan)),
          save: fromPromise(async ({ input }) => {
            sent.push(input as RateCardSaveRequest);
            return CARD;
          }),
        },
      }),
      { input: { orgId: 12, today: '2026-11-26' } },
    ).start();
    await tick();
    again.send({ type: 'NEW' });
    again.send({ type: 'FIELD', name: 'reason', value: 'Negotiated volume rates' });
    again.send({ type: 'FIELD', name: 'DE.C.firstSlab', value: '0' });
    again.send({ type: 'SUBMIT' });
    expect(again.getSnapshot().context).toMatchObject({
      courier: 'DE',
      errors: { 'DE.C.firstSlab': 'First 0.5 kg must be above zero' },
    });
    again.send({ type: 'FIELD', name: 'DE.C.firstSlab', value: '41.5' });
    again.send({ type: 'SUBMIT' });
    await tick();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ orgId: 12, cardId: null, body: { validFrom: '2026-11-26' } });
    expect(sent[0]!.body.couriers.map((c) => [c.carrierCode, c.zones.C.firstSlab])).toEqual([
      ['AZ', 42],
      ['DE', 41.5],
    ]);
  });
});
