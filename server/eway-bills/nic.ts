import { randomUUID } from 'node:crypto';
import { paiseOf, rupeesOf } from '../../src/domain/money';
import { aesDecrypt, aesEncrypt, newAppKey, rsaEncrypt } from './nic-crypto';
import {
  ACTIONS,
  AUTH_PATH,
  EWAY_PATH,
  GET_PATH,
  LAST_MINUTE_MS,
  NIC_ERRORS,
  nicDate,
  parseNicDateTime,
  RELOGIN_CODES,
  TOKEN_LIFE_MS,
  TRANSPORT_MODES,
  UNAVAILABLE_CODES,
} from './nic-wire';
import {
  refused,
  type Answer,
  type EwayBillProvider,
  type EwayBillRecord,
  type GenerateRequest,
  type Issued,
  type PartB,
  type Refused,
  type Updated,
} from './provider';

// The NIC e-way bill API (v1.03) through a GST suvidha provider, as shared/b2b.md §B4 and
// nic-wire.ts describe it:
//   login     POST {base}/ewaybillapi/v1.03/authenticate, headers client-id, client-secret, gstin;
//             body { Data: RSA(NIC public key, base64(JSON { action: ACCESSTOKEN, username,
//             password, app_key })) } → { status "1", authtoken, sek }, sek = AES(app key, SEK);
//             the token lives 6 hours, and a new login is made before then or when NIC says the
//             token is invalid or expired (238, 106), once per call
//   calls     POST {base}/ewaybillapi/v1.03/ewayapi, headers authtoken, gstin, client-id,
//             client-secret, requestid; body { action, data: AES(SEK, JSON) } → { status "1",
//             data: AES(SEK, JSON) }
//   get       GET {base}/ewaybillapi/v1.03/ewayapi/GetEwayBill?ewbNo=… → { status "1",
//             rek: AES(SEK, key), data: AES(key, JSON) }
//   refusals  { status "0", error: base64(JSON { errorCodes: "238,604," }) }; an HTTP status
//             other than 200, or no answer, is the portal being unavailable
// Money goes out in rupees (rupeesOf) and comes back into paise (paiseOf); NIC's dates are IST.

export interface NicConfig {
  baseUrl: string;
  gstin: string;
  username: string;
  password: string;
  clientId: string;
  clientSecret: string;
  /** NIC's public key (PEM): the sandbox's and production's differ */
  publicKeyPem: string;
  fetch: typeof fetch;
  now?: () => number;
  newRequestId?: () => string;
}

type Json = Record<string, unknown>;

interface Session {
  authtoken: string;
  sek: Buffer;
  expiresAt: number;
}

/** A NIC refusal carried out of a call, to be answered as `Refused`. */
class NicRefusal extends Error {
  constructor(readonly answer: Refused) {
    super(answer.detail);
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The codes of a refusal's `error` (base64 of `{ errorCodes: "238,604," }`), tolerating plain JSON. */
export function errorCodesOf(error: unknown): string[] {
  let inner: unknown = error;
  if (typeof error === 'string') {
    try {
      inner = JSON.parse(Buffer.from(error, 'base64').toString('utf8')) as unknown;
    } catch {
      return [];
    }
  }
  const codes = inner && typeof inner === 'object' ? str((inner as Json).errorCodes) : '';
  return codes
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

function refusalOf(codes: string[]): Refused {
  const detail = codes.length
    ? codes.map((c) => `${c}: ${NIC_ERRORS[c] ?? 'NIC error'}`).join('; ')
    : 'the e-way bill portal refused the call without a reason';
  return refused(codes.some((c) => UNAVAILABLE_CODES.has(c)) ? 'UNAVAILABLE' : 'REFUSED', detail, codes);
}

/** NIC's last minute → the moment the bill ends; null when NIC gives none (no Part B yet). */
function endOf(validUpto: unknown): number | null {
  const at = parseNicDateTime(validUpto);
  return at === null ? null : at + LAST_MINUTE_MS;
}

function partBFields(b: PartB): Json {
  return {
    transMode: TRANSPORT_MODES[b.mode],
    vehicleNo: b.vehicleNo ?? '',
    vehicleType: b.overDimensional ? 'O' : 'R',
    transDocNo: b.transportDocNo ?? '',
    transDocDate: b.transportDocDate ? nicDate(b.transportDocDate) : '',
  };
}

/** Part A and B in NIC's field names, money in rupees. */
export function generatePayload(r: GenerateRequest): Json {
  const party = (prefix: 'from' | 'to', p: GenerateRequest['from']) => ({
    [`${prefix}Gstin`]: p.gstin,
    [`${prefix}TrdName`]: p.tradeName,
    [`${prefix}Addr1`]: p.address1,
    [`${prefix}Addr2`]: p.address2 ?? '',
    [`${prefix}Place`]: p.place,
    [`${prefix}Pincode`]: Number(p.pincode),
    [`${prefix}StateCode`]: p.stateCode,
    [prefix === 'from' ? 'actFromStateCode' : 'actToStateCode']: p.stateCode,
  });
  const taxable = r.items.reduce((s, i) => s + i.taxableValuePaise, 0);
  return {
    supplyType: r.supplyType === 'OUTWARD' ? 'O' : 'I',
    subSupplyType: String(r.subSupplyType),
    docType: r.docType,
    docNo: r.docNo,
    docDate: nicDate(r.docDate),
    ...party('from', r.from),
    ...party('to', r.to),
    transactionType: r.transactionType,
    totalValue: rupeesOf(taxable),
    cgstValue: rupeesOf(r.cgstPaise),
    sgstValue: rupeesOf(r.sgstPaise),
    igstValue: rupeesOf(r.igstPaise),
    cessValue: rupeesOf(r.cessPaise),
    totInvValue: rupeesOf(r.totalInvoicePaise),
    transporterId: r.transporterId,
    transporterName: r.transporterName,
    transDistance: String(r.distanceKm),
    ...(r.partB ? partBFields(r.partB) : {}),
    itemList: r.items.map((i) => ({
      productName: i.productName,
      hsnCode: Number(i.hsnCode),
      quantity: i.quantity,
      qtyUnit: i.unit,
      taxableAmount: rupeesOf(i.taxableValuePaise),
      cgstRate: i.cgstRate,
      sgstRate: i.sgstRate,
      igstRate: i.igstRate,
      cessRate: 0,
    })),
  };
}

export function nicEwayBillProvider(cfg: NicConfig): EwayBillProvider {
  const now = cfg.now ?? Date.now;
  const newRequestId = cfg.newRequestId ?? (() => randomUUID().replace(/-/g, '').slice(0, 20));
  let session: Session | null = null;

  async function exchange(url: string, init: RequestInit): Promise<Json> {
    let res: Response;
    try {
      res = await cfg.fetch(url, init);
    } catch {
      throw new NicRefusal(refused('UNAVAILABLE', 'the e-way bill portal could not be reached'));
    }
    const text = await res.text();
    if (res.status !== 200)
      throw new NicRefusal(refused('UNAVAILABLE', `the e-way bill portal answered HTTP ${res.status}`));
    try {
      const body = JSON.parse(text) as unknown;
      if (body && typeof body === 'object') return body as Json;
    } catch {
      // falls through: not JSON
    }
    throw new NicRefusal(refused('UNAVAILABLE', 'the e-way bill portal answered something other than JSON'));
  }

  async function login(): Promise<Session> {
    const appKey = newAppKey();
    const inner = JSON.stringify({
      action: ACTIONS.auth,
      username: cfg.username,
      password: cfg.password,
      app_key: appKey.toString('base64'),
    });
    const body = await exchange(`${cfg.baseUrl}${AUTH_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'client-id': cfg.clientId,
        'client-secret': cfg.clientSecret,
        gstin: cfg.gstin,
      },
      body: JSON.stringify({ Data: rsaEncrypt(Buffer.from(inner).toString('base64'), cfg.publicKeyPem) }),
    });
    if (body.status !== '1') throw new NicRefusal(refusalOf(errorCodesOf(body.error)));
    const authtoken = str(body.authtoken);
    let sek: Buffer;
    try {
      sek = aesDecrypt(str(body.sek), appKey);
    } catch {
      throw new NicRefusal(refused('UNAVAILABLE', 'the session key from the e-way bill portal could not be read'));
    }
    session = { authtoken, sek, expiresAt: now() + TOKEN_LIFE_MS };
    return session;
  }

  /** A live session: the one held while its token lives (a minute to spare), else a new login. */
  async function current(): Promise<Session> {
    if (session && now() < session.expiresAt - 60_000) return session;
    return login();
  }

  function headers(s: Session): Record<string, string> {
    return {
      'content-type': 'application/json',
      authtoken: s.authtoken,
      gstin: cfg.gstin,
      'client-id': cfg.clientId,
      'client-secret': cfg.clientSecret,
      requestid: newRequestId(),
    };
  }

  /** One call with the session's key; a token NIC no longer takes earns one new login and one retry. */
  async function call(send: (s: Session) => Promise<Json>, read: (s: Session, body: Json) => Json): Promise<Json> {
    for (let attempt = 0; ; attempt++) {
      const s = await current();
      const body = await send(s);
      if (body.status === '1') {
        try {
          return read(s, body);
        } catch {
          throw new NicRefusal(refused('UNAVAILABLE', 'the answer of the e-way bill portal could not be decrypted'));
        }
      }
      const codes = errorCodesOf(body.error);
      if (attempt === 0 && codes.some((c) => RELOGIN_CODES.has(c))) {
        session = null;
        continue;
      }
      throw new NicRefusal(refusalOf(codes));
    }
  }

  const post = (action: string, payload: Json) =>
    call(
      (s) =>
        exchange(`${cfg.baseUrl}${EWAY_PATH}`, {
          method: 'POST',
          headers: headers(s),
          body: JSON.stringify({ action, data: aesEncrypt(JSON.stringify(payload), s.sek) }),
        }),
      (s, body) => JSON.parse(aesDecrypt(str(body.data), s.sek).toString('utf8')) as Json,
    );

  async function answered<T>(work: () => Promise<T>): Promise<Answer<T>> {
    try {
      return { ok: true, ...(await work()) };
    } catch (e) {
      if (e instanceof NicRefusal) return e.answer;
      throw e;
    }
  }

  const updated = (ewbNo: string, at: unknown, validUpto: unknown): Updated => ({
    ewayBillNumber: ewbNo,
    updatedAt: parseNicDateTime(at) ?? now(),
    expiresAt: endOf(validUpto),
  });

  return {
    name: 'nic',
    sandbox: false,

    generate: (request) =>
      answered(async (): Promise<Issued> => {
        const d = await post(ACTIONS.generate, generatePayload(request));
        return {
          ewayBillNumber: str(d.ewayBillNo),
          generatedAt: parseNicDateTime(d.ewayBillDate) ?? now(),
          expiresAt: endOf(d.validUpto),
          alert: str(d.alert).trim() || null,
        };
      }),

    updatePartB: (u) =>
      answered(async () => {
        const d = await post(ACTIONS.partB, {
          ewbNo: Number(u.ewayBillNumber),
          fromPlace: u.fromPlace,
          fromState: u.fromStateCode,
          reasonCode: String(u.reason),
          reasonRem: u.remarks,
          ...partBFields(u.partB),
        });
        return updated(u.ewayBillNumber, d.vehUpdDate, d.validUpto);
      }),

    extend: (x) =>
      answered(async () => {
        const d = await post(ACTIONS.extend, {
          ewbNo: Number(x.ewayBillNumber),
          fromPlace: x.fromPlace,
          fromState: x.fromStateCode,
          fromPincode: Number(x.fromPincode),
          remainingDistance: x.remainingKm,
          extnRsnCode: x.reason,
          extnRemarks: x.remarks,
          consignmentStatus: 'M',
          transitType: '',
          ...partBFields(x.partB),
        });
        return updated(x.ewayBillNumber, d.updatedDate, d.validUpto);
      }),

    cancel: (ewayBillNumber, reason, remarks) =>
      answered(async () => {
        const d = await post(ACTIONS.cancel, {
          ewbNo: Number(ewayBillNumber),
          cancelRsnCode: reason,
          cancelRmrk: remarks,
        });
        return { ewayBillNumber, cancelledAt: parseNicDateTime(d.cancelDate) ?? now() };
      }),

    get: (ewayBillNumber) =>
      answered(async (): Promise<EwayBillRecord> => {
        const d = await call(
          (s) =>
            exchange(`${cfg.baseUrl}${GET_PATH}?ewbNo=${encodeURIComponent(ewayBillNumber)}`, {
              method: 'GET',
              headers: headers(s),
            }),
          (s, body) => {
            const rek = aesDecrypt(str(body.rek), s.sek);
            return JSON.parse(aesDecrypt(str(body.data), rek).toString('utf8')) as Json;
          },
        );
        const vehicles = Array.isArray(d.VehiclListDetails) ? (d.VehiclListDetails as Json[]) : [];
        const status = str(d.status);
        return {
          ewayBillNumber: str(d.ewbNo) || ewayBillNumber,
          status: status === 'CNL' || status === 'EXP' || status === 'REJ' ? status : 'ACT',
          generatedAt: parseNicDateTime(d.ewayBillDate) ?? 0,
          expiresAt: endOf(d.validUpto),
          docNo: str(d.docNo),
          fromGstin: str(d.fromGstin),
          toGstin: str(d.toGstin),
          totalInvoicePaise: paiseOf(Number(d.totInvValue) || 0),
          vehicleNo: str(vehicles.at(-1)?.vehicleNo) || null,
          items: (Array.isArray(d.itemList) ? (d.itemList as Json[]) : []).map((i) => ({
            productName: str(i.productName),
            hsnCode: String(i.hsnCode ?? ''),
            quantity: Number(i.quantity) || 0,
            unit: str(i.qtyUnit),
            taxableValuePaise: paiseOf(Number(i.taxableAmount) || 0),
            cgstRate: Number(i.cgstRate) || 0,
            sgstRate: Number(i.sgstRate) || 0,
            igstRate: Number(i.igstRate) || 0,
          })),
        };
      }),
  };
}
