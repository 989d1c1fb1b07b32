import type { CourierStatus } from '../../../src/domain/shipping/courier-status';
import { canMoveStatus } from '../../../src/domain/order-status';
import { SIMULATION_STEPS, type SimulationStep } from '../../../src/domain/live-events-contract';

// A simulation step is the courier scan that would bring it: it goes through scan ingestion like
// a real courier's, so an NDR raises its record, an RTO charges its fee, a delivery closes COD.

export const STEP_SCAN: Record<SimulationStep, { courierStatus: CourierStatus; remark: string }> = {
  PKD: { courierStatus: 'PICKED_UP', remark: 'Shipment picked up from the seller' },
  INT: { courierStatus: 'IN_TRANSIT', remark: 'Shipment in transit to the destination hub' },
  NDR: { courierStatus: 'UNDELIVERED', remark: 'Consignee unavailable' },
  OFD: { courierStatus: 'OUT_FOR_DELIVERY', remark: 'Out for delivery' },
  DLV: { courierStatus: 'DELIVERED', remark: 'Delivered to the consignee' },
  RTO_INT: { courierStatus: 'RTO_INITIATED', remark: 'Return to origin initiated' },
  RTO_DLV: { courierStatus: 'RTO_DELIVERED', remark: 'Returned to the seller' },
};

export const STEP_CODES = Object.keys(SIMULATION_STEPS) as SimulationStep[];

/** The steps an order in `status` can take now (a forward order with a courier). */
export const nextSteps = (status: string): SimulationStep[] => STEP_CODES.filter((s) => canMoveStatus(status, s));

/** Whether the steps can follow one another from `status`; the first that cannot, if any. */
export function firstImpossible(status: string, steps: readonly SimulationStep[]): number {
  let at = status;
  for (let i = 0; i < steps.length; i++) {
    if (!canMoveStatus(at, steps[i])) return i;
    at = steps[i];
  }
  return -1;
}
