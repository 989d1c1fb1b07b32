import type { RateAnswer, CourierQuote, PlaceInfo } from '../../../src/domain/shipping-contract';
import { daysToDeliver, estimatedDeliveryDate } from '../../../src/domain/shipping/delivery-date';
import { quoteParcel, type Parcel } from '../../../src/domain/shipping/rates';
import { NO_SELLER_CARDS, type SellerCards } from '../pricing/effective-card';
import { recommend } from '../../../src/domain/shipping/recommend';
import { zoneOf, ZONE_NAMES } from '../../../src/domain/shipping/zones';
import { chargedWeightKg } from '../../../src/domain/weights';
import { badRequest } from '../../http/errors';
import type { CarrierNetwork } from '../../carriers/registry';
import { lookupPincode } from '../pincodes/lookup';
import { deliveryPromise } from '../../../src/domain/promises/lane-promise';
import { NO_LANE_HISTORY, type LaneHistories } from '../promises/lane-history';
import type { LaneQualities } from '../quality/lane-quality';
import { TOO_FEW_PARCELS } from '../../../src/domain/quality/lane-quality';

// Every courier's answer for one parcel on one lane: a priced quote with its delivery date (the
// lane's promise, src/domain/promises) and the courier's quality on the lane (src/domain/quality),
// or why it cannot take it. Pure computation over the network held in memory and the lane
// histories and qualities read before.

export function placeOf(field: string, pincode: string): PlaceInfo {
  const p = lookupPincode(pincode);
  if (!p) throw badRequest(`${field}: Unknown pincode ${pincode}`);
  return { pincode, city: p.city, state: p.state };
}

export function quoteAll(
  network: CarrierNetwork,
  from: PlaceInfo,
  to: PlaceInfo,
  parcel: Parcel,
  at: Date,
  /** the seller's own cards in force (server/modules/pricing/effective-card.ts), over the defaults */
  sellerCards: SellerCards = NO_SELLER_CARDS,
  /** the lane's delivery history by courier (server/modules/promises); none: the zone table's dates */
  histories: LaneHistories = NO_LANE_HISTORY,
  /** each courier's quality on the lane (server/modules/quality); absent: the quotes say nothing of it (reverse, split) */
  qualities?: LaneQualities,
): RateAnswer {
  const zone = zoneOf(from, to);
  const lane = {
    fromPincode: from.pincode,
    toPincode: to.pincode,
    zone,
    paymentMethod: parcel.paymentMethod,
    weightKg: chargedWeightKg(parcel.deadWeightKg, parcel),
  };
  const quotes: Omit<CourierQuote, 'tags'>[] = [];
  const unserviceable: RateAnswer['unserviceable'] = [];
  for (const carrier of network.list) {
    const { profile } = carrier;
    const reason = carrier.serviceability(lane);
    if (reason) {
      unserviceable.push({ carrierCode: profile.code, carrierName: profile.name, reason });
      continue;
    }
    const q = quoteParcel(sellerCards.get(profile.code) ?? profile.rateCard, zone, parcel);
    const promise = deliveryPromise({
      bookedAt: at,
      history: histories.get(profile.code) ?? [],
      zoneTableDate: estimatedDeliveryDate(at, profile, zone),
    });
    const edd = promise.date;
    quotes.push({
      carrierCode: profile.code,
      carrierName: profile.name,
      mode: profile.mode,
      zone,
      chargedWeightKg: q.chargedWeightKg,
      freightPaise: q.freightPaise,
      codChargePaise: q.codChargePaise,
      gstPaise: q.gstPaise,
      totalPaise: q.totalPaise,
      rtoChargePaise: q.rtoChargePaise,
      edd,
      days: daysToDeliver(at, edd),
      promise: { basis: promise.basis, sample: promise.sample, confidencePct: promise.confidencePct },
      ...(qualities && { quality: qualities.get(profile.code) ?? TOO_FEW_PARCELS }),
      steps: q.steps,
    });
  }
  const tags = recommend(quotes);
  return {
    zone,
    zoneName: ZONE_NAMES[zone],
    from,
    to,
    quotes: quotes
      .map((q) => ({ ...q, tags: tags.get(q.carrierCode) ?? [] }))
      .sort((a, b) => a.totalPaise - b.totalPaise || a.days - b.days),
    unserviceable,
  };
}
