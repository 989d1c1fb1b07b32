// A courier call's outcome, counted per courier for staff (calls, failures, latency). The toolkit
// reports every call it makes; the product supplies the meter (a staff page's counters), and a
// client built without one counts nothing.

export type CallOutcome = 'OK' | 'REFUSED' | 'RATE_LIMITED' | 'TIMEOUT' | 'UNAVAILABLE' | 'UNAUTHORISED';

export interface CallRecord {
  carrierCode: string;
  /** the operation's name as the adapter calls it (track, create, cancel, login, …) */
  operation: string;
  outcome: CallOutcome;
  latencyMs: number;
  httpStatus?: number;
}

export interface CallMeter {
  record(call: CallRecord): void;
}

export const NO_METER: CallMeter = { record: () => {} };
