import type { RateCard } from './rates';
import type { Zone } from './zones';
import { HYPERLOCAL_BY_CODE } from './hyperlocal';
import { paiseOf } from '../money';

// The courier network: every carrier code of spec section 9, each a distinct courier with its own
// rate card, reach, speed and behaviour. Couriers cannot be reached from this machine, so each
// runs as a sandbox simulation behind the carrier adapter (server/carriers/); these profiles are
// what the simulation follows. Rate cards here are the seeds of the editable cards in the database.

export const CARRIER_CODES = [
  'AZ',
  'SW-BD',
  'DE',
  'DEHW',
  'DEMW',
  'SW-EX',
  'EX',
  'SW-SM',
  'SF',
  'XB',
  'XBSDD',
  'EK',
  'UB',
  'GT',
] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];

export interface CarrierProfile {
  code: CarrierCode;
  name: string;
  mode: 'Air' | 'Surface';
  /** GT carries business-to-business freight only */
  b2b: boolean;
  minKg: number;
  maxKg: number;
  /** share of pincodes it delivers to, and of those, share where it collects cash */
  coverage: number;
  codCoverage: number;
  /** whether it goes to zone E at all */
  servesSpecialZone: boolean;
  /** only within one city (same-day services) */
  localOnly: boolean;
  /** days in transit after pickup, by zone */
  transitDays: Record<Zone, number>;
  behaviour: {
    /** hours from booking to pickup */
    pickupDelayHours: number;
    /** chances per parcel */
    ndrRate: number;
    rtoRate: number;
    lossRate: number;
    weightDiscrepancyRate: number;
    /** chance a re-attempt fails too (the NDR rate when absent) */
    reattemptFailRate?: number;
    /** chance the return delivery to the seller fails (RTO-NDR); none when absent */
    rtoNdrRate?: number;
  };
  /** AWB numbers start with this */
  awbPrefix: string;
  rateCard: RateCard;
  /** reverse pickups (returns); a courier without it does not pick up returns */
  reverse?: ReverseService;
  /**
   * multi-piece shipments (one master AWB, a child AWB a box, as Delhivery's MPS): a courier
   * without it takes one box an AWB, so a split by box cannot go with it
   */
  multiPiece?: { maxPieces: number };
}

/** What a courier offers for returns: its price over the forward card, and the doorstep check. */
export interface ReverseService {
  /** the reverse freight as a share of the forward freight on the same lane, in percent */
  ratePercent: number;
  /** the doorstep quality check's fee before GST; null when the courier does not check */
  qcChargePaise: number | null;
  /** chances per pickup: the buyer is away at one attempt; a check finds a mismatch */
  pickupAttemptFailRate: number;
  qcFailRate: number;
  /** attempts before the pickup is given up */
  maxPickupAttempts: number;
}

const reverse = (
  ratePercent: number,
  qcRupees: number | null,
  attemptFail: number,
  qcFail: number,
): ReverseService => ({
  ratePercent,
  qcChargePaise: qcRupees === null ? null : paiseOf(qcRupees),
  pickupAttemptFailRate: attemptFail,
  qcFailRate: qcFail,
  maxPickupAttempts: 3,
});

/** The couriers that pick up returns (a real network's reverse desks; see docs/simulated.md). */
export const REVERSE_SERVICES: Partial<Record<CarrierCode, ReverseService>> = {
  'SW-BD': reverse(130, 35, 0.08, 0.05),
  DE: reverse(120, 25, 0.12, 0.08),
  'SW-EX': reverse(125, null, 0.1, 0),
  EX: reverse(120, 20, 0.1, 0.07),
  SF: reverse(115, 20, 0.15, 0.1),
  XB: reverse(120, 25, 0.1, 0.08),
  EK: reverse(125, null, 0.12, 0),
};

const card = (
  rates: [number, number][],
  codFixed: number,
  codPercent: number,
  rtoPercent = 100,
  minChargeableKg = 0.5,
): RateCard => {
  const [A, B, C, D, E] = rates.map(([first, next]) => ({
    firstSlabPaise: paiseOf(first),
    nextSlabPaise: paiseOf(next),
  }));
  return { zones: { A, B, C, D, E }, minChargeableKg, codFixedPaise: paiseOf(codFixed), codPercent, rtoPercent };
};
const days = (A: number, B: number, C: number, D: number, E: number): Record<Zone, number> => ({ A, B, C, D, E });
const behaviour = (
  pickupDelayHours: number,
  ndrRate: number,
  rtoRate: number,
  lossRate: number,
  weightDiscrepancyRate: number,
) => ({ pickupDelayHours, ndrRate, rtoRate, lossRate, weightDiscrepancyRate });

const PROFILES: readonly CarrierProfile[] = [
  {
    code: 'AZ',
    name: 'Amazon Shipping',
    mode: 'Air',
    b2b: false,
    minKg: 0,
    maxKg: 25,
    coverage: 0.93,
    codCoverage: 0.95,
    servesSpecialZone: true,
    localOnly: false,
    transitDays: days(1, 2, 2, 4, 6),
    behaviour: behaviour(20, 0.06, 0.04, 0.002, 0.04),
    awbPrefix: '36',
    rateCard: card(
      [
        [34, 30],
        [39, 34],
        [47, 42],
        [54, 49],
        [72, 66],
      ],
      38,
      1.8,
    ),
  },
  {
    code: 'SW-BD',
    name: 'Blue Dart',
    mode: 'Air',
    b2b: false,
    minKg: 0,
    maxKg: 30,
    coverage: 0.9,
    codCoverage: 0.9,
    servesSpecialZone: true,
    localOnly: false,
    transitDays: days(1, 2, 2, 3, 5),
    behaviour: behaviour(18, 0.05, 0.03, 0.001, 0.03),
    awbPrefix: '77',
    rateCard: card(
      [
        [45, 40],
        [52, 46],
        [62, 56],
        [70, 64],
        [92, 84],
      ],
      50,
      2,
    ),
  },
  {
    code: 'DE',
    name: 'Delhivery Surface',
    mode: 'Surface',
    b2b: false,
    minKg: 0,
    maxKg: 20,
    coverage: 0.97,
    codCoverage: 0.96,
    servesSpecialZone: true,
    localOnly: false,
    transitDays: days(2, 3, 4, 5, 8),
    behaviour: behaviour(24, 0.08, 0.06, 0.003, 0.06),
    multiPiece: { maxPieces: 10 },
    awbPrefix: '14',
    rateCard: card(
      [
        [30, 28],
        [35, 32],
        [42, 38],
        [48, 44],
        [62, 58],
      ],
      35,
      1.75,
    ),
  },
  {
    code: 'DEHW',
    name: 'Delhivery Heavy (10 kg+)',
    mode: 'Surface',
    b2b: false,
    minKg: 10,
    maxKg: 100,
    coverage: 0.85,
    codCoverage: 0.8,
    servesSpecialZone: false,
    localOnly: false,
    transitDays: days(3, 4, 5, 6, 9),
    behaviour: behaviour(36, 0.07, 0.05, 0.004, 0.08),
    awbPrefix: '15',
    rateCard: card(
      [
        [22, 11],
        [26, 13],
        [30, 15],
        [34, 17],
        [45, 22],
      ],
      60,
      2,
      100,
      10,
    ),
  },
  {
    code: 'DEMW',
    name: 'Delhivery Mid-weight (5 kg+)',
    mode: 'Surface',
    b2b: false,
    minKg: 5,
    maxKg: 50,
    coverage: 0.9,
    codCoverage: 0.85,
    servesSpecialZone: false,
    localOnly: false,
    transitDays: days(3, 4, 5, 6, 9),
    behaviour: behaviour(30, 0.07, 0.05, 0.003, 0.07),
    awbPrefix: '16',
    rateCard: card(
      [
        [25, 14],
        [29, 16],
        [34, 19],
        [38, 21],
        [50, 28],
      ],
      50,
      2,
      100,
      5,
    ),
  },
  {
    code: 'SW-EX',
    name: 'Ecom Express (Surface)',
    mode: 'Surface',
    b2b: false,
    minKg: 0,
    maxKg: 20,
    coverage: 0.92,
    codCoverage: 0.94,
    servesSpecialZone: true,
    localOnly: false,
    transitDays: days(2, 3, 4, 5, 8),
    behaviour: behaviour(26, 0.09, 0.07, 0.003, 0.05),
    awbPrefix: '80',
    rateCard: card(
      [
        [29, 27],
        [34, 31],
        [41, 37],
        [47, 43],
        [60, 56],
      ],
      33,
      1.7,
    ),
  },
  {
    code: 'EX',
    name: 'Ecom Express',
    mode: 'Air',
    b2b: false,
    minKg: 0,
    maxKg: 15,
    coverage: 0.9,
    codCoverage: 0.93,
    servesSpecialZone: true,
    localOnly: false,
    transitDays: days(1, 2, 3, 4, 6),
    behaviour: behaviour(22, 0.08, 0.06, 0.002, 0.05),
    awbPrefix: '81',
    rateCard: card(
      [
        [36, 32],
        [41, 37],
        [50, 45],
        [57, 52],
        [75, 69],
      ],
      40,
      1.9,
    ),
  },
  {
    code: 'SW-SM',
    name: 'Smartr Logistics',
    mode: 'Air',
    b2b: false,
    minKg: 0,
    maxKg: 10,
    coverage: 0.8,
    codCoverage: 0.75,
    servesSpecialZone: false,
    localOnly: false,
    transitDays: days(1, 2, 2, 3, 5),
    behaviour: behaviour(20, 0.07, 0.05, 0.003, 0.05),
    awbPrefix: '55',
    rateCard: card(
      [
        [38, 34],
        [44, 39],
        [52, 47],
        [60, 54],
        [80, 72],
      ],
      42,
      2,
    ),
  },
  {
    code: 'SF',
    name: 'Shadowfax',
    mode: 'Surface',
    b2b: false,
    minKg: 0,
    maxKg: 10,
    coverage: 0.88,
    codCoverage: 0.97,
    servesSpecialZone: false,
    localOnly: false,
    transitDays: days(1, 3, 4, 5, 8),
    behaviour: behaviour(12, 0.1, 0.08, 0.004, 0.06),
    awbPrefix: 'SF',
    rateCard: card(
      [
        [27, 26],
        [32, 30],
        [40, 36],
        [46, 42],
        [60, 55],
      ],
      30,
      1.6,
    ),
  },
  {
    code: 'XB',
    name: 'Xpressbees',
    mode: 'Surface',
    b2b: false,
    minKg: 0,
    maxKg: 20,
    coverage: 0.95,
    codCoverage: 0.95,
    servesSpecialZone: true,
    localOnly: false,
    transitDays: days(2, 3, 4, 5, 8),
    behaviour: behaviour(24, 0.08, 0.06, 0.003, 0.06),
    awbPrefix: '13',
    rateCard: card(
      [
        [28, 27],
        [33, 31],
        [40, 37],
        [46, 43],
        [61, 57],
      ],
      32,
      1.7,
    ),
  },
  {
    code: 'XBSDD',
    name: 'Xpressbees Same Day',
    mode: 'Surface',
    b2b: false,
    minKg: 0,
    maxKg: 5,
    coverage: 0.6,
    codCoverage: 0.9,
    servesSpecialZone: false,
    localOnly: true,
    transitDays: days(0, 1, 1, 1, 1),
    behaviour: behaviour(4, 0.05, 0.03, 0.002, 0.04),
    awbPrefix: '13S',
    rateCard: card(
      [
        [55, 35],
        [55, 35],
        [55, 35],
        [55, 35],
        [55, 35],
      ],
      30,
      1.5,
    ),
  },
  {
    code: 'EK',
    name: 'Ekart',
    mode: 'Surface',
    b2b: false,
    minKg: 0,
    maxKg: 20,
    coverage: 0.94,
    codCoverage: 0.96,
    servesSpecialZone: true,
    localOnly: false,
    transitDays: days(2, 3, 4, 5, 7),
    behaviour: behaviour(24, 0.07, 0.05, 0.002, 0.05),
    awbPrefix: 'FMPC',
    rateCard: card(
      [
        [29, 27],
        [34, 31],
        [41, 37],
        [47, 43],
        [61, 56],
      ],
      34,
      1.75,
    ),
  },
  {
    code: 'UB',
    name: 'Udaan Express',
    mode: 'Surface',
    b2b: false,
    minKg: 0,
    maxKg: 25,
    coverage: 0.82,
    codCoverage: 0.85,
    servesSpecialZone: false,
    localOnly: false,
    transitDays: days(2, 3, 5, 6, 9),
    behaviour: behaviour(30, 0.09, 0.07, 0.004, 0.07),
    awbPrefix: 'UD',
    rateCard: card(
      [
        [26, 25],
        [31, 29],
        [38, 35],
        [44, 41],
        [58, 54],
      ],
      30,
      1.6,
    ),
  },
  {
    code: 'GT',
    name: 'Gati (B2B)',
    mode: 'Surface',
    b2b: true,
    minKg: 20,
    maxKg: 1000,
    coverage: 0.8,
    codCoverage: 0,
    servesSpecialZone: true,
    localOnly: false,
    transitDays: days(3, 4, 5, 7, 10),
    behaviour: behaviour(48, 0.04, 0.03, 0.002, 0.1),
    awbPrefix: 'GT',
    rateCard: card(
      [
        [160, 8],
        [180, 9],
        [210, 10],
        [240, 11],
        [320, 15],
      ],
      150,
      1.5,
      100,
      20,
    ),
  },
];

/** Every courier's profile, with its reverse service when it has one. */
export const CARRIERS: readonly CarrierProfile[] = PROFILES.map((c) => {
  const service = REVERSE_SERVICES[c.code];
  return service ? { ...c, reverse: service } : c;
});

export const CARRIER_BY_CODE: ReadonlyMap<string, CarrierProfile> = new Map(CARRIERS.map((c) => [c.code, c]));

/** The courier's name as sellers know it, for a code ("XB" → "Xpressbees"); an unknown code stays as it is. */
export function carrierName(code: string): string {
  return CARRIER_BY_CODE.get(code)?.name ?? HYPERLOCAL_BY_CODE.get(code)?.name ?? code;
}

/** The mode to print beside a courier's name, or null when the name already says it ("Ecom Express (Surface)"). */
export function modeBesideName(name: string, mode: string): string | null {
  return name.toLowerCase().includes(mode.toLowerCase()) ? null : mode;
}

/** Name with its mode in brackets, said once: "Xpressbees (Surface)", "Ecom Express (Surface)". */
export function carrierTitle(name: string, mode: string): string {
  const beside = modeBesideName(name, mode);
  return beside ? `${name} (${beside})` : name;
}

/** A stable number in [0, 1) for a carrier and a pincode: the same answer on every machine and run. */
export function pincodeDraw(code: string, pincode: string, salt = ''): number {
  // FNV-1a over the text
  let h = 0x811c9dc5;
  for (const ch of `${code}|${salt}|${pincode}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 0x1_0000_0000;
}

export interface Lane {
  fromPincode: string;
  toPincode: string;
  zone: Zone;
  paymentMethod: 'PPD' | 'COD';
  weightKg: number;
}

/** Why the courier cannot take this parcel, or null when it can. */
export function unserviceable(c: CarrierProfile, lane: Lane): string | null {
  if (c.b2b) return `${c.name} carries business freight only`;
  if (lane.weightKg > c.maxKg) return `${c.name} takes parcels up to ${c.maxKg} kg`;
  if (lane.weightKg < c.minKg) return `${c.name} is for parcels of ${c.minKg} kg and more`;
  if (c.localOnly && lane.zone !== 'A') return `${c.name} delivers within one city only`;
  if (lane.zone === 'E' && !c.servesSpecialZone) return `${c.name} does not deliver to this region`;
  if (pincodeDraw(c.code, lane.fromPincode, 'pickup') >= c.coverage)
    return `${c.name} does not pick up from ${lane.fromPincode}`;
  if (pincodeDraw(c.code, lane.toPincode) >= c.coverage) return `${c.name} does not deliver to ${lane.toPincode}`;
  if (lane.paymentMethod === 'COD' && pincodeDraw(c.code, lane.toPincode, 'cod') >= c.codCoverage)
    return `${c.name} does not collect cash at ${lane.toPincode}`;
  return null;
}
