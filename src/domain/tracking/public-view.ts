import type { TrackingData } from '../tracking-contract';

// Anyone who types a tracking number sees what the big aggregators show: the courier, the
// parcel's progress and the destination city. The buyer's name, phone and street, the order's
// number, what the parcel holds and the internal order id stay for the buyer's own link (the short
// code of /s?r=…, which this view does not tell either).
// The server applies it after its tracking cache, which keeps the buyer's view (forgotten by order id).

export function publicView(d: TrackingData): TrackingData {
  return {
    ...d,
    view: 'PUBLIC',
    orderId: 0,
    orderNumber: '',
    // the short code is the buyer's link key: it opens the full view
    shortCode: '',
    buyerName: '',
    buyerPhoneNumber: '',
    buyerPhoneNum: '',
    buyerAddress: d.destination,
    buyerAddressLine1: d.destination,
    buyerAddressLine2: '',
    buyerAddressLine3: '',
    buyerAddressLine4: '',
    ...(d.packages ? { packages: d.packages.map((p) => ({ ...p, items: [] })) } : {}),
  };
}
