import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { B2bOrderDetail } from '../../src/domain/b2b-contract';
import { freightPickupDays, freightPickupSlots } from '../../src/domain/b2b/freight-pickup';
import { b2bPickupRequestMachine, checkPickup } from '../../src/machines/b2b-pickup-request.machine';
import { describeModel } from './describe-model';
import { ASKED, DRAFT, model, NOW } from './models/b2b-pickup-request.model';

// The B2B pickup dialog: a day and a ready-from time checked before sending with the server's own
// rule, the server's refusal shown in its words with the dialog kept open, the order its output.

describeModel(model, (a) => {
  // nothing is sent that the rule refuses, and a refusal is never shown beside field errors
  if (a.matches('saving')) expect(checkPickup(a.context.draft, a.context.now).ok).toBe(true);
  if (a.context.refusal) expect(a.context.errors).toEqual({});
  if (a.matches('done')) expect(a.context.order).toBe(ASKED);
});

describe('the B2B pickup dialog', () => {
  it('offers the coming week without Sunday, today before the cut-off and its slots still ahead', () => {
    expect(freightPickupDays(new Date(NOW))).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(freightPickupSlots('2026-11-30', new Date(NOW))).toEqual(['13:00', '16:00']);
    // 2:30 pm: today is closed
    const late = Date.parse('2026-11-30T09:00:00Z');
    expect(freightPickupDays(new Date(late))[0]).toBe('2026-12-01');
  });

  it('names each refusal by its field’s label', () => {
    expect(checkPickup({ ...DRAFT, pickupDate: '2026-12-06' }, NOW)).toEqual({
      ok: false,
      errors: {
        pickupDate: 'Pickup date 06 Dec 2026 is a Sunday, when freight carriers do not collect: choose another day',
      },
    });
    expect(checkPickup({ ...DRAFT, pickupDate: '2026-11-29' }, NOW)).toEqual({
      ok: false,
      errors: { pickupDate: 'Pickup date must be between 30 Nov 2026 and 06 Dec 2026 (today and the next 6 days)' },
    });
    expect(checkPickup({ ...DRAFT, readyAt: '10:00' }, NOW)).toEqual({
      ok: false,
      errors: { readyAt: 'Ready from: 10:00 am has passed today; choose a later time or day' },
    });
    expect(checkPickup({ pickupDate: '', readyAt: '' }, NOW)).toEqual({
      ok: false,
      errors: { pickupDate: 'Pickup date must be a date as yyyy-mm-dd', readyAt: 'Ready from is required' },
    });
    expect(checkPickup(DRAFT, Date.parse('2026-11-30T09:00:00Z'))).toEqual({
      ok: false,
      errors: { pickupDate: "Pickup date: today's pickups close at 02:00 pm; choose a later day" },
    });
  });

  it('sends the day and time, shows the server’s refusal, and answers the order', async () => {
    const sent: unknown[] = [];
    let refuse = true;
    const machine = b2bPickupRequestMachine.provide({
      actors: {
        requestPickup: fromPromise(async ({ input }) => {
          sent.push(input);
          if (refuse)
            throw { status: 422, message: 'Delhivery LTL refused the pickup: client_warehouse does not exist' };
          return ASKED as B2bOrderDetail;
        }),
      },
    });
    const actor = createActor(machine, { input: { orderId: 7, now: NOW, draft: DRAFT } }).start();
    actor.send({ type: 'SET', field: 'pickupDate', value: '2026-12-01' });
    actor.send({ type: 'SET', field: 'readyAt', value: '10:00' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal).toBe(
      'Delhivery LTL refused the pickup: client_warehouse does not exist',
    );
    expect(sent[0]).toEqual({ orderId: 7, body: { pickupDate: '2026-12-01', readyAt: '10:00' } });
    refuse = false;
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ order: ASKED });
  });
});
