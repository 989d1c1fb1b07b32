import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expiresAt } from '../../src/domain/b2b/eway-bill-validity';
import { paiseOf } from '../../src/domain/money';
import { nicEwayBillProvider } from '../../server/eway-bills/nic';
import { AUTH_PATH } from '../../server/eway-bills/nic-wire';
import type { EwayBillProvider, GenerateRequest } from '../../server/eway-bills/provider';
import { sandboxEwayBillProvider } from '../../server/eway-bills/sandbox';
import { buildEwayBills, ewayBillSettingsProblems } from '../../server/eway-bills/setup';
import { NIC_STANDIN_CREDENTIALS, NicStandin } from '../eway-bills/nic-standin';

// The NIC e-way bill adapter against the protocol stand-in (tests/eway-bills/nic-standin.ts):
// the login with NIC's public key and the session key, encrypted payloads both ways, each call of
// the interface, and each refusal the portal answers.

const HOUR = 3600_000;

const request = (over: Partial<GenerateRequest> = {}): GenerateRequest => ({
  supplyType: 'OUTWARD',
  subSupplyType: 1,
  docType: 'INV',
  docNo: 'DKY/26/0042',
  docDate: '2026-04-02',
  from: {
    gstin: NIC_STANDIN_CREDENTIALS.gstin,
    tradeName: 'Dakiya Demo Traders',
    address1: '12 Residency Road',
    place: 'Bengaluru',
    pincode: '560025',
    stateCode: 29,
  },
  to: {
    gstin: '27AAPFU0939F1ZV',
    tradeName: 'Pune Distributors',
    address1: 'Plot 7, MIDC Bhosari',
    place: 'Pune',
    pincode: '411026',
    stateCode: 27,
  },
  transactionType: 1,
  items: [
    {
      productName: 'Steel cookware',
      hsnCode: '7323',
      quantity: 240,
      unit: 'NOS',
      taxableValuePaise: paiseOf(101_694.92),
      cgstRate: 0,
      sgstRate: 0,
      igstRate: 18,
    },
  ],
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: paiseOf(18_305.08),
  cessPaise: 0,
  totalInvoicePaise: paiseOf(120_000),
  distanceKm: 840,
  transporterId: '29AABCG1234H1Z2',
  transporterName: 'Gati Ltd',
  partB: { mode: 'ROAD', vehicleNo: 'KA01AB1234', transportDocNo: 'LR12345', transportDocDate: '2026-04-02' },
  ...over,
});

let standin: NicStandin;
let baseUrl: string;
let provider: EwayBillProvider;

const connect = (over: Partial<Parameters<typeof nicEwayBillProvider>[0]> = {}) =>
  nicEwayBillProvider({
    baseUrl,
    ...NIC_STANDIN_CREDENTIALS,
    publicKeyPem: standin.publicKeyPem,
    fetch,
    now: () => standin.now,
    ...over,
  });

const logins = () => standin.seen.filter((s) => s.path === AUTH_PATH).length;

beforeEach(async () => {
  standin = new NicStandin();
  baseUrl = await standin.start();
  provider = connect();
});
afterEach(() => standin.stop());

describe('generating', () => {
  it('logs in once, generates Part A and B encrypted, and reads the number and its validity', async () => {
    const issued = await provider.generate(request());
    if (!issued.ok) throw new Error(issued.detail);
    expect(issued.ewayBillNumber).toMatch(/^\d{12}$/);
    expect(issued.generatedAt).toBe(standin.now);
    // 840 km: 5 days, until midnight at the end of 7 Apr (IST)
    expect(issued.expiresAt).toBe(expiresAt(standin.now, { distanceKm: 840 }));
    expect(new Date(issued.expiresAt ?? 0).toISOString()).toBe('2026-04-07T18:30:00.000Z');
    // nothing readable went over the wire: not the password, not the invoice
    const wire = standin.seen.map((s) => s.body).join('\n');
    expect(wire).not.toContain(NIC_STANDIN_CREDENTIALS.password);
    expect(wire).not.toContain('DKY/26/0042');
    expect(standin.bill(issued.ewayBillNumber)?.payload).toMatchObject({
      supplyType: 'O',
      docDate: '02/04/2026',
      totInvValue: 120000,
      igstValue: 18305.08,
      transMode: '1',
      vehicleNo: 'KA01AB1234',
    });
    await provider.get(issued.ewayBillNumber);
    expect(logins()).toBe(1);
  });

  it('Part A alone has no validity until Part B is given; the vehicle shows on the bill', async () => {
    const issued = await provider.generate(request({ partB: null }));
    if (!issued.ok) throw new Error(issued.detail);
    expect(issued.expiresAt).toBeNull();
    standin.advance(2 * HOUR);
    const updated = await provider.updatePartB({
      ewayBillNumber: issued.ewayBillNumber,
      partB: { mode: 'ROAD', vehicleNo: 'KA05MN4321' },
      fromPlace: 'Bengaluru',
      fromStateCode: 29,
      reason: 4,
      remarks: 'First vehicle',
    });
    expect(updated).toMatchObject({ ok: true, expiresAt: expiresAt(standin.now, { distanceKm: 840 }) });
    const record = await provider.get(issued.ewayBillNumber);
    expect(record).toMatchObject({
      ok: true,
      status: 'ACT',
      vehicleNo: 'KA05MN4321',
      totalInvoicePaise: paiseOf(120_000),
      docNo: 'DKY/26/0042',
    });
  });

  it('refuses missing and malformed fields with NIC’s codes, each named', async () => {
    const r = await provider.generate(
      request({ docNo: '', to: { ...request().to, pincode: '41102' }, items: [], distanceKm: 0 }),
    );
    expect(r).toMatchObject({ ok: false, reason: 'REFUSED', codes: ['206', '214', '221', '233'] });
    expect(!r.ok && r.detail).toContain('214: Invalid Consignee PIN Code');
  });

  it('refuses a second bill on the same document', async () => {
    await provider.generate(request());
    expect(await provider.generate(request())).toMatchObject({ ok: false, reason: 'REFUSED', codes: ['604'] });
  });

  it('refuses an outward bill from another GSTIN than the login’s', async () => {
    const r = await provider.generate(request({ from: { ...request().from, gstin: '07AAACD1234F1Z1' } }));
    expect(r).toMatchObject({ ok: false, codes: ['359'] });
  });
});

describe('extending and cancelling', () => {
  it('extends only within 8 hours of expiry, for the distance left', async () => {
    const issued = await provider.generate(request({ distanceKm: 150 }));
    if (!issued.ok || issued.expiresAt === null) throw new Error('not issued');
    const extension = {
      ewayBillNumber: issued.ewayBillNumber,
      partB: { mode: 'ROAD' as const, vehicleNo: 'KA01AB1234' },
      fromPlace: 'Hosur',
      fromStateCode: 33,
      fromPincode: '635109',
      remainingKm: 90,
      reason: 5 as const,
      remarks: 'Vehicle accident near Hosur',
    };
    expect(await provider.extend(extension)).toMatchObject({ ok: false, reason: 'REFUSED', codes: ['382'] });
    standin.advance(issued.expiresAt - standin.now - 2 * HOUR);
    // more distance left than the bill was made for
    expect(await provider.extend({ ...extension, remainingKm: 500 })).toMatchObject({ ok: false, codes: ['390'] });
    const extended = await provider.extend(extension);
    expect(extended).toMatchObject({ ok: true, expiresAt: expiresAt(standin.now, { distanceKm: 90 }) });
  });

  it('cancels within 24 hours, and not again', async () => {
    const issued = await provider.generate(request());
    if (!issued.ok) throw new Error(issued.detail);
    standin.advance(23 * HOUR);
    expect(await provider.cancel(issued.ewayBillNumber, 3, 'Order cancelled by the buyer')).toMatchObject({
      ok: true,
      cancelledAt: standin.now - (standin.now % 1000),
    });
    expect(await provider.get(issued.ewayBillNumber)).toMatchObject({ ok: true, status: 'CNL' });
    expect(await provider.cancel(issued.ewayBillNumber, 3, 'again')).toMatchObject({ ok: false, codes: ['312'] });
  });

  it('refuses a cancellation after 24 hours', async () => {
    const issued = await provider.generate(request());
    if (!issued.ok) throw new Error(issued.detail);
    standin.advance(24 * HOUR + 1000);
    expect(await provider.cancel(issued.ewayBillNumber, 1, 'Duplicate')).toMatchObject({
      ok: false,
      reason: 'REFUSED',
      codes: ['315'],
    });
  });

  it('answers an unknown number with NIC’s code', async () => {
    expect(await provider.get('391999999999')).toMatchObject({ ok: false, reason: 'REFUSED', codes: ['325'] });
  });
});

describe('the session', () => {
  it('logs in again once its token has lived 6 hours', async () => {
    await provider.generate(request());
    standin.advance(6 * HOUR);
    expect(await provider.generate(request({ docNo: 'DKY/26/0043' }))).toMatchObject({ ok: true });
    expect(logins()).toBe(2);
  });

  it('logs in again when the portal calls its token expired before the adapter thought', async () => {
    // the adapter's own clock stands still: only the portal sees the 6 hours pass
    const frozen = standin.now;
    const p = connect({ now: () => frozen });
    await p.generate(request());
    standin.advance(6 * HOUR + 1000);
    expect(await p.generate(request({ docNo: 'DKY/26/0044' }))).toMatchObject({ ok: true });
    expect(logins()).toBe(2);
  });

  it('says the portal is unavailable for refused credentials, client keys and a wrong public key', async () => {
    expect(await connect({ password: 'wrong' }).generate(request())).toMatchObject({
      ok: false,
      reason: 'UNAVAILABLE',
      codes: ['108'],
    });
    expect(await connect({ clientSecret: 'wrong' }).generate(request())).toMatchObject({
      ok: false,
      reason: 'UNAVAILABLE',
      codes: ['110'],
    });
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    expect(await connect({ publicKeyPem: otherKey }).generate(request())).toMatchObject({
      ok: false,
      reason: 'UNAVAILABLE',
      codes: ['109'],
    });
  });

  it('says the portal is unavailable past its rate limit, and when it cannot be reached', async () => {
    await provider.generate(request());
    standin.gate.exhaustRateLimit();
    expect(await provider.get('391000000001')).toMatchObject({ ok: false, reason: 'UNAVAILABLE', codes: ['658'] });
    await standin.stop();
    expect(await connect().get('391000000001')).toMatchObject({ ok: false, reason: 'UNAVAILABLE', codes: [] });
    baseUrl = await standin.start();
  });
});

describe('the stand-in is strict', () => {
  it('refuses a call without a token, and a login not encrypted with its key', async () => {
    const headers = {
      'content-type': 'application/json',
      gstin: NIC_STANDIN_CREDENTIALS.gstin,
      'client-id': NIC_STANDIN_CREDENTIALS.clientId,
      'client-secret': NIC_STANDIN_CREDENTIALS.clientSecret,
    };
    const codes = async (res: Response) => {
      const body = (await res.json()) as { status: string; error: string };
      return [body.status, JSON.parse(Buffer.from(body.error, 'base64').toString('utf8')) as unknown];
    };
    const post = (path: string, h: Record<string, string>, body: unknown) =>
      fetch(`${baseUrl}${path}`, { method: 'POST', headers: h, body: JSON.stringify(body) });
    expect(
      await codes(await post('/ewaybillapi/v1.03/ewayapi', headers, { action: 'GENEWAYBILL', data: 'x' })),
    ).toEqual(['0', { errorCodes: '238,' }]);
    expect(await codes(await post(AUTH_PATH, headers, { Data: 'not encrypted' }))).toEqual([
      '0',
      { errorCodes: '109,' },
    ]);
  });
});

describe('choosing the provider', () => {
  const full = {
    EWAY_BILL_BASE_URL: 'http://127.0.0.1:9',
    EWAY_BILL_GSTIN: NIC_STANDIN_CREDENTIALS.gstin,
    EWAY_BILL_USERNAME: 'u',
    EWAY_BILL_PASSWORD: 'p',
    EWAY_BILL_CLIENT_ID: 'c',
    EWAY_BILL_CLIENT_SECRET: 's',
    EWAY_BILL_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nAAAA\\n-----END PUBLIC KEY-----',
  };

  it('is NIC when every credential is set, else the sandbox; a partial set is named', () => {
    expect(buildEwayBills({}, fetch).name).toBe('sandbox');
    expect(buildEwayBills(full, fetch).name).toBe('nic');
    expect(ewayBillSettingsProblems(full)).toEqual([]);
    expect(ewayBillSettingsProblems({})).toEqual([]);
    expect(ewayBillSettingsProblems({ ...full, EWAY_BILL_PASSWORD: '' })[0]).toContain('EWAY_BILL_PASSWORD is not set');
  });

  it('the sandbox issues 12-digit numbers and keeps the product’s rules', async () => {
    let now = Date.parse('2026-04-02T08:30:00.000Z');
    const sandbox = buildEwayBills({}, fetch);
    const s = sandboxEwayBillProvider(() => now);
    expect(sandbox.sandbox).toBe(true);
    const issued = await s.generate(request());
    if (!issued.ok) throw new Error(issued.detail);
    expect(issued.ewayBillNumber).toMatch(/^9\d{11}$/);
    expect(issued.expiresAt).toBe(expiresAt(now, { distanceKm: 840 }));
    expect(await s.generate(request())).toMatchObject({ ok: false, reason: 'REFUSED' });
    now += 25 * HOUR;
    expect(await s.cancel(issued.ewayBillNumber, 4, 'late')).toMatchObject({ ok: false, reason: 'REFUSED' });
    expect(await s.get(issued.ewayBillNumber)).toMatchObject({ ok: true, status: 'ACT', vehicleNo: 'KA01AB1234' });
  });
});
