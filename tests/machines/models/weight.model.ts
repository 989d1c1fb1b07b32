import { createMachine } from 'xstate';
import { weightDiscrepancyMachine } from '../../../src/machines/weight-discrepancy.machine';
import { staffWeightDecisionMachine } from '../../../src/machines/staff-weight-decision.machine';
import { weightFreezeMachine } from '../../../src/machines/weight-freeze.machine';
import type { DiscrepancyDetail, DiscrepancyStatus, WeightFreezeRow } from '../../../src/domain/weight-contract';
import type { MachineModel } from '../model-harness';

const parcel = (kg: number) => ({
  deadWeightKg: kg,
  lengthCm: 20,
  breadthCm: 20,
  heightCm: 30,
  volumetricKg: 2.4,
  chargedKg: kg,
});

export const detail = (status: DiscrepancyStatus, over: Partial<DiscrepancyDetail> = {}): DiscrepancyDetail => ({
  discrepancyId: 5,
  orderId: 7,
  orderNumber: 'ORD-000007',
  awb: '14000000000001',
  carrierCode: 'DE',
  carrierName: 'Delhivery',
  source: 'SCAN',
  sellerChargedKg: 2.5,
  courierChargedKg: 3.5,
  amountPaise: 7080,
  status,
  statusText: status,
  raisedAt: '2026-11-20T05:00:00.000Z',
  deadlineAt: '2026-11-27T05:00:00.000Z',
  platformBorne: false,
  zone: 'D',
  seller: parcel(2.5),
  courier: parcel(3.5),
  forwardPaise: 6000,
  rtoPaise: 0,
  gstPaise: 1080,
  holdState: status === 'NEW' || status === 'DISPUTED' || status === 'WITH_COURIER' ? 'HELD' : 'CHARGED',
  hubPhoto: null,
  outcome: null,
  autoAccepted: false,
  productCategory: null,
  disputeNote: null,
  evidence: null,
  courierClaimRef: null,
  decisionNote: null,
  escalationNote: null,
  finalNote: null,
  canAccept: status === 'NEW',
  canDispute: status === 'NEW',
  canEscalate: status === 'REJECTED',
  escalateBy: null,
  timeline: [],
  packages: [],
  disputedPackage: null,
  ...over,
});

/** the boxes of an order split by box, each under its child AWB */
export const BOXES = [1, 2, 3].map((n) => ({ packageNo: n, awb: `1400000000000${n}` }));

export const PHOTO = { name: 'scale.png', size: 2048, type: 'image/png' };
const stored = (uploadId: string) => ({ value: 'done', context: { uploadId, error: null } });
const refused = { value: 'idle', context: { uploadId: null, error: 'Only PNG, JPEG or WEBP images are accepted' } };
const idle = { value: 'selected', context: { uploadId: null, error: null } };
const noChild = { actors: { photoUpload: createMachine({}) } };
const offline = { status: 0, message: 'You are offline' };

export const seller: MachineModel = {
  name: 'weight-discrepancy',
  machine: weightDiscrepancyMachine,
  options: {
    input: { discrepancyId: 5 },
    promiseActors: ['loadDiscrepancy', 'acceptDiscrepancy', 'disputeDiscrepancy', 'escalateDiscrepancy'],
    // the boxes of a split order double the form's states
    limit: 20_000,
    provide: noChild,
    events: (snap) => {
      const ctx = snap.context as { photos: Record<string, string | undefined> };
      const slot = (['scalePhoto', 'lengthPhoto', 'breadthPhoto', 'heightPhoto'] as const).find((s) => !ctx.photos[s]);
      return [
        { type: 'xstate.done.actor.loadDiscrepancy', output: detail('NEW') },
        { type: 'xstate.done.actor.loadDiscrepancy', output: detail('REJECTED') },
        // an order split by box: the parcel is three boxes, and the seller picks one
        { type: 'xstate.done.actor.loadDiscrepancy', output: detail('NEW', { packages: BOXES }) },
        { type: 'xstate.error.actor.loadDiscrepancy', error: offline },
        {
          type: 'xstate.done.actor.acceptDiscrepancy',
          output: detail('ACCEPTED', { canAccept: false, canDispute: false }),
        },
        {
          type: 'xstate.error.actor.acceptDiscrepancy',
          error: { status: 409, message: 'This discrepancy is accepted already' },
        },
        { type: 'CATEGORY', value: 'HOME_KITCHEN' },
        // a package not of the parcel is not taken
        ...((snap.context as { discrepancy: DiscrepancyDetail | null }).discrepancy?.packages.length
          ? [
              { type: 'PACKAGE', packageNo: 2 },
              { type: 'PACKAGE', packageNo: 9 },
            ]
          : [{ type: 'PACKAGE', packageNo: 9 }]),
        { type: 'NOTE', value: 'Weighed 1.2 kg on our scale' },
        { type: 'ADD_PHOTO', slot: slot ?? 'scalePhoto', file: PHOTO },
        { type: 'REMOVE_PHOTO', slot: 'scalePhoto' },
        { type: 'xstate.snapshot.photoUpload', snapshot: stored(`file${slot ?? 'x'}abcd`) },
        { type: 'xstate.snapshot.photoUpload', snapshot: refused },
        { type: 'xstate.snapshot.photoUpload', snapshot: idle },
        {
          type: 'xstate.done.actor.disputeDiscrepancy',
          output: detail('DISPUTED', { canAccept: false, canDispute: false }),
        },
        {
          type: 'xstate.error.actor.disputeDiscrepancy',
          error: { status: 400, message: 'Product category must be one of' },
        },
        { type: 'xstate.done.actor.escalateDiscrepancy', output: detail('ESCALATED', { canEscalate: false }) },
        { type: 'xstate.error.actor.escalateDiscrepancy', error: { status: 409, message: 'escalated already' } },
      ];
    },
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.discrepancy?.status ?? null,
        s.context.error,
        s.context.productCategory,
        s.context.packageNo,
        s.context.discrepancy?.packages.length ?? null,
        s.context.note,
        Object.values(s.context.photos).filter(Boolean).length,
      ]),
  },
};

export const staff: MachineModel = {
  name: 'staff-weight-decision',
  machine: staffWeightDecisionMachine,
  options: {
    input: { discrepancyId: 5 },
    promiseActors: ['loadDiscrepancy', 'act'],
    events: () => [
      { type: 'xstate.done.actor.loadDiscrepancy', output: detail('DISPUTED') },
      { type: 'xstate.done.actor.loadDiscrepancy', output: detail('WITH_COURIER') },
      { type: 'xstate.done.actor.loadDiscrepancy', output: detail('ESCALATED') },
      { type: 'xstate.done.actor.loadDiscrepancy', output: detail('FINAL') },
      { type: 'xstate.error.actor.loadDiscrepancy', error: offline },
      { type: 'NOTE', value: 'The photos show 2.4 kg' },
      { type: 'DECIDE', outcome: 'SELLER' },
      { type: 'xstate.done.actor.act', output: detail('WITH_COURIER') },
      { type: 'xstate.done.actor.act', output: detail('DISPUTED') },
      { type: 'xstate.done.actor.act', output: detail('ESCALATED') },
      { type: 'xstate.done.actor.act', output: detail('RESOLVED') },
      { type: 'xstate.done.actor.act', output: detail('FINAL') },
      { type: 'xstate.error.actor.act', error: { status: 409, message: 'decided already' } },
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.discrepancy?.status ?? null, s.context.error, s.context.note]),
  },
};

export const freezeRow = (status: WeightFreezeRow['status']): WeightFreezeRow => ({
  freezeId: 3,
  productId: 9,
  productName: 'Brass Diya Set',
  sku: 'DIYA-5',
  weightKg: 1.2,
  lengthCm: 20,
  breadthCm: 20,
  heightCm: 30,
  chargedKg: 2.5,
  photos: [],
  status,
  statusText: status,
  staffNote: null,
  requestedAt: '2026-11-20T05:00:00.000Z',
  decidedAt: null,
});

export const freeze: MachineModel = {
  name: 'weight-freeze',
  machine: weightFreezeMachine,
  options: {
    input: { productId: 9 },
    promiseActors: ['loadFreeze', 'requestFreeze'],
    provide: noChild,
    events: (snap) => {
      const ctx = snap.context as { draft: Record<string, string>; photos: unknown[] };
      const blank = Object.entries(ctx.draft).find(([, value]) => value === '');
      return [
        { type: 'xstate.done.actor.loadFreeze', output: null },
        { type: 'xstate.done.actor.loadFreeze', output: freezeRow('PENDING') },
        { type: 'xstate.error.actor.loadFreeze', error: offline },
        { type: 'FIELD', name: blank?.[0] ?? 'weightKg', value: blank?.[0] === 'weightKg' || !blank ? '1.2' : '20' },
        { type: 'ADD_PHOTO', file: PHOTO },
        { type: 'REMOVE_PHOTO', fileId: 'photo0001' },
        { type: 'xstate.snapshot.photoUpload', snapshot: stored('photo0001') },
        { type: 'xstate.snapshot.photoUpload', snapshot: refused },
        { type: 'xstate.done.actor.requestFreeze', output: freezeRow('PENDING') },
        { type: 'xstate.error.actor.requestFreeze', error: { status: 409, message: 'waiting for approval' } },
      ];
    },
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.freeze?.status ?? null,
        s.context.error,
        Object.values(s.context.draft).filter(Boolean).length,
        s.context.photos.length,
      ]),
  },
};
