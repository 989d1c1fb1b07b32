import { pathOf, type InputOf } from '../../src/domain/operation';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { type AccessClaims } from '../../src/domain/account-contract';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { API_SETUP } from '../../src/domain/setup-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import type { CsvUploadRow, UploadOperations } from '../../src/domain/uploads-contract';
import { pickupAddresses } from '../../server/db/schema';
import { seedDemo } from '../../server/seeds/demo-accounts';
import type { Db } from '../../server/db/client';
import { createOrganisationWithOwner } from '../../server/modules/registration/create-owner';
import { hashPassword } from '../../server/modules/auth/passwords';
import { SANDBOX_OTP } from '../../server/verification/sandbox-provider';
import { API_KYC } from '../../src/domain/kyc-contract';
import { startTestServer, type TestServer } from './harness';
import { shippableOrderBody } from './order-body';
import { answer, answerOf } from './call';
import { API_AUTH } from '../../src/domain/auth-contract';

export { shippableOrderBody };

// Shared steps of the server tests: demo data, logins, cookies and codes from the outbox.

export const SELLER = { email: 'seller@demo.dakiya.in', password: 'Seller@123' };
export const MEERA = { email: 'meera@demo.dakiya.in', password: 'Seller@123' };
export const STAFF = { email: 'ops@dakiya.in', password: 'Staff@123' };

export function startDemoServer(): Promise<TestServer> {
  return startTestServer({ seed: async (deps) => void (await seedDemo(deps)) });
}

export function basic(email: string, password: string): string {
  return `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
}

/** The dk_rt value a response set ('' when it cleared it), or null when it set none. */
export function refreshCookieOf(res: Response): string | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith('dk_rt='));
  return line ? line.slice('dk_rt='.length).split(';')[0] : null;
}

export function loginRequest(
  s: TestServer,
  who: { email: string; password: string },
  headers: Record<string, string> = {},
) {
  return s.request(API_AUTH.login.path, {
    method: 'POST',
    headers: { authorization: basic(who.email, who.password), ...headers },
  });
}

export async function login(s: TestServer, who: { email: string; password: string }) {
  const res = await loginRequest(s, who);
  const cookie = refreshCookieOf(res);
  const data = await answerOf(API_AUTH.login, res);
  return {
    token: data.accessToken,
    cookie: `dk_rt=${cookie}`,
    mustChangePassword: data.mustChangePassword,
    claims: decodeJwt(data.accessToken) as unknown as AccessClaims,
  };
}

/** The newest message to a recipient and the 6-digit code in it. */
export async function latestMessage(s: TestServer, recipient: string) {
  const rows = await s.deps.messenger.recent();
  const m = rows.find((r) => r.recipient === recipient);
  if (!m) throw new Error(`no message to ${recipient}`);
  return { ...m, code: /\b(\d{6})\b/.exec(m.body)?.[1] ?? '' };
}

/** A different client address per call, so per-IP caps do not couple unrelated tests. */
let ipCounter = 10;
export function freshIp(): Record<string, string> {
  ipCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${ipCounter}` };
}

/** Tokens of both demo sellers and the staff login, for tenant and role checks. */
export async function demoTokens(s: TestServer) {
  return {
    seller: (await login(s, SELLER)).token,
    meera: (await login(s, MEERA)).token,
    staff: (await login(s, STAFF)).token,
  };
}

/** Meera's pickup address in Jaipur (302003), verified, with her organisation's id: orders that can ship. */
export async function verifiedPickup(s: TestServer, meera: string): Promise<{ pickupId: number; orgId: number }> {
  const address = await answer(s, API_SETUP.addAddress, {
    body: {
      entityName: 'Meera Jaipur',
      phoneNumber: '9123456780',
      email: 'p@m.in',
      addressLine1: 'Johari Bazaar',
      pincode: '302003',
    },
    token: meera,
  });
  await s.deps.db
    .update(pickupAddresses)
    .set({ verifiedAt: s.clock.now })
    .where(eq(pickupAddresses.id, address.addressId));
  const [{ orgId }] = await s.deps.db
    .select({ orgId: pickupAddresses.orgId })
    .from(pickupAddresses)
    .where(eq(pickupAddresses.id, address.addressId));
  return { pickupId: address.addressId, orgId };
}

/** A new order of one vase from that pickup address to Bengaluru (560038); `over` changes any field. */
export async function newShippableOrder(
  s: TestServer,
  token: string,
  pickupId: number,
  over: Record<string, unknown> = {},
): Promise<OrderDetail> {
  // `over` may change any field, so the body is the contract's by the test's word
  return answer(s, API_ORDERS.create, {
    token,
    body: shippableOrderBody(pickupId, over) as InputOf<typeof API_ORDERS.create>['body'],
  });
}

/** Books the order with the first courier the ship dialog quotes: the shipment. */
export async function shipWithFirstQuote(s: TestServer, token: string, orderId: number) {
  const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId }, token });
  return answer(s, API_SHIPPING.ship, { params: { orderId }, body: { carrierCode: quotes[0].carrierCode }, token });
}

let floatKeys = 0;
/** Staff credits an organisation's wallet (rupees), as the tests' float. */
export function creditWallet(s: TestServer, staff: string, orgId: number, amount: number, reason: string) {
  return s.request(pathOf(API_WALLET.adjust, { orgId }), {
    method: 'POST',
    json: { direction: 'CREDIT', amount, reason, idempotencyKey: `float-${orgId}-${++floatKeys}` },
    token: staff,
  });
}

/** The lines of a CSV answer, without the BOM. */
export async function csvLines(res: Response): Promise<string[]> {
  return (await res.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
}

/** An export of a list: seller 200 as CSV, staff 403, no token 401, and another seller sees none of it. */
export async function checkExport(
  s: TestServer,
  path: string,
  tokens: { seller: string; meera: string; staff: string },
  header: string,
  mustContain: string,
) {
  const res = await s.request(path, { token: tokens.seller });
  const lines = await csvLines(res);
  const theirs = (await csvLines(await s.request(path, { token: tokens.meera }))).join('\n');
  return {
    status: res.status,
    disposition: res.headers.get('content-disposition'),
    header: lines[0] === header,
    contains: lines.slice(1).some((l) => l.includes(mustContain)),
    leaks: theirs.includes(mustContain),
    staff: (await s.request(path, { token: tokens.staff })).status,
    anonymous: (await s.request(path)).status,
  };
}

/** A multipart body with one CSV file in the field "file". */
export function csvForm(text: string | Uint8Array<ArrayBuffer>, name = 'upload.csv'): FormData {
  const f = new FormData();
  f.set('file', new File([text], name, { type: 'text/csv' }));
  return f;
}

/** Sends a CSV file to a kind's upload (multipart, field "file") and answers the upload as it started. */
export async function startUpload(
  s: TestServer,
  ops: UploadOperations,
  text: string,
  name: string,
  token: string,
): Promise<CsvUploadRow> {
  return answerOf(ops.upload, await s.request(ops.upload.path, { method: 'POST', body: csvForm(text, name), token }));
}

/** Each operation of a kind's uploads as [method, path], an upload's id being 1 (for tests of who may call them). */
export const uploadRoutes = (ops: UploadOperations): ['GET' | 'POST', string][] =>
  Object.values(ops).map((op) => [op.method === 'post' ? 'POST' : 'GET', pathOf(op, { uploadId: 1 })]);

/** Polls an upload (its status operation) until the import job is DONE or FAILED. */
export async function finishedUpload(
  s: TestServer,
  ops: UploadOperations,
  uploadId: number,
  token: string,
): Promise<CsvUploadRow> {
  for (let i = 0; i < 400; i++) {
    const row = await answer(s, ops.status, { params: { uploadId }, token });
    if (row.status === 'DONE' || row.status === 'FAILED') return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`upload ${pathOf(ops.status, { uploadId })} did not finish`);
}

/** A new seller (an organisation and its owner, as sign-up makes them) that has not done KYC yet; logged in. */
export async function newSeller(
  s: TestServer,
  who: { email: string; phone: string; companyName: string; firstName?: string; lastName?: string },
) {
  const password = 'Seller@123';
  await s.deps.db.transaction(async (tx) =>
    createOrganisationWithOwner(tx as unknown as Db, {
      firstName: 'Priya',
      lastName: 'Nair',
      ...who,
      passwordHash: await hashPassword(password),
      enabled: true,
      terms: null,
      now: s.clock.now,
    }),
  );
  return login(s, { email: who.email, password });
}

/** The sandbox's individual PRIYA NAIR (docs/simulated.md): a PAN and an Aadhaar whose names match. */
export const PRIYA = { profileName: 'Priya Nair', pan: 'ABCPN1234K', aadhaar: '234567890124' };
/** The smallest PNG: one white pixel. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads one KYC document through the API (multipart "file"). */
export function uploadKycDocument(s: TestServer, token: string, kind: string, bytes: Uint8Array, name = 'doc.png') {
  const form = new FormData();
  form.set('file', new File([bytes], name));
  return s.request(pathOf(API_KYC.upload, { documentKind: kind }), { method: 'POST', body: form, token });
}

/**
 * Completes a seller's KYC as a seller and staff would, through the API: an individual with the
 * sandbox identity PRIYA NAIR (PAN, Aadhaar OTP 123456, the four documents), submitted, and
 * verified: by the automatic check when the account holder is Priya Nair, else by staff. The
 * seller may then ship.
 */
export async function completeKyc(s: TestServer, seller: string, staff: string): Promise<void> {
  const token = seller;
  await answer(s, API_KYC.saveValues, { token, body: { accountType: 'INDIVIDUAL', profileName: PRIYA.profileName } });
  await answer(s, API_KYC.panVerify, { token, body: { panNumber: PRIYA.pan } });
  await answer(s, API_KYC.aadharVerify, { token, body: { aadharNumber: PRIYA.aadhaar } });
  await answer(s, API_KYC.aadharSubmit, { token, body: { otp: SANDBOX_OTP } });
  for (const kind of ['PAN', 'AADHAAR_FRONT', 'AADHAAR_BACK', 'PROFILE'])
    await answerOf(API_KYC.upload, await uploadKycDocument(s, seller, kind, TINY_PNG));
  const view = await answer(s, API_KYC.submit, { token });
  if (view.status === 'SUBMITTED')
    await answer(s, API_KYC.status, {
      params: { applicationId: view.applicationId! },
      token: staff,
      body: { status: 'APPROVED' },
    });
}

/** What `read` gives once `done` holds: a queued job's outcome (pg-boss runs it in the background), polled up to `ms`. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
