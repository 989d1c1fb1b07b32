import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { API_REFERENCE } from '../../src/domain/reference-contract';
import { answer } from './call';
import { termsAcceptances, termsVersions } from '../../server/db/schema';
import { seedReference } from '../../server/seeds/reference';
import { errorOf, type TestServer } from './harness';
import { readPdf } from './pdf-reader';
import { SELLER, login, startDemoServer } from './helpers';
import { pathOf } from '../../src/domain/operation';
import { API_POLICIES } from '../../src/domain/policies-contract';

describe('plans, terms, IP and policy PDFs', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startDemoServer();
  });
  afterAll(() => s.close());

  it('lists the three plans of the pricing page, idempotently seeded', async () => {
    await seedReference(s.deps.db);
    const plans = await answer(s, API_REFERENCE.plans, {});
    expect(plans.map((p) => [p.code, p.name, p.monthlyPrice])).toEqual([
      ['LITE', 'Lite', 0],
      ['PRO', 'Pro', 2450],
      ['PREMIUM', 'Premium', 4950],
    ]);
    // one price set only: the second reading of the source data is not published
    for (const p of plans) expect(Object.keys(p).sort()).toEqual(['code', 'features', 'monthlyPrice', 'name']);
    expect(plans[0].features).toHaveLength(7);
    expect(plans[1].features).toContain('multi-user login');
    expect(plans[2].features).toContain('up to 50 seller logins');
    expect(plans[2].features).toHaveLength(10);
  });

  it('answers the terms in force, once seeded as version 1', async () => {
    await seedReference(s.deps.db);
    expect(await s.deps.db.select().from(termsVersions)).toHaveLength(1);
    const terms = await answer(s, API_REFERENCE.terms, {});
    expect(terms).toMatchObject({ version: '1', title: 'Terms and Conditions' });
    expect(terms.content).toMatch(/at least 18 years old/);
  });

  describe('POST terms/accept', () => {
    const accept = (json: unknown, token?: string) =>
      s.request(API_REFERENCE.acceptTerms.path, { method: 'POST', json, token });

    it('records the decision with the IP address', async () => {
      const { token, claims } = await login(s, SELLER);
      const { tcVersionId } = await answer(s, API_REFERENCE.terms, {});
      expect(
        await answer(s, API_REFERENCE.acceptTerms, {
          body: { tcVersionId, status: 'ACCEPTED', ipAddress: '49.36.20.1' },
          token,
        }),
      ).toEqual({
        tcVersionId,
        status: 'ACCEPTED',
      });
      const rows = await s.deps.db
        .select()
        .from(termsAcceptances)
        .where(eq(termsAcceptances.accountId, Number(claims.sub)));
      expect(rows.at(-1)).toMatchObject({ tcVersionId, status: 'ACCEPTED', ipAddress: '49.36.20.1' });
      expect((await answer(s, API_ACCOUNT.accountInfo, { token })).termsAndConditionsDetailsInfoDTO?.accepted).toBe(
        true,
      );
    });

    it('names each invalid field and an unknown version', async () => {
      const { token } = await login(s, SELLER);
      expect(
        (await errorOf(await accept({ tcVersionId: 1, status: 'MAYBE', ipAddress: '1.2.3.4' }, token))).message,
      ).toMatch(/^Status must be one of Accepted, Declined/);
      expect((await errorOf(await accept({ tcVersionId: 1, status: 'ACCEPTED' }, token))).message).toBe(
        'IP address is required',
      );
      expect(
        (await errorOf(await accept({ tcVersionId: 'one', status: 'ACCEPTED', ipAddress: '1.2.3.4' }, token))).message,
      ).toMatch(/^Terms version/);
      expect(
        (await errorOf(await accept({ tcVersionId: 999, status: 'ACCEPTED', ipAddress: '1.2.3.4' }, token))).message,
      ).toMatch(/no such terms version/);
    });

    it('needs a login', async () => {
      expect((await accept({ tcVersionId: 1, status: 'ACCEPTED', ipAddress: '1.2.3.4' })).status).toBe(401);
    });
  });

  describe('GET ip', () => {
    it('answers the first X-Forwarded-For hop behind a trusted proxy', async () => {
      expect(await answer(s, API_REFERENCE.ip, { headers: { 'x-forwarded-for': '49.36.99.5, 10.0.0.2' } })).toEqual({
        ip: '49.36.99.5',
      });
    });
    it('ignores X-Forwarded-For otherwise', async () => {
      s.deps.config.trustProxy = false;
      try {
        expect(await answer(s, API_REFERENCE.ip, { headers: { 'x-forwarded-for': '49.36.99.5' } })).toEqual({
          ip: '0.0.0.0',
        });
      } finally {
        s.deps.config.trustProxy = true;
      }
    });
  });

  describe('GET policies/:name.pdf', () => {
    it.each(['terms_conditions', 'privacy_policy', 'refund_policy'])('serves %s as a real PDF', async (name) => {
      const res = await s.request(pathOf(API_POLICIES.pdf, { file: `${name}.pdf` }));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
      expect(bytes.byteLength).toBeGreaterThan(2000);
      readPdf(new Uint8Array(bytes), 30); // read as a person would: no code, no "Rs."
      // short policies fit one page: the page-number footer must not spill onto a page of its own
      expect(bytes.toString('latin1')).toMatch(/\/Type \/Pages\s*\/Count 1\b/);
    });
    it('answers 404 for an unknown policy', async () => {
      expect((await s.request(pathOf(API_POLICIES.pdf, { file: `${'cookie_policy'}.pdf` }))).status).toBe(404);
      expect((await s.request('/api/v1/policies/terms_conditions.txt')).status).toBe(404);
    });
    it('documents the route in OpenAPI without the pattern', async () => {
      const doc = (await (await s.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths)).toContain('/api/v1/policies/{file}');
      expect(Object.keys(doc.paths)).toContain('/api/v1/corporate/accounts/{accountId}/impersonate');
    });
  });
});
