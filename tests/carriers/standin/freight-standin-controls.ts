// What a B2B freight carrier's protocol stand-in lets a test do besides speaking the carrier's
// API: move its clock, move an LR along (picked up, delivered), see what it booked, and steer its
// failures, as the parcel couriers' stand-ins do (standin-controls.ts).

/** One LR as the stand-in holds it. */
export interface StandinConsignment {
  lrNumber: string;
  reference: string;
  boxNumbers: string[];
  /** the e-way bills the carrier holds for the LR's invoices */
  ewayBills: string[];
  /** the carrier's words for who pays and who bears the risk, as the booking sent them */
  freight: string;
  risk: string;
  pickup: boolean;
  appointment: { date: string; startTime: string; poNumbers: string[] } | null;
  cancelled: boolean;
  /** the carrier's current status word */
  status: string;
}

export interface FreightStandinControls {
  readonly url: string;
  now(): Date;
  advance(ms: number): void;
  /** the carrier collects the LR's boxes now */
  pickUp(lrNumber: string): void;
  /** every box of the LR is delivered now */
  deliver(lrNumber: string): void;
  consignments(): StandinConsignment[];
  pickupRequests(): { warehouse: string; date: string; count: number }[];
  /** logins it answered with a token */
  logins(): number;
  /** logins it refused (wrong password, locked user, expired password) */
  refusedLogins(): number;
  expireTokens(): void;
  exhaustRateLimit(): void;
  hangNext(): void;
  refuseNext(remark: string): void;
  close(): Promise<void>;
}

/** The IST wall clock of an instant, as parts. */
export function istParts(ms: number) {
  const ist = new Date(ms + 330 * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    day: ist.toISOString().slice(0, 10),
    dd: pad(ist.getUTCDate()),
    mm: pad(ist.getUTCMonth() + 1),
    yyyy: String(ist.getUTCFullYear()),
    hhmm: `${pad(ist.getUTCHours())}:${pad(ist.getUTCMinutes())}`,
    iso: `${ist.toISOString().slice(0, 19)}+05:30`,
  };
}
