import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from './call';
import { errorOf, type TestServer } from './harness';
import { demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { API_SETUP } from '../../src/domain/setup-contract';
import { fieldLabel } from '../../src/domain/schemas/labels';

// An address is text, not markup: every address field a seller fills (orders, pickup addresses,
// warehouses, the company's address) refuses tags and control characters with a 400 naming the
// field by its label; ordinary Indian addresses (commas, slashes, #, &, hyphens) still pass.

let s: TestServer;
let meera: string;
let pickupId: number;

beforeAll(async () => {
  s = await startDemoServer();
  ({ meera } = await demoTokens(s));
  ({ pickupId } = await verifiedPickup(s, meera));
}, 120_000);
afterAll(() => s?.close());

const plainText = (label: string) => `${label} may not contain < or > or control characters: an address is plain text`;
const HOSTILE = [
  '12 <script>alert(1)</script> MG Road',
  '12 <img src=x onerror=alert(1)> MG Road',
  'Flat 4\u0007, MG Road',
];

describe('address text', () => {
  it('an order’s shipping and billing lines refuse tags and control characters, naming the line', async () => {
    for (const bad of HOSTILE)
      await expect(
        newShippableOrder(s, meera, pickupId, { shipping: { line1: bad, pincode: '560038' } }),
      ).rejects.toThrow(`400 ${plainText('Address line 1')}`);
    // an ordinary address with commas, a slash, # and & is an address
    const o = await newShippableOrder(s, meera, pickupId, {
      shipping: {
        line1: '#12/3, 4th Cross, Opp. Bank & Post Office',
        line2: 'Near "Lake" - Indiranagar',
        pincode: '560038',
      },
    });
    expect(o.shipping.line1).toBe('#12/3, 4th Cross, Opp. Bank & Post Office');
  });

  it('pickup addresses, warehouses and the company address refuse them too', async () => {
    const post = (path: string, json: Record<string, unknown>) =>
      s.request(path, { method: 'POST', token: meera, json });
    const pickup = {
      entityName: 'Meera Sanganer',
      phoneNumber: '9123456781',
      email: 'p@m.in',
      addressLine1: 'Plot 9, RIICO Industrial Area',
      addressLine2: 'Sanganer',
      pincode: '302029',
    };
    const warehouse = {
      warehouseName: 'Jaipur store',
      contactName: 'Meera',
      contactEmail: 'w@m.in',
      contactPhone: '9123456782',
      addressLine1: '23, Johari Bazaar',
      pincode: '302003',
    };
    for (const [path, json, field] of [
      [API_SETUP.addresses.path, { ...pickup, addressLine2: HOSTILE[1] }, 'addressLine2'],
      [API_SETUP.warehouses.path, { ...warehouse, addressLine1: HOSTILE[0] }, 'addressLine1'],
      [API_ACCOUNT.updateCompany.path, { companyName: 'Meera Crafts', addressLine1: HOSTILE[2] }, 'addressLine1'],
    ] as const)
      expect(await errorOf(await post(path, json))).toMatchObject({
        status: 400,
        message: plainText(fieldLabel(field)),
      });
    // and take plain addresses as before
    expect((await answer(s, API_SETUP.addAddress, { token: meera, body: pickup })).addressId).toBeGreaterThan(0);
  });
});
