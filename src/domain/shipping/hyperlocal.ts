import { formatDate, formatTime, istDay, formatRupees } from '../format';
import { GST_PERCENT } from './rates';

// Hyperlocal partners: riders who carry a parcel across one city the same day or the next, priced
// by the distance between the pickup and the drop (as Borzo, Porter or Shadowfax Local quote),
// booked into a delivery slot, and delivered only against the OTP the buyer was sent. Pure rules
// shared by the quotes on the server and the ship dialog.

export interface GeoPoint {
  lat: number;
  lon: number;
}

export interface DeliverySlot {
  id: string;
  /** 0 the day of booking, 1 the next day (India's calendar) */
  dayOffset: 0 | 1;
  /** start and end hours in IST, 24-hour clock */
  startHour: number;
  endHour: number;
}

export interface HyperlocalPartner {
  code: string;
  name: string;
  /** the farthest drop from the pickup it takes, straight-line km */
  radiusKm: number;
  maxKg: number;
  /** whether its riders collect cash */
  cod: boolean;
  /** the fare: a base that covers the first km, then each further km (rounded up) */
  basePaise: number;
  baseKm: number;
  perKmPaise: number;
  /** the fee for collecting cash, before GST */
  codFeePaise: number;
  /** a same-day slot is offered only when it starts this many minutes after booking or later */
  cutoffMinutes: number;
  slots: readonly DeliverySlot[];
  /** its order numbers (our AWB) start with this */
  awbPrefix: string;
  /** its API's order status words for: rider assigned, picked up, riding to the drop, at the drop, delivered */
  statusWords: { assigned: string; pickedUp: string; onTheWay: string; outForDelivery: string; delivered: string };
}

const slot = (dayOffset: 0 | 1, startHour: number, endHour: number): DeliverySlot => ({
  id: `${dayOffset === 0 ? 'D0' : 'D1'}-${String(startHour).padStart(2, '0')}`,
  dayOffset,
  startHour,
  endHour,
});

/** The two sandbox partners: a bike fleet for short same-day hops, a van fleet across the metro. */
export const HYPERLOCAL_PARTNERS: readonly HyperlocalPartner[] = [
  {
    code: 'HL-ZIP',
    name: 'Zippy Local',
    radiusKm: 12,
    maxKg: 10,
    cod: false,
    basePaise: 4_500,
    baseKm: 2,
    perKmPaise: 900,
    codFeePaise: 0,
    cutoffMinutes: 90,
    slots: [
      slot(0, 10, 12),
      slot(0, 12, 14),
      slot(0, 14, 16),
      slot(0, 16, 18),
      slot(0, 18, 20),
      slot(1, 10, 12),
      slot(1, 14, 16),
    ],
    awbPrefix: 'ZL',
    statusWords: {
      assigned: 'courier_assigned',
      pickedUp: 'parcel_picked_up',
      onTheWay: 'delivery_started',
      outForDelivery: 'courier_arrived',
      delivered: 'finished',
    },
  },
  {
    code: 'HL-CITY',
    name: 'CityVan Express',
    radiusKm: 35,
    maxKg: 25,
    cod: true,
    basePaise: 7_000,
    baseKm: 5,
    perKmPaise: 600,
    codFeePaise: 2_500,
    cutoffMinutes: 180,
    slots: [slot(0, 12, 16), slot(0, 16, 20), slot(1, 9, 13), slot(1, 13, 17), slot(1, 17, 21)],
    awbPrefix: 'CV',
    statusWords: {
      assigned: 'allotted',
      pickedUp: 'pickup_complete',
      onTheWay: 'started_for_drop',
      outForDelivery: 'reached_drop',
      delivered: 'ended',
    },
  },
];

export const HYPERLOCAL_BY_CODE: ReadonlyMap<string, HyperlocalPartner> = new Map(
  HYPERLOCAL_PARTNERS.map((p) => [p.code, p]),
);

export function isHyperlocalCode(code: string): boolean {
  return HYPERLOCAL_BY_CODE.has(code);
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance between two points, km (haversine). */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface HyperlocalLane {
  /** both ends in one city (zone A) */
  sameCity: boolean;
  /** null when a pincode has no coordinates in the data */
  distanceKm: number | null;
  weightKg: number;
  paymentMethod: 'PPD' | 'COD';
}

/** Why the partner cannot carry this parcel, or null when it can. */
export function hyperlocalRefusal(p: HyperlocalPartner, lane: HyperlocalLane): string | null {
  if (!lane.sameCity) return `${p.name} delivers within one city only`;
  if (lane.distanceKm === null) return `${p.name} cannot place one of the pincodes on its map`;
  if (lane.distanceKm > p.radiusKm)
    return `${p.name} delivers within ${p.radiusKm} km of the pickup; this drop is ${formatKm(lane.distanceKm)} away`;
  if (lane.weightKg > p.maxKg) return `${p.name} takes parcels up to ${p.maxKg} kg`;
  if (lane.paymentMethod === 'COD' && !p.cod) return `${p.name} does not collect cash`;
  return null;
}

export function formatKm(km: number): string {
  return `${km.toFixed(1)} km`;
}

/** The km the fare charges: the road is longer than the straight line, so the distance is taken up to the next whole km. */
export function chargedKm(distanceKm: number): number {
  return Math.max(1, Math.ceil(distanceKm));
}

export interface HyperlocalPrice {
  chargedKm: number;
  freightPaise: number;
  codChargePaise: number;
  gstPaise: number;
  totalPaise: number;
  steps: string[];
}

const rupees = formatRupees;

/** The fare for a distance: base for the first km, each further km at the partner's rate; GST on fare and COD fee. */
export function hyperlocalPrice(
  p: HyperlocalPartner,
  distanceKm: number,
  paymentMethod: 'PPD' | 'COD',
): HyperlocalPrice {
  const km = chargedKm(distanceKm);
  const extraKm = Math.max(0, km - p.baseKm);
  const freightPaise = p.basePaise + extraKm * p.perKmPaise;
  const codChargePaise = paymentMethod === 'COD' ? p.codFeePaise : 0;
  const gstPaise = Math.round(((freightPaise + codChargePaise) * GST_PERCENT) / 100);
  const steps = [
    `Distance ${formatKm(distanceKm)} between the pincodes, charged as ${km} km`,
    extraKm > 0
      ? `Fare ${rupees(p.basePaise)} for the first ${p.baseKm} km + ${extraKm} km × ${rupees(p.perKmPaise)} = ${rupees(freightPaise)}`
      : `Fare ${rupees(freightPaise)} for up to ${p.baseKm} km`,
  ];
  if (codChargePaise) steps.push(`Cash collection fee ${rupees(codChargePaise)}`);
  steps.push(`GST ${GST_PERCENT}% ${rupees(gstPaise)}`);
  return {
    chargedKm: km,
    freightPaise,
    codChargePaise,
    gstPaise,
    totalPaise: freightPaise + codChargePaise + gstPaise,
    steps,
  };
}

const IST_OFFSET_MS = 330 * 60_000;
const HOUR_MS = 3_600_000;

/** The slot's start and end as instants, for a booking made at `at`. */
export function slotWindow(s: DeliverySlot, at: Date): { startsAt: Date; endsAt: Date } {
  const istMidnight = Math.floor((at.getTime() + IST_OFFSET_MS) / (24 * HOUR_MS)) * 24 * HOUR_MS - IST_OFFSET_MS;
  const day = istMidnight + s.dayOffset * 24 * HOUR_MS;
  return { startsAt: new Date(day + s.startHour * HOUR_MS), endsAt: new Date(day + s.endHour * HOUR_MS) };
}

/** The slots still open for a booking at `at`: a same-day slot closes `cutoffMinutes` before it starts. */
export function openSlots(p: HyperlocalPartner, at: Date): DeliverySlot[] {
  return p.slots.filter((s) => slotWindow(s, at).startsAt.getTime() - at.getTime() >= p.cutoffMinutes * 60_000);
}

/**
 * A slot as a seller books it: its day in IST and its start hour ("2026-11-21T09"). Unlike the
 * partner's own id (D0/D1, relative to the day of booking), it names the same window when the
 * day turns between the quote and the booking.
 */
export function bookableSlotId(s: DeliverySlot, at: Date): string {
  return `${istDay(slotWindow(s, at).startsAt)}T${String(s.startHour).padStart(2, '0')}`;
}

export const BOOKABLE_SLOT_ID = /^\d{4}-\d{2}-\d{2}T\d{2}$/;

/** "Today 14:00–16:00" or "Tomorrow 09:00–13:00". */
export function slotLabel(s: DeliverySlot): string {
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return `${s.dayOffset === 0 ? 'Today' : 'Tomorrow'} ${hh(s.startHour)}–${hh(s.endHour)}`;
}

/** A booked slot on its day: "27 Nov 2026, 10:00 am – 12:00 pm" (IST). */
export function bookedSlotLabel(slot: { startsAt: string; endsAt: string }): string {
  return `${formatDate(slot.startsAt)}, ${formatTime(slot.startsAt)} – ${formatTime(slot.endsAt)}`;
}

/** A delivery OTP is four digits, as hyperlocal riders' apps ask for. */
export const DELIVERY_OTP_PATTERN = /^\d{4}$/;
