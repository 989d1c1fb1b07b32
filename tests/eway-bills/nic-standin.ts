import { constants, generateKeyPairSync, privateDecrypt, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { expiresAt, validityDays } from '../../src/domain/b2b/eway-bill-validity';
import { CANCEL_WINDOW_HOURS, extensionWindow } from '../../src/domain/b2b/eway-bill-lifecycle';
import { aesDecrypt, aesEncrypt, APP_KEY_BYTES } from '../../server/eway-bills/nic-crypto';
import {
  ACTIONS,
  AUTH_PATH,
  EWAY_PATH,
  GET_PATH,
  LAST_MINUTE_MS,
  nicDateTime,
  TOKEN_LIFE_MS,
} from '../../server/eway-bills/nic-wire';
import { baseUrlOf, closeServer, listenLocally, readBody, send, StandinGate } from '../carriers/standin/standin-http';

// The NIC e-way bill API (v1.03) on a local port, as strict as shared/b2b.md §B4 and the open
// integration it cites: a login whose payload must be RSA-encrypted with this portal's own public
// key and carry a 32-byte app key, answered with an auth token and a session key (SEK) encrypted
// with that app key; every later call must carry the token (6 hours of life), the GSTIN, the
// client id and secret, and a payload AES-256-ECB-encrypted with the SEK, and is answered the same
// way; refusals are `{ status "0", error: base64({ errorCodes }) }` with NIC's codes. It checks
// Part A's required fields, issues 12-digit numbers valid by distance (src/domain/b2b), takes
// Part B, extends in the 8-hour window, cancels within 24 hours, and answers GetEwayBill with its
// own `rek`. NIC publishes no rate limit; this one allows 100 calls a minute and then refuses with
// code 658 (NIC's text for a blocked caller). Where NIC's code for a refusal is not known (a
// cancellation after 24 hours) it answers 315 (⚠ the stand-in's choice). It keeps its own clock.

export const NIC_STANDIN_CREDENTIALS = {
  gstin: '29AAACD1234F1Z5',
  username: 'DAKIYA_EWB_API',
  password: 'ewb-s3cret',
  clientId: 'GSP_CLIENT_01',
  clientSecret: 'gsp-client-s3cret',
};

interface Token {
  sek: Buffer;
  issuedAt: number;
}

interface Bill {
  ewbNo: string;
  status: 'ACT' | 'CNL' | 'EXP';
  generatedAt: number;
  expires: number | null;
  distanceKm: number;
  overDimensional: boolean;
  payload: Record<string, unknown>;
  vehicles: string[];
}

const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const DATE = /^\d{2}\/\d{2}\/\d{4}$/;
const PIN = /^[1-9]\d{5}$/;
const VEHICLE = /^[A-Z]{2}\d{1,2}[A-Z]{0,3}\d{4}$/;
const DOC_TYPES = ['INV', 'BIL', 'BOE', 'CHL', 'CNT', 'OTH'];

class Refusal extends Error {
  constructor(readonly codes: string[]) {
    super(codes.join(','));
  }
}
const refuse = (...codes: string[]) => new Refusal(codes);

/** PKCS#1 v1.5 decryption by hand: node 20 refuses the padding for private decryption, not the raw operation. */
function rsaDecrypt(base64: string, key: KeyObject): Buffer {
  const raw = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, Buffer.from(base64, 'base64'));
  const sep = raw.indexOf(0, 2);
  if (raw[0] !== 0 || raw[1] !== 2 || sep < 10) throw new Error('bad padding');
  return raw.subarray(sep + 1);
}

export class NicStandin {
  readonly publicKeyPem: string;
  private readonly privateKey: KeyObject;
  private readonly server: Server;
  readonly gate: StandinGate;
  private readonly tokens = new Map<string, Token>();
  private readonly bills = new Map<string, Bill>();
  private next = 391_000_000_001;
  /** every call's path and raw body, for tests that look at what went over the wire */
  readonly seen: { path: string; body: string }[] = [];

  constructor(start = new Date('2026-04-02T08:30:00.000Z')) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = pair.privateKey;
    this.publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    this.gate = new StandinGate(start, { calls: 100, windowSeconds: 60 });
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  get now(): number {
    return this.gate.now;
  }

  advance(ms: number): void {
    this.gate.advance(ms);
  }

  async start(): Promise<string> {
    await listenLocally(this.server);
    return baseUrlOf(this.server, 'NIC e-way bill');
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }

  bill(ewbNo: string): Bill | undefined {
    return this.bills.get(ewbNo);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://standin');
    this.seen.push({ path: url.pathname, body: raw });
    try {
      if (this.gate.admit() !== 'pass') throw refuse('658');
      if (req.method === 'POST' && url.pathname === AUTH_PATH) return send(res, 200, this.login(req, raw));
      const token = this.session(req);
      if (req.method === 'POST' && url.pathname === EWAY_PATH) {
        const { action, payload } = this.open(raw, token.sek);
        const answer = this.act(action, payload);
        return send(res, 200, { status: '1', data: aesEncrypt(JSON.stringify(answer), token.sek) });
      }
      if (req.method === 'GET' && url.pathname === GET_PATH) {
        const rek = randomBytes(APP_KEY_BYTES);
        const answer = this.record(url.searchParams.get('ewbNo') ?? '');
        return send(res, 200, {
          status: '1',
          rek: aesEncrypt(rek, token.sek),
          data: aesEncrypt(JSON.stringify(answer), rek),
        });
      }
      return send(res, 404, { message: 'no such path' });
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      const error = Buffer.from(JSON.stringify({ errorCodes: `${e.codes.join(',')},` })).toString('base64');
      return send(res, 200, { status: '0', error });
    }
  }

  private checkClient(req: IncomingMessage): void {
    const c = NIC_STANDIN_CREDENTIALS;
    if (req.headers['client-id'] !== c.clientId || req.headers['client-secret'] !== c.clientSecret) throw refuse('110');
    if (req.headers.gstin !== c.gstin) throw refuse('108');
  }

  private login(req: IncomingMessage, raw: string): Record<string, unknown> {
    this.checkClient(req);
    let inner: Record<string, unknown>;
    try {
      const data = (JSON.parse(raw) as { Data?: unknown }).Data;
      const plain = rsaDecrypt(String(data), this.privateKey).toString('utf8');
      inner = JSON.parse(Buffer.from(plain, 'base64').toString('utf8')) as Record<string, unknown>;
    } catch {
      throw refuse('109');
    }
    if (inner.action !== ACTIONS.auth) throw refuse('239');
    const c = NIC_STANDIN_CREDENTIALS;
    if (inner.username !== c.username || inner.password !== c.password) throw refuse('108');
    const appKey = Buffer.from(String(inner.app_key), 'base64');
    if (appKey.length !== APP_KEY_BYTES) throw refuse('109');
    const sek = randomBytes(APP_KEY_BYTES);
    const authtoken = randomBytes(15).toString('base64url');
    this.tokens.set(authtoken, { sek, issuedAt: this.now });
    return { status: '1', authtoken, sek: aesEncrypt(sek, appKey) };
  }

  private session(req: IncomingMessage): Token {
    this.checkClient(req);
    const token = this.tokens.get(String(req.headers.authtoken ?? ''));
    if (!token) throw refuse('238');
    if (this.now - token.issuedAt >= TOKEN_LIFE_MS) throw refuse('106');
    return token;
  }

  private open(raw: string, sek: Buffer): { action: string; payload: Record<string, unknown> } {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      throw refuse('100');
    }
    let plain: string;
    try {
      plain = aesDecrypt(String(body.data), sek).toString('utf8');
    } catch {
      throw refuse('109');
    }
    try {
      return { action: String(body.action), payload: JSON.parse(plain) as Record<string, unknown> };
    } catch {
      throw refuse('100');
    }
  }

  private act(action: string, p: Record<string, unknown>): Record<string, unknown> {
    if (action === ACTIONS.generate) return this.generate(p);
    if (action === ACTIONS.partB) return this.partB(p);
    if (action === ACTIONS.extend) return this.extend(p);
    if (action === ACTIONS.cancel) return this.cancel(p);
    throw refuse('239');
  }

  private generate(p: Record<string, unknown>): Record<string, unknown> {
    const codes: string[] = [];
    const s = (k: string) => (typeof p[k] === 'string' || typeof p[k] === 'number' ? String(p[k]) : '');
    if (!['O', 'I'].includes(s('supplyType'))) codes.push('201');
    if (!DOC_TYPES.includes(s('docType'))) codes.push('204');
    if (!s('docNo') || s('docNo').length > 16) codes.push('206');
    if (!DATE.test(s('docDate'))) codes.push('207');
    if (!GSTIN.test(s('fromGstin'))) codes.push('208');
    else if (s('supplyType') === 'O' && s('fromGstin') !== NIC_STANDIN_CREDENTIALS.gstin) codes.push('359');
    if (!PIN.test(s('fromPincode'))) codes.push('210');
    if (!GSTIN.test(s('toGstin')) && s('toGstin') !== 'URP') codes.push('212');
    if (!PIN.test(s('toPincode'))) codes.push('214');
    const km = Number(s('transDistance'));
    if (!Number.isInteger(km) || km < 1 || km > 4000) codes.push('221');
    if (s('vehicleNo') && !VEHICLE.test(s('vehicleNo'))) codes.push('225');
    if (!Array.isArray(p.itemList) || p.itemList.length === 0) codes.push('233');
    if (codes.length) throw refuse(...codes);
    const duplicate = [...this.bills.values()].some(
      (b) => b.payload.docNo === p.docNo && b.payload.docType === p.docType && b.status !== 'CNL',
    );
    if (duplicate) throw refuse('604');
    const partB = Boolean(s('vehicleNo') || s('transDocNo'));
    const overDimensional = s('vehicleType') === 'O';
    const bill: Bill = {
      ewbNo: String(this.next++),
      status: 'ACT',
      generatedAt: this.now,
      expires: partB ? expiresAt(this.now, { distanceKm: km, overDimensional }) : null,
      distanceKm: km,
      overDimensional,
      payload: p,
      vehicles: s('vehicleNo') ? [s('vehicleNo')] : [],
    };
    this.bills.set(bill.ewbNo, bill);
    return {
      ewayBillNo: Number(bill.ewbNo),
      ewayBillDate: nicDateTime(bill.generatedAt),
      validUpto: bill.expires === null ? null : nicDateTime(bill.expires - LAST_MINUTE_MS),
      alert: '',
    };
  }

  /** the bill of a payload's ewbNo, its status brought up to the clock */
  private find(ewbNo: unknown): Bill {
    const bill = this.bills.get(String(ewbNo));
    if (!bill) throw refuse('301');
    if (bill.status === 'ACT' && bill.expires !== null && this.now >= bill.expires) bill.status = 'EXP';
    return bill;
  }

  private partB(p: Record<string, unknown>): Record<string, unknown> {
    const bill = this.find(p.ewbNo);
    if (bill.status === 'CNL') throw refuse('312');
    if (bill.status === 'EXP') throw refuse('311');
    if (!['1', '2', '3', '4'].includes(String(p.reasonCode))) throw refuse('307');
    if (!String(p.reasonRem ?? '').trim()) throw refuse('308');
    if (!VEHICLE.test(String(p.vehicleNo ?? ''))) throw refuse('225');
    if (bill.expires === null) {
      bill.overDimensional = p.vehicleType === 'O';
      bill.expires = expiresAt(this.now, { distanceKm: bill.distanceKm, overDimensional: bill.overDimensional });
    }
    bill.vehicles.push(String(p.vehicleNo));
    return { vehUpdDate: nicDateTime(this.now), validUpto: nicDateTime(bill.expires - LAST_MINUTE_MS) };
  }

  private extend(p: Record<string, unknown>): Record<string, unknown> {
    const bill = this.find(p.ewbNo);
    if (bill.status === 'CNL') throw refuse('379');
    if (bill.expires === null) throw refuse('381');
    const { opensAt, closesAt } = extensionWindow(bill.expires);
    if (this.now < opensAt || this.now > closesAt) throw refuse('382');
    if (![1, 2, 4, 5, 99].includes(Number(p.extnRsnCode)) || !String(p.extnRemarks ?? '').trim()) throw refuse('386');
    const remaining = Number(p.remainingDistance);
    if (!Number.isInteger(remaining) || remaining < 1) throw refuse('389');
    if (remaining > bill.distanceKm) throw refuse('390');
    // the new validity counts from now for the distance left (⚠ the stand-in's reading)
    bill.expires = expiresAt(this.now, { distanceKm: remaining, overDimensional: bill.overDimensional });
    bill.status = 'ACT';
    if (p.vehicleNo) bill.vehicles.push(String(p.vehicleNo));
    return {
      ewayBillNo: Number(bill.ewbNo),
      updatedDate: nicDateTime(this.now),
      validUpto: nicDateTime(bill.expires - LAST_MINUTE_MS),
      days: validityDays({ distanceKm: remaining }),
    };
  }

  private cancel(p: Record<string, unknown>): Record<string, unknown> {
    const bill = this.find(p.ewbNo);
    if (bill.status === 'CNL') throw refuse('312');
    if (![1, 2, 3, 4].includes(Number(p.cancelRsnCode))) throw refuse('307');
    if (this.now - bill.generatedAt > CANCEL_WINDOW_HOURS * 3600_000) throw refuse('315');
    bill.status = 'CNL';
    return { ewayBillNo: Number(bill.ewbNo), cancelDate: nicDateTime(this.now) };
  }

  private record(ewbNo: string): Record<string, unknown> {
    if (!/^\d+$/.test(ewbNo)) throw refuse('395');
    const bill = this.bills.get(ewbNo);
    if (!bill) throw refuse('325');
    this.find(ewbNo);
    return {
      ewbNo: Number(bill.ewbNo),
      ewayBillDate: nicDateTime(bill.generatedAt),
      status: bill.status,
      docNo: bill.payload.docNo,
      fromGstin: bill.payload.fromGstin,
      toGstin: bill.payload.toGstin,
      totInvValue: bill.payload.totInvValue,
      validUpto: bill.expires === null ? null : nicDateTime(bill.expires - LAST_MINUTE_MS),
      VehiclListDetails: bill.vehicles.map((vehicleNo) => ({ vehicleNo })),
    };
  }
}
