import type { CourierQuote, PlaceInfo, RateAnswer } from '../../../src/domain/shipping-contract';
import { daysToDeliver } from '../../../src/domain/shipping/delivery-date';
import {
  bookableSlotId,
  haversineKm,
  hyperlocalPrice,
  hyperlocalRefusal,
  openSlots,
  slotLabel,
  slotWindow,
} from '../../../src/domain/shipping/hyperlocal';
import { istDay } from '../../../src/domain/format';
import type { Parcel } from '../../../src/domain/shipping/rates';
import type { Zone } from '../../../src/domain/shipping/zones';
import { chargedWeightKg } from '../../../src/domain/weights';
import type { CarrierNetwork } from '../../carriers/registry';
import { pincodePoint } from '../pincodes/lookup';

// The hyperlocal partners' answers for one parcel: a distance-priced quote with the slots still
// open, or why not (another city, beyond the partner's radius, too heavy, cash). Added to the
// couriers' answer only for a seller whose plan includes hyperlocal delivery.

export function hyperlocalQuotes(
  network: CarrierNetwork,
  from: PlaceInfo,
  to: PlaceInfo,
  zone: Zone,
  parcel: Parcel,
  at: Date,
): Pick<RateAnswer, 'quotes' | 'unserviceable'> {
  const a = pincodePoint(from.pincode);
  const b = pincodePoint(to.pincode);
  const distanceKm = a && b ? Math.round(haversineKm(a, b) * 10) / 10 : null;
  const weightKg = chargedWeightKg(parcel.deadWeightKg, parcel);
  const quotes: CourierQuote[] = [];
  const unserviceable: RateAnswer['unserviceable'] = [];
  for (const { partner } of network.hyperlocal) {
    const lane = { sameCity: zone === 'A', distanceKm, weightKg, paymentMethod: parcel.paymentMethod };
    const refusal = hyperlocalRefusal(partner, lane);
    const slots = openSlots(partner, at);
    const reason = refusal ?? (slots.length ? null : `${partner.name} has no slot left today or tomorrow`);
    if (reason || distanceKm === null) {
      unserviceable.push({ carrierCode: partner.code, carrierName: partner.name, reason: reason ?? '' });
      continue;
    }
    const price = hyperlocalPrice(partner, distanceKm, parcel.paymentMethod);
    const windows = slots.map((s) => ({ s, ...slotWindow(s, at) }));
    const edd = istDay(windows[0].endsAt);
    quotes.push({
      carrierCode: partner.code,
      carrierName: partner.name,
      mode: 'Hyperlocal',
      zone,
      chargedWeightKg: weightKg,
      freightPaise: price.freightPaise,
      codChargePaise: price.codChargePaise,
      gstPaise: price.gstPaise,
      totalPaise: price.totalPaise,
      rtoChargePaise: 0,
      edd,
      days: daysToDeliver(at, edd),
      tags: [],
      steps: price.steps,
      hyperlocal: {
        distanceKm,
        slots: windows.map((w) => ({
          id: bookableSlotId(w.s, at),
          label: slotLabel(w.s),
          startsAt: w.startsAt.toISOString(),
          endsAt: w.endsAt.toISOString(),
        })),
      },
    });
  }
  return { quotes, unserviceable };
}
