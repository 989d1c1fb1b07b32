import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { answer } from './call';
import { csvLines, newShippableOrder } from './helpers';
import { ndrRecords, pickupAddresses, shipments } from '../../server/db/schema';
import { API_NDR } from '../../src/domain/ndr-contract';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SETUP, exportPath } from '../../src/domain/setup-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { invitedUser, ownerOn } from './team-helpers';

// "See buyer contact details" (buyers.contact): a login whose role lacks it reads orders with the
// buyer's phone and email masked, in the list, the detail and the CSV export; the OWNER and roles
// with it read them whole.

let s: TestServer;
let owner: string;
let orderId: number;
let withoutContact: string;
let withContact: string;
let builtInUser: string;
let ndrId: number;

beforeAll(async () => {
  s = await startTestServer();
  const o = await ownerOn(s, 'PRO');
  owner = o.token;
  const a = await answer(s, API_SETUP.addAddress, {
    token: owner,
    body: {
      entityName: 'Depot',
      phoneNumber: '9123456780',
      email: 'p@m.in',
      addressLine1: 'MG Road',
      pincode: '302003',
    },
  });
  await s.deps.db.update(pickupAddresses).set({ verifiedAt: s.clock.now }).where(eq(pickupAddresses.id, a.addressId));
  orderId = (await newShippableOrder(s, owner, a.addressId, { buyerEmail: 'kavya.reddy@gmail.com' })).orderId;
  // a failed delivery on it (the NDR flow itself is the NDR tests' subject)
  const [ship] = await s.deps.db
    .insert(shipments)
    .values({
      orgId: o.orgId,
      orderId,
      carrierCode: 'DE',
      awb: 'MASK0001',
      zone: 'D',
      chargedWeightKg: 1.2,
      freightPaise: 8_000,
      codChargePaise: 0,
      gstPaise: 1_440,
      totalPaise: 9_440,
      rtoChargePaise: 8_000,
      quoteSteps: [],
      shortCode: 'mask0001',
      bookedAt: s.clock.now,
    })
    .returning({ id: shipments.id });
  const [ndr] = await s.deps.db
    .insert(ndrRecords)
    .values({
      orgId: o.orgId,
      shipmentId: ship.id,
      orderId,
      carrierCode: 'DE',
      awb: 'MASK0001',
      attempt: 1,
      reason: 'CONSIGNEE_UNAVAILABLE',
      raisedAt: s.clock.now,
      deadlineAt: new Date(s.clock.now.getTime() + 86_400_000),
      paymentMethod: 'COD',
    })
    .returning({ id: ndrRecords.id });
  ndrId = ndr.id;
  const role = async (roleName: string, permissions: string[]) =>
    Number((await answer(s, API_TEAM.addRole, { token: owner, body: { roleName, permissions } })).roleId);
  const packer = await role('Packer', ['orders.view', 'reports.view', 'ndr.view']);
  const support = await role('Support', ['orders.view', 'reports.view', 'ndr.view', 'buyers.contact']);
  const u1 = await invitedUser(s, owner, 'packer@contact.test');
  const u2 = await invitedUser(s, owner, 'support@contact.test');
  const u3 = await invitedUser(s, owner, 'user@contact.test', { role: 'USER' });
  for (const [u, id] of [
    [u1, packer],
    [u2, support],
  ] as const)
    await answer(s, API_TEAM.editUser, {
      params: { accountId: u.user.accountId },
      token: owner,
      body: { teamRoleId: id },
    });
  withoutContact = u1.token;
  withContact = u2.token;
  builtInUser = u3.token;
}, 60_000);
afterAll(() => s?.close());

const list = async (token: string) =>
  (await answer(s, API_ORDERS.orders, { token })).items.find((r) => r.orderId === orderId)!;
const detail = (token: string) => answer(s, API_ORDERS.order, { params: { orderId }, token });
const csv = async (token: string) =>
  (await csvLines(await s.request(exportPath(API_ORDERS.orders.path), { token }))).join('\n');

describe('buyer contact details', () => {
  it('are masked for a role without "see buyer contact details": list, detail and CSV', async () => {
    expect((await list(withoutContact)).buyerPhone).toBe('+91 99xxxxxx55');
    const d = await detail(withoutContact);
    expect(d).toMatchObject({ buyerPhone: '+91 99xxxxxx55', buyerEmail: 'k***@gmail.com', buyerName: 'Kavya Reddy' });
    const text = await csv(withoutContact);
    expect(text).toContain('+91 99xxxxxx55');
    expect(text).not.toContain('9988776655');
    // a built-in role without it (USER) too
    expect((await detail(builtInUser)).buyerEmail).toBe('k***@gmail.com');
  });

  it('are whole for the OWNER and a role with it', async () => {
    for (const token of [owner, withContact]) {
      expect((await list(token)).buyerPhone).toBe('9988776655');
      expect(await detail(token)).toMatchObject({ buyerPhone: '9988776655', buyerEmail: 'kavya.reddy@gmail.com' });
      expect(await csv(token)).toContain('9988776655');
    }
  });

  it('the NDR list and an NDR’s page follow the same rule', async () => {
    const row = async (token: string) =>
      (await answer(s, API_NDR.list, { token })).items.find((r) => r.ndrId === ndrId)!;
    const one = async (token: string) => answer(s, API_NDR.one, { params: { ndrId: ndrId }, token });
    expect((await row(withoutContact)).customerPhone).toBe('+91 99xxxxxx55');
    expect(await one(withoutContact)).toMatchObject({
      customerPhone: '+91 99xxxxxx55',
      customerEmail: 'k***@gmail.com',
    });
    for (const token of [owner, withContact]) {
      expect((await row(token)).customerPhone).toBe('9988776655');
      expect((await one(token)).customerEmail).toBe('kavya.reddy@gmail.com');
    }
  });

  it('an answer to a change is masked the same way, and the stored order stays whole', async () => {
    const u = await invitedUser(s, owner, 'editor@contact.test', { role: 'USER' });
    const changed = await answer(s, API_ORDERS.dimensions, {
      params: { orderId },
      token: u.token,
      body: { lengthCm: 21, breadthCm: 20, heightCm: 30, deadWeightKg: 1.2 },
    });
    expect(changed.buyerPhone).toBe('+91 99xxxxxx55');
    expect((await detail(owner)).buyerPhone).toBe('9988776655');
  });
});
