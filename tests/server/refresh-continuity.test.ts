import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { refreshTokens } from '../../server/db/schema';
import { REFRESH_REPLAY_WINDOW_MS } from '../../server/modules/auth/refresh-tokens';
import { type TestServer } from './harness';
import { SELLER, login, refreshCookieOf, startDemoServer } from './helpers';
import { API_AUTH } from '../../src/domain/auth-contract';
import { answerOf, send } from './call';

// A legitimate browser can present its refresh cookie again after the server rotated it: tabs
// sharing the cookie refresh at once, or a refresh answer is lost on the way and the browser
// keeps the old cookie. Those stay signed in; a copy used after the window, or after its
// successor was used, still revokes the family.

describe('refresh-token continuity', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startDemoServer();
  });
  afterAll(() => s.close());

  const refresh = (cookie: string) => send(s, API_AUTH.refreshToken, { cookie });
  const cookieOf = (res: Response) => `dk_rt=${refreshCookieOf(res)}`;
  const familyOf = async (cookie: string) => {
    const hash = createHash('sha256').update(cookie.slice('dk_rt='.length)).digest('hex');
    const [row] = await s.deps.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
    return row.familyId;
  };
  /** Tokens of the family that could still be spent: neither used nor revoked. */
  const liveTokens = async (familyId: string) =>
    s.deps.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)));
  const signedIn = async (res: Response) =>
    (await s.request(API_ACCOUNT.accountInfo.path, { token: (await answerOf(API_AUTH.refreshToken, res)).accessToken }))
      .status === 200;

  it('five parallel refreshes with one cookie all succeed with the same successor, leaving one live token', async () => {
    const first = await login(s, SELLER);
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(first.cookie)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const cookies = new Set(answers.map(cookieOf));
    // whichever answer the browser keeps last, its cookie is the one live token
    expect(cookies.size).toBe(1);
    const family = await familyOf(first.cookie);
    expect(await liveTokens(family)).toHaveLength(1);
    for (const r of answers) expect(await signedIn(r)).toBe(true);
    const [successor] = cookies;
    expect(await familyOf(successor)).toBe(family);
    const next = await refresh(successor);
    expect(next.status).toBe(200);
    expect(await liveTokens(family)).toHaveLength(1);
  });

  it('a refresh answer lost on the way: the browser retries with the old cookie 30 seconds later and is still signed in', async () => {
    const first = await login(s, SELLER);
    const lost = await refresh(first.cookie); // rotated on the server; the browser never saw it
    expect(lost.status).toBe(200);
    s.clock.advance(30_000);
    const retry = await refresh(first.cookie);
    expect(retry.status).toBe(200);
    expect(cookieOf(retry)).toBe(cookieOf(lost));
    expect(await signedIn(retry)).toBe(true);
    // and the session goes on from there
    const after = await refresh(cookieOf(retry));
    expect(after.status).toBe(200);
    expect(await signedIn(after)).toBe(true);
    expect(await liveTokens(await familyOf(first.cookie))).toHaveLength(1);
  });

  it('an old cookie presented after the window revokes the family, the rightful successor included', async () => {
    const first = await login(s, SELLER);
    const second = cookieOf(await refresh(first.cookie));
    s.clock.advance(REFRESH_REPLAY_WINDOW_MS + 1000);
    const reuse = await refresh(first.cookie);
    expect(reuse.status).toBe(401);
    expect(refreshCookieOf(reuse)).toBe('');
    expect((await refresh(second)).status).toBe(401);
    expect(await liveTokens(await familyOf(first.cookie))).toHaveLength(0);
  });

  it('an old cookie presented after its successor was used revokes the family, even inside the window', async () => {
    const first = await login(s, SELLER);
    const second = cookieOf(await refresh(first.cookie));
    const thirdAnswer = await refresh(second);
    expect(thirdAnswer.status).toBe(200);
    const third = cookieOf(thirdAnswer);
    s.clock.advance(1000);
    expect((await refresh(first.cookie)).status).toBe(401);
    expect((await refresh(third)).status).toBe(401);
    expect(await liveTokens(await familyOf(first.cookie))).toHaveLength(0);
  });

  it('a copy and the rightful cookie both holding the same successor: the later use of it revokes the family', async () => {
    const first = await login(s, SELLER);
    const mine = cookieOf(await refresh(first.cookie));
    const copy = cookieOf(await refresh(first.cookie)); // inside the window: the same successor
    expect(copy).toBe(mine);
    const moved = cookieOf(await refresh(mine));
    s.clock.advance(REFRESH_REPLAY_WINDOW_MS + 1000);
    expect((await refresh(copy)).status).toBe(401);
    expect((await refresh(moved)).status).toBe(401);
  });
});
