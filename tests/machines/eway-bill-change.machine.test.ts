import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { B2bInvoiceRow } from '../../src/domain/b2b-contract';
import { checkChange, ewayBillChangeMachine } from '../../src/machines/eway-bill-change.machine';
import { describeModel } from './describe-model';
import { CHANGED, DRAFT, model } from './models/eway-bill-change.model';

// The e-way bill's Part B and extension dialog: checked with the API's schemas before it is
// sent, the server's refusal shown in its words with the dialog kept open, the changed invoice
// its output.

describeModel(model, (a) => {
  // nothing is sent that the schema refuses, and a refusal is never shown beside field errors
  if (a.matches('saving')) expect(checkChange(a.context.mode, a.context.draft).ok).toBe(true);
  if (a.context.refusal) expect(a.context.errors).toEqual({});
  if (a.matches('done')) expect(a.context.invoice).toBe(CHANGED);
});

describe('the e-way bill change dialog', () => {
  it('names each missing field by its label, by road and by rail', () => {
    const fields = checkChange('PART_B', { ...DRAFT, place: '' });
    expect(fields).toEqual({
      ok: false,
      errors: {
        fromPlace: 'From place must be 3 to 50 characters',
        vehicleReason:
          'Reason for the vehicle change must be one of Vehicle breakdown, Transhipment, Others, First time',
      },
    });
    const road = checkChange('PART_B', { ...DRAFT, vehicleNumber: '', reason: '4' });
    expect(road).toEqual({ ok: false, errors: { vehicleNumber: 'Vehicle number is required by road' } });
    const rail = checkChange('PART_B', { ...DRAFT, transMode: 'RAIL', vehicleNumber: '', reason: '2' });
    expect(rail).toEqual({
      ok: false,
      errors: {
        transportDocNumber: 'Transport document number is required by rail, air or ship',
        transportDocDate: 'Transport document date is required by rail, air or ship',
      },
    });
    const byRail = checkChange('PART_B', {
      ...DRAFT,
      transMode: 'RAIL',
      transportDocNumber: 'RR-88123',
      transportDocDate: '2026-11-29',
      reason: '2',
    });
    expect(byRail.ok && byRail.output).toMatchObject({ transMode: 'RAIL', transportDocNumber: 'RR-88123' });
  });

  it('extends with the current place, the distance left and NIC’s reason, and shows the window’s refusal', async () => {
    const sent: unknown[] = [];
    let refuse = true;
    const machine = ewayBillChangeMachine.provide({
      actors: {
        saveChange: fromPromise(async ({ input }) => {
          sent.push(input);
          if (refuse) throw { status: 409, message: 'An e-way bill can be extended from 8 hours before it expires' };
          return CHANGED as B2bInvoiceRow;
        }),
      },
    });
    const actor = createActor(machine, {
      input: { orderId: 7, invoiceId: 5, mode: 'EXTEND', draft: { ...DRAFT, place: 'Bhilwara', pincode: '311001' } },
    }).start();
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.errors).toEqual({
      extendReason:
        'Reason for extension must be one of Natural calamity, Law and order situation, Transhipment, Accident, Others',
      extendRemarks: 'Remarks must be 3 to 50 characters',
      remainingDistance: 'Distance left (km) is required',
    });
    actor.send({ type: 'SET', field: 'reason', value: '5' });
    actor.send({ type: 'SET', field: 'remarks', value: 'Truck met with an accident' });
    actor.send({ type: 'SET', field: 'remainingDistance', value: '180' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal).toBe('An e-way bill can be extended from 8 hours before it expires');
    expect(sent[0]).toEqual({
      orderId: 7,
      invoiceId: 5,
      mode: 'EXTEND',
      body: {
        extendReason: 5,
        extendRemarks: 'Truck met with an accident',
        currentPlace: 'Bhilwara',
        currentState: 'Rajasthan',
        currentPincode: '311001',
        remainingDistance: 180,
        vehicleNumber: 'RJ14GB4321',
      },
    });
    refuse = false;
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ invoice: CHANGED });
  });
});
