import type { NdrReason } from '../ndr-contract';
import { CARRIER_CODES, type CarrierCode } from './carriers';
import { COURIER_STATUSES, type CourierStatus } from './courier-status';
import { HYPERLOCAL_BY_CODE } from './hyperlocal';
import {
  DELHIVERY_NDR_REASONS,
  DELHIVERY_SANDBOX_FAILURE_CODES,
  DELHIVERY_SCAN_CODES,
  DELHIVERY_STATUSES,
} from './courier-codes/delhivery';
import { SHADOWFAX_NDR_REASONS, SHADOWFAX_REVERSE_STATUSES, SHADOWFAX_STATUSES } from './courier-codes/shadowfax';
import { XPRESSBEES_NDR_REASONS, XPRESSBEES_STATUSES } from './courier-codes/xpressbees';
import { EKART_NDR_REASONS, EKART_STATUSES } from './courier-codes/ekart';

// One table per courier: the status codes it reports and its NDR reason codes, each mapped to
// ours. Ingestion reads a scan through its courier's table; a code no table knows is recorded and
// counted for staff (courier_unknown_codes), never dropped.

export interface CourierCodeTable {
  /** the courier's status word → our courier status (which maps to an order status) */
  statuses: Readonly<Record<string, CourierStatus>>;
  /** the courier's NDR reason code → our reason, with the courier's own words */
  reasons: Readonly<Record<string, { reason: NdrReason; text: string }>>;
  /** the codes the sandbox draws its failed attempts from, when not all of `reasons` */
  sandboxFailureCodes?: readonly string[];
}

// every sandbox courier reports our status words (and its scans' NDR reason codes below)
const COMMON_STATUSES = Object.fromEntries(
  (Object.keys(COURIER_STATUSES) as CourierStatus[]).map((s) => [s, s]),
) as Record<string, CourierStatus>;

const reasons = (list: readonly (readonly [string, NdrReason, string])[]) =>
  Object.fromEntries(list.map(([code, reason, text]) => [code, { reason, text }]));

// Delhivery's real codes (courier-codes/delhivery.ts), beside the sandbox's own words, which the
// sandbox of the same code still reports; the sandbox draws its failures from the codes it always drew
const DELHIVERY: CourierCodeTable = {
  statuses: { ...COMMON_STATUSES, ...DELHIVERY_STATUSES, ...DELHIVERY_SCAN_CODES },
  reasons: reasons([...DELHIVERY_NDR_REASONS]),
  sandboxFailureCodes: DELHIVERY_SANDBOX_FAILURE_CODES,
};

/** The couriers that speak their own short codes: the same reasons under their prefix. */
function ownCodes(prefix: string): CourierCodeTable {
  return {
    statuses: COMMON_STATUSES,
    reasons: reasons([
      [`${prefix}-CNA`, 'CONSIGNEE_UNAVAILABLE', 'Consignee not available'],
      [`${prefix}-REF`, 'REFUSED', 'Customer refused to accept the delivery'],
      [`${prefix}-ADR`, 'ADDRESS_ISSUE', 'Incomplete or wrong address'],
      [`${prefix}-NRP`, 'NOT_CONTACTABLE', 'Consignee unreachable on phone'],
      [`${prefix}-FDD`, 'FUTURE_DELIVERY', 'Customer asked for a future delivery date'],
      [`${prefix}-COD`, 'COD_NOT_READY', 'Cash not ready (COD)'],
      [`${prefix}-ODA`, 'AREA_NOT_REACHABLE', 'Out of delivery area'],
      [`${prefix}-NAT`, 'COURIER_FAILURE', 'Delivery not attempted'],
      [`${prefix}-OTH`, 'OTHER', 'Other reason'],
    ]),
  };
}

/** A real courier's table beside the sandbox's own words, which the sandbox of the same code still reports. */
function withSandbox(
  prefix: string,
  statuses: Record<string, CourierStatus>,
  own: readonly (readonly [string, NdrReason, string])[],
) {
  const sandbox = ownCodes(prefix);
  return {
    statuses: { ...sandbox.statuses, ...statuses },
    reasons: { ...sandbox.reasons, ...reasons(own) },
    sandboxFailureCodes: Object.keys(sandbox.reasons),
  } satisfies CourierCodeTable;
}

const XPRESSBEES = withSandbox('XB', XPRESSBEES_STATUSES, XPRESSBEES_NDR_REASONS);
const SHADOWFAX = withSandbox('SF', { ...SHADOWFAX_STATUSES, ...SHADOWFAX_REVERSE_STATUSES }, SHADOWFAX_NDR_REASONS);
// Ekart's own words (courier-codes/ekart.ts) beside the sandbox's
const EKART = withSandbox('EK', EKART_STATUSES, EKART_NDR_REASONS);

export const COURIER_CODE_TABLES: Readonly<Record<CarrierCode, CourierCodeTable>> = {
  AZ: ownCodes('AZ'),
  'SW-BD': ownCodes('BD'),
  DE: DELHIVERY,
  DEHW: DELHIVERY,
  DEMW: DELHIVERY,
  'SW-EX': ownCodes('XP'),
  EX: ownCodes('XP'),
  'SW-SM': ownCodes('SM'),
  SF: SHADOWFAX,
  XB: XPRESSBEES,
  XBSDD: XPRESSBEES,
  EK: EKART,
  UB: ownCodes('UB'),
  GT: ownCodes('GT'),
};

/** A hyperlocal partner reports its API's order statuses; a cancelled order is its own word too. */
function hyperlocalCodes(carrierCode: string): CourierCodeTable | undefined {
  const p = HYPERLOCAL_BY_CODE.get(carrierCode);
  if (!p) return undefined;
  const w = p.statusWords;
  return {
    statuses: {
      [w.assigned]: 'MANIFESTED',
      [w.pickedUp]: 'PICKED_UP',
      [w.onTheWay]: 'IN_TRANSIT',
      [w.outForDelivery]: 'OUT_FOR_DELIVERY',
      [w.delivered]: 'DELIVERED',
    },
    reasons: {},
  };
}

const tableOf = (carrierCode: string): CourierCodeTable | undefined =>
  (CARRIER_CODES as readonly string[]).includes(carrierCode)
    ? COURIER_CODE_TABLES[carrierCode as CarrierCode]
    : hyperlocalCodes(carrierCode);

/** Our courier status for a courier's status code, undefined when its table does not know it. */
export function mapCourierStatus(carrierCode: string, code: string): CourierStatus | undefined {
  return tableOf(carrierCode)?.statuses[code];
}

/** Our reason for a courier's NDR reason code, undefined when its table does not know it. */
export function mapNdrReason(carrierCode: string, code: string): { reason: NdrReason; text: string } | undefined {
  return tableOf(carrierCode)?.reasons[code];
}

/** The codes a courier uses for failed attempts (the sandbox draws from them). */
export function ndrReasonCodes(carrierCode: string): string[] {
  const table = tableOf(carrierCode);
  return [...(table?.sandboxFailureCodes ?? Object.keys(table?.reasons ?? {}))];
}
