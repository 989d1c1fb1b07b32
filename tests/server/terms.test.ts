import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCOUNT, API } from '../../src/domain/account-contract';
import { API_TERMS, TERMS_TEXT, type TermsVersionRow } from '../../src/domain/terms-contract';
import { termsAcceptances, termsVersions } from '../../server/db/schema';
import { errorOf, type TestServer } from './harness';
import { answer } from './call';
import { demoTokens, login, SELLER, startDemoServer } from './helpers';
import { API_REFERENCE } from '../../src/domain/reference-contract';

// Terms and conditions: staff publish a version, a seller login made before it must accept it
// (account info's mustAccept), and the decision is recorded with the version, status, IP and time.

const TEXT = 'These updated terms explain how Dakiya remits cash on delivery to the primary bank account. '.repeat(3);

describe('terms and conditions', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
  });
  afterAll(() => s.close());

  const info = async (token: string) =>
    (await answer(s, API_ACCOUNT.accountInfo, { token })).termsAndConditionsDetailsInfoDTO!;
  const publish = (json: unknown, token = staff) => s.request(API_TERMS.publish.path, { method: 'POST', json, token });

  it('the demo sellers accepted the version in force: nothing to accept', async () => {
    expect(await info(seller)).toMatchObject({ accepted: true, mustAccept: false });
    expect(await info(staff)).toMatchObject({ mustAccept: false });
  });

  it('names each field of a publication by its label; sellers may not publish', async () => {
    expect(await errorOf(await publish({ termsTitle: 'New', termsContent: TEXT }))).toMatchObject({
      status: 400,
      message: 'Title must be 5 to 120 characters',
    });
    expect(await errorOf(await publish({ termsTitle: 'Terms of service', termsContent: 'short' }))).toMatchObject({
      status: 400,
      message: 'Terms text must be 50 to 50000 characters',
    });
    expect(await errorOf(await publish({ termsTitle: 'Terms of service' }))).toMatchObject({
      status: 400,
      message: 'Terms text is required',
    });
    expect((await publish({ termsTitle: 'Terms of service', termsContent: TEXT }, seller)).status).toBe(403);
    expect((await s.request(API_TERMS.versions.path, { token: seller })).status).toBe(403);
  });

  let v2: TermsVersionRow;
  it('a publication is in force at once, and twice at once is one version', async () => {
    s.clock.advance(60_000);
    const body = { termsTitle: 'Terms of service', termsContent: TEXT };
    const rows = await Promise.all([
      answer(s, API_TERMS.publish, { body, token: staff }),
      answer(s, API_TERMS.publish, { body, token: staff }),
    ]);
    expect(rows[0].tcVersionId).toBe(rows[1].tcVersionId);
    v2 = rows[0];
    expect(v2).toMatchObject({ version: '2', inForce: true, acceptedCount: 0 });
    const list = await answer(s, API_TERMS.versions, { token: staff });
    expect(list.map((r) => [r.version, r.inForce])).toEqual([
      ['2', true],
      ['1', false],
    ]);
    expect(await answer(s, API_REFERENCE.terms, {})).toMatchObject({
      tcVersionId: v2.tcVersionId,
      version: '2',
    });
    // the same text later is refused: it is in force already
    s.clock.advance(120_000);
    expect(await errorOf(await publish({ termsTitle: 'Terms of service', termsContent: TEXT }))).toMatchObject({
      status: 409,
      message: TERMS_TEXT.unchanged,
    });
  });

  it('a seller made before it must accept; accepting records the version, status, IP and time', async () => {
    expect(await info(seller)).toMatchObject({ tcVersionId: v2.tcVersionId, accepted: false, mustAccept: true });
    const decision = await answer(s, API_REFERENCE.acceptTerms, {
      body: { tcVersionId: v2.tcVersionId, status: 'ACCEPTED', ipAddress: '203.0.113.7' },
      token: seller,
    });
    expect(decision).toEqual({ tcVersionId: v2.tcVersionId, status: 'ACCEPTED' });
    expect(await info(seller)).toMatchObject({ accepted: true, mustAccept: false });
    const sellerId = Number((await login(s, SELLER)).claims.sub);
    const [row] = await s.deps.db
      .select()
      .from(termsAcceptances)
      .where(eq(termsAcceptances.tcVersionId, v2.tcVersionId));
    expect(row).toMatchObject({ accountId: sellerId, status: 'ACCEPTED', ipAddress: '203.0.113.7' });
    expect(row.createdAt.getTime()).toBe(s.clock.now.getTime());
  });

  it('declining is recorded and still asks next time', async () => {
    await answer(s, API_REFERENCE.acceptTerms, {
      body: { tcVersionId: v2.tcVersionId, status: 'DECLINED', ipAddress: '203.0.113.8' },
      token: meera,
    });
    expect(await info(meera)).toMatchObject({ accepted: false, mustAccept: true });
    const list = await answer(s, API_TERMS.versions, { token: staff });
    expect(list[0]).toMatchObject({ acceptedCount: 1, declinedCount: 1 });
  });

  it('names a wrong version or status', async () => {
    const post = (json: unknown) => s.request(API.acceptTerms, { method: 'POST', json, token: meera });
    expect(
      (await errorOf(await post({ tcVersionId: 9999, status: 'ACCEPTED', ipAddress: '1.2.3.4' }))).message,
    ).toMatch(/^tcVersionId: no such terms version|^Terms version/);
    expect(
      (await errorOf(await post({ tcVersionId: v2.tcVersionId, status: 'MAYBE', ipAddress: '1.2.3.4' }))).status,
    ).toBe(400);
    const versions = await s.deps.db.select().from(termsVersions);
    expect(versions).toHaveLength(2);
  });
});
