import type { ShipmentInfo } from '../../../src/domain/shipping-contract';
import { shipmentFollowMachine } from '../../../src/machines/shipment-follow.machine';
import type { MachineModel } from '../model-harness';
import { statusEvent } from './live-stream.model';

const shipment = (orderStatus: string, state: 'BOOKED' | 'CANCELLED' = 'BOOKED') =>
  ({
    shipmentId: 1,
    orderId: 7,
    orderNumber: 'ORD-000007',
    awb: '14000000000007',
    carrierCode: 'DE',
    carrierName: 'Delhivery',
    state,
    totalPaise: 9_000,
    orderStatus,
    scans: [],
  }) as unknown as ShipmentInfo;

export const SHIPMENTS = {
  scheduled: shipment('PKP_SCH'),
  inTransit: shipment('INT'),
  delivered: shipment('DLV'),
  cancelled: shipment('RTS', 'CANCELLED'),
};

export const model: MachineModel = {
  name: 'shipment-follow',
  machine: shipmentFollowMachine,
  options: {
    input: { orderId: 7, orderStatus: 'PKP_SCH' },
    promiseActors: ['fetchShipment', 'cancelShipment'],
    // the stream opens or drops only where it changes something (the state space stays small)
    events: (s: any) => [
      ...(s.context.live
        ? [{ type: 'LIVE_STATE', state: 'reconnecting', error: 'The live connection dropped' }]
        : s.matches('shown') && !s.matches({ shown: 'confirming' }) && !s.matches({ shown: 'cancelling' })
          ? [{ type: 'LIVE_STATE', state: 'open', error: null }]
          : []),
      { type: 'REFRESH' },
      { type: 'RETRY' },
      { type: 'CANCEL' },
      { type: 'CONFIRM' },
      { type: 'DISMISS' },
      { type: 'LIVE_STATUS', event: statusEvent('42', 'INT', 'In Transit') },
      { type: 'SHIPMENT_UPDATED', shipment: SHIPMENTS.inTransit },
      { type: 'SHIPMENT_UPDATED', shipment: SHIPMENTS.delivered },
      { type: 'xstate.done.actor.fetchShipment', output: SHIPMENTS.scheduled },
      { type: 'xstate.error.actor.fetchShipment', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.refreshShipment', output: SHIPMENTS.scheduled },
      { type: 'xstate.done.actor.refreshShipment', output: SHIPMENTS.delivered },
      { type: 'xstate.error.actor.refreshShipment', error: { status: 500, message: 'Something went wrong' } },
      { type: 'xstate.done.actor.cancelShipment', output: SHIPMENTS.cancelled },
      { type: 'xstate.error.actor.cancelShipment', error: { status: 409, message: 'The courier has the parcel' } },
    ],
    limit: 20_000,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.shipment?.orderStatus ?? null,
        s.context.shipment?.state ?? null,
        s.context.orderStatus,
        s.context.error,
        s.context.notice,
        s.context.live,
      ]),
  },
};
