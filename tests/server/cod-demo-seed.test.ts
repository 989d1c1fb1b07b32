import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCodDemo } from '../../server/seeds/cod-demo';
import { API_COD } from '../../src/domain/cod-contract';
import type { TestServer } from './harness';
import { answer } from './call';
import { demoTokens, startDemoServer } from './helpers';

describe('the COD demo data', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startDemoServer();
  });
  afterAll(() => s.close());

  it('gives each demo seller a paid payout with its UTR, one waiting for transfer and a forecast; a second run adds nothing', async () => {
    await seedCodDemo(s.deps);
    await seedCodDemo(s.deps);
    const { meera } = await demoTokens(s);
    const list = await answer(s, API_COD.payouts, { token: meera });
    expect(list.items.map((p) => p.status).sort()).toEqual(['AWAITING_TRANSFER', 'PAID']);
    expect(list.items.find((p) => p.status === 'PAID')!.utr).toMatch(/^HDFCN5\d{10}$/);
    const f = await answer(s, API_COD.forecast, { token: meera });
    expect(f.days.flatMap((d) => d.shipments)).toHaveLength(2);
    expect(f.holdReason).toBeNull();
  });
});
