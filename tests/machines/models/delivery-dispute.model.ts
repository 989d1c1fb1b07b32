import { deliveryDisputeMachine } from '../../../src/machines/delivery-dispute.machine';
import type { DisputeEligibility, DisputeRow, DisputeStatus } from '../../../src/domain/disputes-contract';
import type { MachineModel } from '../model-harness';

export const dispute = (status: DisputeStatus, over: Partial<DisputeRow> = {}): DisputeRow => ({
  disputeId: 11,
  orderId: 7,
  orderNumber: 'ORD-000007',
  awb: '14000000000001',
  carrierCode: 'DE',
  carrierName: 'Delhivery',
  deliveryStatus: 'DLV',
  deliveredAt: '2026-11-20T05:00:00.000Z',
  category: 'EMPTY_BOX',
  categoryText: 'Empty box',
  description: 'The buyer found the box empty on opening it',
  evidence: [{ fileId: 'f1abcdefgh', url: '/api/v1/files/f1abcdefgh', name: 'box.png' }],
  status,
  statusText: status,
  maxCreditPaise: 250000,
  raisedAt: '2026-11-21T05:00:00.000Z',
  courierClaimRef: status === 'OPEN' ? null : 'CLM-DE-000001-123456',
  sentToCourierAt: null,
  creditedPaise: status === 'ACCEPTED' ? 145000 : null,
  staffNote: status === 'REJECTED' ? 'Proof of delivery is signed' : status === 'ACCEPTED' ? 'Courier paid' : null,
  resolvedAt: null,
  ...over,
});

export const eligibility = (eligible: boolean, d: DisputeRow | null): DisputeEligibility => ({
  eligible,
  reason: eligible
    ? null
    : d
      ? 'A dispute is already open for this shipment'
      : 'Only a delivered or RTO delivered shipment can be disputed',
  awb: '14000000000001',
  deliveryStatus: 'DLV',
  deliveredAt: '2026-11-20T05:00:00.000Z',
  deadline: '2026-11-23T05:00:00.000Z',
  maxCreditPaise: 250000,
  dispute: d,
});

export const PNG = { name: 'box.png', size: 2048, type: 'image/png' };
export const EVIDENCE = { fileId: 'f1abcdefgh', url: '/api/v1/files/f1abcdefgh', name: 'box.png' };
export const DESCRIPTION = 'The buyer found the box empty on opening it';

export const model: MachineModel = {
  name: 'deliveryDispute',
  machine: deliveryDisputeMachine,
  options: {
    input: { orderId: 7 },
    promiseActors: ['loadEligibility', 'uploadEvidence', 'raiseDispute', 'loadDispute'],
    events: (snap) => {
      const ctx = snap.context as { evidence: unknown[]; description: string };
      return [
        { type: 'xstate.done.actor.loadEligibility', output: eligibility(true, null) },
        { type: 'xstate.done.actor.loadEligibility', output: eligibility(false, null) },
        ...(['OPEN', 'WITH_COURIER', 'ACCEPTED', 'REJECTED'] as const).map((status) => ({
          type: 'xstate.done.actor.loadEligibility',
          output: eligibility(false, dispute(status)),
        })),
        { type: 'xstate.error.actor.loadEligibility', error: { status: 0, message: 'You are offline' } },
        { type: 'CHOOSE', category: 'EMPTY_BOX' },
        { type: 'CHOOSE', category: 'NOT_RECEIVED' },
        // a short text, then the full one: a bounded set of drafts
        ...(ctx.description === '' ? [{ type: 'TYPE', value: 'empty' }] : []),
        ...(ctx.description !== '' ? [{ type: 'TYPE', value: DESCRIPTION }] : []),
        ...(ctx.evidence.length === 0
          ? [
              { type: 'ADD_FILE', file: PNG },
              { type: 'ADD_FILE', file: { name: 'big.jpg', size: 2 * 1024 * 1024, type: 'image/jpeg' } },
              { type: 'ADD_FILE', file: { name: 'notes.pdf', size: 100, type: 'application/pdf' } },
            ]
          : [
              { type: 'REMOVE_EVIDENCE', fileId: EVIDENCE.fileId },
              { type: 'ADD_FILE', file: { name: 'notes.pdf', size: 100, type: 'application/pdf' } },
            ]),
        { type: 'xstate.done.actor.uploadEvidence', output: EVIDENCE },
        {
          type: 'xstate.error.actor.uploadEvidence',
          error: { status: 415, message: 'Only PNG, JPEG or WEBP images are accepted' },
        },
        { type: 'xstate.done.actor.raiseDispute', output: dispute('OPEN') },
        {
          type: 'xstate.error.actor.raiseDispute',
          error: { status: 409, message: 'A dispute is already open for this shipment' },
        },
        { type: 'xstate.done.actor.loadDispute', output: dispute('OPEN') },
        { type: 'xstate.done.actor.loadDispute', output: dispute('WITH_COURIER') },
        { type: 'xstate.done.actor.loadDispute', output: dispute('ACCEPTED') },
        { type: 'xstate.done.actor.loadDispute', output: dispute('REJECTED') },
        { type: 'xstate.error.actor.loadDispute', error: { status: 0, message: 'You are offline' } },
      ];
    },
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.category,
        s.context.description,
        s.context.evidence.length,
        s.context.error,
        s.context.dispute?.status ?? null,
        s.context.eligibility?.eligible ?? null,
      ]),
  },
};
