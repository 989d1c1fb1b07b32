// Ekart's raw tracking of a shipment (GET /data/v1/elite/track/{tracking id}): an object keyed by
// the id, naming the partner that carries it ("vendor"), its receiver and its history. The
// adapter reads who carries the parcel (printed as its routing) and the delivery's receiver.

export interface EkartRawTrack {
  vendor: string;
  receiverName: string;
  deliveredAt: Date | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function rawTrackOf(answer: unknown, trackingId: string): EkartRawTrack | null {
  if (!isRecord(answer)) return null;
  const s = answer[trackingId] ?? Object.values(answer)[0];
  if (!isRecord(s)) return null;
  const history = Array.isArray(s.history) ? (s.history as Record<string, unknown>[]) : [];
  const delivered = history.find((h) => typeof h.status === 'string' && h.status.toLowerCase() === 'delivered');
  const at =
    delivered && typeof delivered.event_date_iso8601 === 'string' ? new Date(delivered.event_date_iso8601) : null;
  const receiver = isRecord(s.receiver) && typeof s.receiver.name === 'string' ? s.receiver.name : '';
  return {
    vendor: typeof s.vendor === 'string' ? s.vendor : '',
    receiverName: receiver,
    deliveredAt: at && !Number.isNaN(at.getTime()) ? at : null,
  };
}
