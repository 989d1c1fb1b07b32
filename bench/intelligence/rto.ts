import { CARRIERS, type CarrierProfile } from '../../src/domain/shipping/carriers';
import { planLife } from '../../server/carriers/sandbox/parcel-life';
import { trueRtoChance, type Consignee } from '../../server/carriers/sandbox/rto-world';
import { allPincodes } from '../../server/modules/pincodes/lookup';
import { trainRiskModel, type TrainingRow } from '../../server/modules/risk/train-model';
import { aucOf } from '../../server/modules/risk/logistic-regression';
import { scoreRisk } from '../../src/domain/risk/model';
import type { RtoFigures } from '../../src/domain/risk/rto-figures';
import { RISK_BAND_CODES, bandOf } from '../../src/domain/risk/bands';
import type { OutcomeCount, RiskFacts } from '../../src/domain/risk/facts';
import { isRiskyPincode } from '../../src/domain/cod-verification';
import { HIGH_COD_RUPEES } from '../../src/domain/risk/reasons';

// The RTO section of `npm run bench -- intelligence`: a sandbox history of SHIPMENTS parcels,
// each lived by the sandbox courier's own planLife (the same hidden factors, rto-world.ts), in
// memory. Orders come in time order; each is scored from the outcomes known when it was created
// (parcels settle OUTCOME_LAG orders later). The first 80 % train the model, the last 20 % are
// held out: RTO AUC of the model, of today's COD-verification rules, and of the true hidden
// chance (the best any score can do); calibration by band; scoring and training time.

const SHIPMENTS = 240_000;
const SELLERS = 40;
const BUYERS = 90_000;
const DESTINATIONS = 4_000;
/** orders created between one parcel's booking and its settling */
const OUTCOME_LAG = 3_000;
const TRAIN_SHARE = 0.8;

function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 0x1_0000_0000;
}

interface Buyer {
  phone: string;
  pincode: string;
  address: string;
  favouriteSeller: number;
}

interface Parcel {
  seller: number;
  buyer: Buyer;
  consignee: Consignee;
  profile: CarrierProfile;
  returned: boolean;
  trueChance: number;
}

const STREETS = ['MG Road', 'Station Road', 'Gandhi Nagar', 'Nehru Colony', 'Civil Lines', 'Shastri Nagar'];
const LANDMARKS = ['Near Hanuman Mandir', 'Behind bus stand', 'Opp. government school', 'Near water tank'];

function buyersOf(rnd: () => number, pins: string[]): Buyer[] {
  return Array.from({ length: BUYERS }, (_, i) => {
    const street = STREETS[Math.floor(rnd() * STREETS.length)];
    const u = rnd();
    const address =
      u < 0.2
        ? `${LANDMARKS[Math.floor(rnd() * LANDMARKS.length)]}, ${street}`
        : u < 0.28
          ? street
          : `House ${1 + Math.floor(rnd() * 400)}, ${street}, Sector ${1 + Math.floor(rnd() * 40)}`;
    // a few pincodes are busy: the square draws the head of the list more often
    const pincode = pins[Math.floor(rnd() ** 2 * pins.length)];
    return { phone: String(7_000_000_000 + i * 7919), pincode, address, favouriteSeller: Math.floor(rnd() * SELLERS) };
  });
}

/** The sandbox history, in order of creation. */
function history(): Parcel[] {
  const rnd = random(40);
  const every = allPincodes();
  const pins = Array.from({ length: DESTINATIONS }, () => every[Math.floor(rnd() * every.length)]);
  const buyers = buyersOf(rnd, pins);
  const couriers = CARRIERS.filter((c) => !c.b2b && !c.localOnly);
  const parcels: Parcel[] = [];
  for (let i = 0; parcels.length < SHIPMENTS; i++) {
    // repeat buyers: a quarter of the buyers place most orders
    const buyer = buyers[Math.floor((rnd() < 0.6 ? rnd() * 0.25 : rnd()) * BUYERS)];
    const seller = rnd() < 0.6 ? buyer.favouriteSeller : Math.floor(rnd() * SELLERS);
    const rupees = Math.round(Math.exp(Math.log(900) + 0.8 * gaussian(rnd)));
    const consignee: Consignee = {
      pincode: buyer.pincode,
      phone: buyer.phone,
      address: buyer.address,
      paymentMethod: rnd() < 0.62 ? 'COD' : 'PPD',
      codAmountPaise: 0,
    };
    if (consignee.paymentMethod === 'COD') consignee.codAmountPaise = rupees * 100;
    const profile = couriers[Math.floor(rnd() * couriers.length)];
    const plan = planLife(
      profile,
      `${profile.awbPrefix}H${i}`,
      { from: 'Origin', to: 'Destination', transitDays: 3 },
      consignee,
    );
    if (plan.some((s) => s.courierStatus === 'LOST')) continue;
    parcels.push({
      seller,
      buyer,
      consignee: { ...consignee, codAmountPaise: rupees * 100 },
      profile,
      returned: plan.some((s) => s.courierStatus === 'RTO_INITIATED'),
      trueChance: trueRtoChance(profile, consignee),
    });
  }
  return parcels;
}

function gaussian(rnd: () => number) {
  return Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
}

/** Running outcome counts by key. */
class Tally {
  private readonly counts = new Map<string, OutcomeCount>();
  /** the counts as they stand now (a copy: later outcomes must not reach an earlier order's facts) */
  get(key: string): OutcomeCount {
    const c = this.counts.get(key);
    return c ? { ...c } : { finished: 0, returned: 0 };
  }
  add(key: string, returned: boolean) {
    const c = this.counts.get(key) ?? { finished: 0, returned: 0 };
    c.finished++;
    if (returned) c.returned++;
    this.counts.set(key, c);
  }
}

/** Each parcel's facts as they stood at its creation, and its pincode's all-mode history (today's rule reads it). */
function factsOf(parcels: Parcel[]): { facts: RiskFacts; pincodeAll: OutcomeCount }[] {
  const pincodeCod = new Tally();
  const districtCod = new Tally();
  const pincodeAll = new Tally();
  const buyerSeller = new Tally();
  const buyerAll = new Tally();
  const districtOf = (pin: string) => pin.slice(0, 3);
  const settle = (p: Parcel) => {
    const c = p.consignee;
    if (c.paymentMethod === 'COD') {
      pincodeCod.add(c.pincode, p.returned);
      districtCod.add(districtOf(c.pincode), p.returned);
    }
    pincodeAll.add(c.pincode, p.returned);
    buyerSeller.add(`${p.seller}|${c.phone}`, p.returned);
    buyerAll.add(c.phone, p.returned);
  };
  return parcels.map((p, i) => {
    if (i >= OUTCOME_LAG) settle(parcels[i - OUTCOME_LAG]);
    const c = p.consignee;
    return {
      facts: {
        paymentMethod: c.paymentMethod,
        totalPaise: c.codAmountPaise,
        address: c.address,
        pincodeCod: pincodeCod.get(c.pincode),
        districtCod: districtCod.get(districtOf(c.pincode)),
        buyerWithSeller: buyerSeller.get(`${p.seller}|${c.phone}`),
        buyerAcrossSellers: buyerAll.get(c.phone),
      },
      pincodeAll: pincodeAll.get(c.pincode),
    };
  });
}

/** Today's rules as a score: a COD order counts one, plus one for each COD-verification rule it meets. */
function rulesScore(f: RiskFacts, pincodeAll: OutcomeCount): number {
  if (f.paymentMethod !== 'COD') return 0;
  return (
    1 +
    (f.totalPaise > HIGH_COD_RUPEES * 100 ? 1 : 0) +
    (isRiskyPincode(pincodeAll) ? 1 : 0) +
    (f.buyerWithSeller.returned >= 1 ? 1 : 0)
  );
}

const round = (x: number, digits = 4) => Number(x.toFixed(digits));

export function rtoSection(): RtoFigures {
  const parcels = history();
  const rows = factsOf(parcels);
  const cut = Math.floor(parcels.length * TRAIN_SHARE);
  const training: TrainingRow[] = rows.slice(0, cut).map((r, i) => ({ facts: r.facts, returned: parcels[i].returned }));
  const t0 = performance.now();
  const { model, iterations } = trainRiskModel(training);
  const trainingMs = performance.now() - t0;

  const held = parcels.slice(cut);
  const heldRows = rows.slice(cut);
  const y = held.map((p) => (p.returned ? 1 : 0));
  const s0 = performance.now();
  const scores = heldRows.map((r) => scoreRisk(model, r.facts));
  const scoringMs = performance.now() - s0;

  const calibrationByBand = RISK_BAND_CODES.map((band) => {
    const at = scores.flatMap((s, i) => (bandOf(s.score) === band ? [i] : []));
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    return {
      band,
      orders: at.length,
      predictedRto: round(mean(at.map((i) => scores[i].score))),
      observedRto: round(mean(at.map((i) => y[i]))),
    };
  });
  const share = (ps: Parcel[]) => round(ps.filter((p) => p.returned).length / Math.max(1, ps.length));
  return {
    shipments: parcels.length,
    trainOrders: cut,
    heldOutOrders: held.length,
    rtoShare: {
      all: share(parcels),
      cod: share(parcels.filter((p) => p.consignee.paymentMethod === 'COD')),
      prepaid: share(parcels.filter((p) => p.consignee.paymentMethod === 'PPD')),
    },
    auc: {
      model: round(
        aucOf(
          scores.map((s) => s.score),
          y,
        ),
      ),
      todaysRules: round(
        aucOf(
          heldRows.map((r) => rulesScore(r.facts, r.pincodeAll)),
          y,
        ),
      ),
      bestPossible: round(
        aucOf(
          held.map((p) => p.trueChance),
          y,
        ),
      ),
    },
    calibrationByBand,
    scoringMsPerOrder: round(scoringMs / held.length, 5),
    trainingMs: Math.round(trainingMs),
    trainingIterations: iterations,
    model,
  };
}
