import { decodeJwt } from 'jose';
import { API, type AccessClaims, type LoginAnswer } from '../../src/domain/account-contract';
import { seedDemo } from '../../server/seeds/demo-accounts';
import { dataOf, startTestServer, type TestServer } from './harness';

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
  return s.request(API.login, {
    method: 'POST',
    headers: { authorization: basic(who.email, who.password), ...headers },
  });
}

export async function login(s: TestServer, who: { email: string; password: string }) {
  const res = await loginRequest(s, who);
  const cookie = refreshCookieOf(res);
  const data = await dataOf<LoginAnswer>(res);
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

/** Polls an upload (GET its path) until the import job is DONE or FAILED. */
export async function finishedUpload<T extends { status: string }>(
  s: TestServer,
  path: string,
  token: string,
): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const row = await dataOf<T>(await s.request(path, { token }));
    if (row.status === 'DONE' || row.status === 'FAILED') return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`upload ${path} did not finish`);
}
