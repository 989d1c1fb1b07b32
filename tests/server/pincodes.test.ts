import { pathOf } from '../../src/domain/operation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SETUP } from '../../src/domain/setup-contract';
import { parsePincodes } from '../../server/modules/pincodes/lookup';
import { answer } from './call';
import { errorOf, startTestServer, type TestServer } from './harness';

describe('pincode lookup', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it.each([
    ['560001', 'Bengaluru', 'Karnataka', '29'],
    ['110001', 'New Delhi', 'Delhi', '07'],
    ['400001', 'Mumbai', 'Maharashtra', '27'],
    ['744301', 'Nicobar', 'Andaman and Nicobar Islands', '35'],
  ])('%s is in %s, %s (GST state %s)', async (pincode, city, state, gst) => {
    const info = await answer(s, API_SETUP.pincode, { params: { pincode } });
    expect(info).toMatchObject({ pincode, city, state, gstStateCode: gst });
    expect(info.places.length).toBeGreaterThan(0);
  });

  it('answers an unknown pincode with 404 naming it', async () => {
    const e = await errorOf(await s.request(pathOf(API_SETUP.pincode, { pincode: '999999' })));
    expect(e).toMatchObject({ status: 404, message: 'Unknown pincode 999999' });
  });

  it.each(['12345', '0123456', '012345', 'abcdef'])('refuses the malformed pincode %s with 400', async (bad) => {
    const e = await errorOf(await s.request(pathOf(API_SETUP.pincode, { pincode: bad })));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/Pincode must be 6 digits/);
  });

  it('maps GeoNames state spellings to the official names and groups post offices', () => {
    const table = parsePincodes(
      [
        'IN\t492001\tRaipur H.O\tChattisgarh\t22\tRaipur',
        'IN\t492001\tCollectorate\tChattisgarh\t22\tRaipur',
        'IN\t605001\tPondicherry H.O\tPondicherry\t34\tPondicherry',
        'broken line',
      ].join('\n'),
    );
    expect(table.get('492001')).toEqual({
      pincode: '492001',
      city: 'Raipur',
      state: 'Chhattisgarh',
      stateCode: 'CG',
      gstStateCode: '22',
      places: ['Raipur H.O', 'Collectorate'],
    });
    expect(table.get('605001')?.state).toBe('Puducherry');
    expect(table.size).toBe(2);
  });
});
