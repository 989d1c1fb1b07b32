import { IN_FLIGHT, type ForwardStatus } from '../order-status';

// What a seller may do with a booked shipment, and when its tracking is worth asking for again.

export interface ShipmentState {
  orderStatus: string;
  state: 'BOOKED' | 'CANCELLED' | string;
}

/** A shipment can be cancelled only before the courier picks it up: while its order is Pickup Scheduled. */
export const canCancelShipment = (s: ShipmentState): boolean => s.state !== 'CANCELLED' && s.orderStatus === 'PKP_SCH';

/** Booked and with the courier (or about to be): new scans may arrive, so the page keeps looking. */
export const shipmentIsMoving = (s: ShipmentState): boolean =>
  s.state === 'BOOKED' && IN_FLIGHT.includes(s.orderStatus as ForwardStatus);

/** How often an open shipment panel asks for new scans while the parcel moves. */
export const SHIPMENT_POLL_MS = 15_000;
