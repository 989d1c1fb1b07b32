import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { describeModel } from './describe-model';
import { BOXES, detail, freeze, PHOTO, seller, staff } from './models/weight.model';
import { weightDiscrepancyMachine, type DisputeRequest } from '../../src/machines/weight-discrepancy.machine';
import { photoProblem, photoUploadMachine } from '../../src/machines/photo-upload';
import { freezeDraftError } from '../../src/machines/weight-freeze.machine';
import { stageOf } from '../../src/machines/staff-weight-decision.machine';

describeModel(seller, (a, e) => {
  const photos = (c: { photos: Record<string, string | undefined> }) => Object.values(c.photos).filter(Boolean).length;
  expect([a.context.error, a.context.productCategory, a.context.packageNo, a.context.note, photos(a.context)]).toEqual([
    e.context.error,
    e.context.productCategory,
    e.context.packageNo,
    e.context.note,
    photos(e.context),
  ]);
  // a package picked is always one of the parcel's
  if (a.context.packageNo !== null)
    expect(a.context.discrepancy.packages.map((p: { packageNo: number }) => p.packageNo)).toContain(
      a.context.packageNo,
    );
  if (a.matches('disputeForm')) expect(a.context.discrepancy.canDispute).toBe(true);
  if (a.matches('escalateForm')) expect(a.context.discrepancy.canEscalate).toBe(true);
});
describeModel(staff, (a, e) => {
  expect([a.context.error, a.context.note, a.context.discrepancy?.status]).toEqual([
    e.context.error,
    e.context.note,
    e.context.discrepancy?.status,
  ]);
  if (a.matches({ deciding: 'withCourier' })) expect(a.context.discrepancy.status).toBe('WITH_COURIER');
  if (a.matches({ deciding: 'escalated' })) expect(a.context.discrepancy.status).toBe('ESCALATED');
});
describeModel(freeze, (a, e) => {
  const filled = (c: { draft: Record<string, string> }) => Object.values(c.draft).filter(Boolean).length;
  expect([a.context.error, filled(a.context), a.context.photos.length]).toEqual([
    e.context.error,
    filled(e.context),
    e.context.photos.length,
  ]);
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('weight discrepancy rules', () => {
  it('uploads each photo through the upload-progress machine and sends the four ids with the category', async () => {
    const sent: DisputeRequest[] = [];
    let n = 0;
    const actor = createActor(
      weightDiscrepancyMachine.provide({
        actors: {
          loadDiscrepancy: fromPromise(async () => detail('NEW')),
          disputeDiscrepancy: fromPromise(async ({ input }) => {
            sent.push(input as DisputeRequest);
            return detail('DISPUTED', { canDispute: false, canAccept: false });
          }),
          photoUpload: photoUploadMachine(async () => `file${++n}abcdefgh`),
        },
      }),
      { input: { discrepancyId: 5 } },
    ).start();
    await tick();
    actor.send({ type: 'START_DISPUTE' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe('Photo on the scale: add the photo');
    actor.send({ type: 'ADD_PHOTO', slot: 'scalePhoto', file: { name: 'a.gif', size: 10, type: 'image/gif' } });
    await tick();
    expect(actor.getSnapshot().value).toBe('disputeForm');
    expect(actor.getSnapshot().context.error).toBe('Only PNG, JPEG or WEBP images are accepted');
    for (const slot of ['scalePhoto', 'lengthPhoto', 'breadthPhoto', 'heightPhoto'] as const) {
      actor.send({ type: 'ADD_PHOTO', slot, file: PHOTO });
      for (let i = 0; i < 5; i++) await tick();
      expect(actor.getSnapshot().value).toBe('disputeForm');
    }
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe('Product category: choose what the parcel holds');
    actor.send({ type: 'CATEGORY', value: 'BOOKS' });
    actor.send({ type: 'NOTE', value: '  Weighed on our scale  ' });
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(sent).toEqual([
      {
        discrepancyId: 5,
        productCategory: 'BOOKS',
        packageNo: null,
        note: 'Weighed on our scale',
        evidence: {
          scalePhoto: 'file1abcdefgh',
          lengthPhoto: 'file2abcdefgh',
          breadthPhoto: 'file3abcdefgh',
          heightPhoto: 'file4abcdefgh',
        },
      },
    ]);
    expect(actor.getSnapshot().context.discrepancy?.status).toBe('DISPUTED');
  });

  it('on an order split by box, asks which box the courier weighed and sends it', async () => {
    const sent: DisputeRequest[] = [];
    const actor = createActor(
      weightDiscrepancyMachine.provide({
        actors: {
          loadDiscrepancy: fromPromise(async () => detail('NEW', { packages: BOXES })),
          disputeDiscrepancy: fromPromise(async ({ input }) => {
            sent.push(input as DisputeRequest);
            return detail('DISPUTED', { canDispute: false, packages: BOXES, disputedPackage: BOXES[1] });
          }),
          photoUpload: photoUploadMachine(async () => 'fileabcdefgh'),
        },
      }),
      { input: { discrepancyId: 5 } },
    ).start();
    await tick();
    actor.send({ type: 'START_DISPUTE' });
    for (const slot of ['scalePhoto', 'lengthPhoto', 'breadthPhoto', 'heightPhoto'] as const) {
      actor.send({ type: 'ADD_PHOTO', slot, file: PHOTO });
      for (let i = 0; i < 5; i++) await tick();
    }
    actor.send({ type: 'CATEGORY', value: 'BOOKS' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('disputeForm');
    expect(actor.getSnapshot().context.error).toBe('Package: choose the box the courier weighed');
    actor.send({ type: 'PACKAGE', packageNo: 9 });
    expect(actor.getSnapshot().context.packageNo).toBeNull();
    actor.send({ type: 'PACKAGE', packageNo: 2 });
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(sent.map((r) => r.packageNo)).toEqual([2]);
    expect(actor.getSnapshot().context.discrepancy?.disputedPackage).toEqual(BOXES[1]);
  });

  it('says why a photo or a freeze draft cannot go, and what staff may do at each status', () => {
    expect(photoProblem({ name: 'a.png', size: 10, type: 'image/png' })).toBeNull();
    expect(photoProblem({ name: 'a.png', size: 2 * 1024 * 1024, type: 'image/png' })).toBe(
      'Image must be at most 1 MB',
    );
    expect(freezeDraftError({ weightKg: '', lengthCm: '1', breadthCm: '1', heightCm: '1' }, 1)).toBe(
      'Weight (kg) must be above 0',
    );
    expect(freezeDraftError({ weightKg: '1', lengthCm: '1', breadthCm: '1', heightCm: '1' }, 0)).toMatch(/^Photos:/);
    expect(freezeDraftError({ weightKg: '1', lengthCm: '1', breadthCm: '1', heightCm: '1' }, 1)).toBeNull();
    expect(stageOf(detail('NEW'))).toBe('settled');
    expect(stageOf(detail('NEW', { platformBorne: true }))).toBe('toCourier');
    expect(stageOf(detail('DISPUTED'))).toBe('toCourier');
    expect(stageOf(detail('REJECTED'))).toBe('settled');
  });
});
