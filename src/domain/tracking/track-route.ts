// The buyer's addresses (spec section 2), read without a router library:
//   /tracking/{trackingRef}, /tracking/return/{trackingRef}, /v2/track/{orderRef}/{trackingRef},
//   /s?r={shortCode}: a tracking page; /v2/track/{orderRef} and /public/track: the lookup page.
// The buyer's SMS and email links carry k={rating key}: only a page opened with it can rate.
// /ndr/{token}: the buyer's answer to a failed delivery (ndr-contract NDR_BUYER_PAGE).
// /cod/{token}: the buyer's confirmation of a COD order (cod-verification-contract COD_BUYER_PAGE).
// /advance/{token}: the buyer's advance payment of a payment mode (payment-modes-contract ADVANCE_BUYER_PAGE).

/** Which shipment a buyer's address names: by order and tracking number, tracking number, or short code. */
export interface TrackingRef {
  orderRef?: string;
  trackingRef?: string;
  shortCode?: string;
  isReturn?: boolean;
}

export type TrackRoute =
  | { page: 'tracking'; ref: TrackingRef; ratingKey?: string }
  | { page: 'lookup' }
  | { page: 'ndr'; token: string }
  | { page: 'cod'; token: string; txn?: string }
  | { page: 'advance'; token: string; txn?: string }
  | { page: 'unknown' };

export function trackRoute(pathname: string, search: string): TrackRoute {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const query = new URLSearchParams(search);
  const tracking = (ref: TrackingRef): TrackRoute => {
    const ratingKey = query.get('k');
    return ratingKey ? { page: 'tracking', ref, ratingKey } : { page: 'tracking', ref };
  };
  if (parts[0] === 's' && parts.length === 1) {
    const r = query.get('r');
    return r ? tracking({ shortCode: r }) : { page: 'unknown' };
  }
  if (parts[0] === 'tracking' && parts[1] === 'return' && parts.length === 3)
    return tracking({ trackingRef: parts[2], isReturn: true });
  if (parts[0] === 'tracking' && parts.length === 2) return tracking({ trackingRef: parts[1] });
  if (parts[0] === 'v2' && parts[1] === 'track' && parts.length === 4)
    return tracking({ orderRef: parts[2], trackingRef: parts[3] });
  if (parts[0] === 'v2' && parts[1] === 'track' && parts.length === 3) return { page: 'lookup' };
  if (parts[0] === 'public' && parts[1] === 'track' && parts.length === 2) return { page: 'lookup' };
  if (parts[0] === 'ndr' && parts.length === 2 && parts[1]) return { page: 'ndr', token: parts[1] };
  if ((parts[0] === 'cod' || parts[0] === 'advance') && parts.length === 2 && parts[1]) {
    const page = parts[0];
    const txn = query.get('txn');
    return txn ? { page, token: parts[1], txn } : { page, token: parts[1] };
  }
  return { page: 'unknown' };
}

/** Paths the server answers with the tracking page's HTML. */
export const TRACK_PATH = /^\/(tracking\/|v2\/track\/|s$|public\/track$|ndr\/[^/]+$|cod\/[^/]+$|advance\/[^/]+$)/;
