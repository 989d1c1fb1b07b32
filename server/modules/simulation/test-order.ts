import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { accounts, pickupAddresses } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { SellerCaller } from '../../http/router';
import type { SimulationOrder } from '../../../src/domain/live-events-contract';
import { OrderBody } from '../../../src/domain/schemas/order';
import { createOrder } from '../orders/service';
import { orderQuotes, shipOrder } from '../shipping/service';
import { simulationOrder } from './service';

// A test order on a seller's account, made and shipped through the real services: the seller's
// verified pickup address, the cheapest serviceable courier, the booking charge from the wallet.

const TEST_BUYER = {
  paymentMethod: 'COD',
  buyerName: 'Test Buyer',
  buyerPhone: '9000000001',
  shipping: { line1: '12, 4th Cross, Indiranagar', pincode: '560038' },
  items: [{ name: 'Simulation parcel', sku: 'SIM-1', quantity: 1, unitPrice: 499, taxRatePercent: 18 }],
  lengthCm: 15,
  breadthCm: 15,
  heightCm: 10,
  deadWeightKg: 0.5,
};

export async function createTestOrder(deps: AppDeps, accountId: number): Promise<SimulationOrder> {
  const [account] = await deps.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.accountType, 'SELLER'), isNotNull(accounts.orgId)));
  if (!account) throw notFound('No such seller account');
  const orgId = account.orgId!;
  const [pickup] = await deps.db
    .select({ id: pickupAddresses.id })
    .from(pickupAddresses)
    .where(
      and(eq(pickupAddresses.orgId, orgId), isNotNull(pickupAddresses.verifiedAt), isNull(pickupAddresses.deletedAt)),
    )
    .orderBy(asc(pickupAddresses.id))
    .limit(1);
  if (!pickup) throw conflict('This seller has no verified pickup address to ship a test order from');
  // the order is the seller's own, as if its owner had made it
  const caller: SellerCaller = {
    sub: String(account.id),
    accountId: account.id,
    orgId,
    accountType: 'SELLER',
    role: 'OWNER',
    scope: [],
    subscriptionType: '',
    isAdminSession: true,
    mustChangePassword: false,
  };
  const today = deps.now().toISOString().slice(0, 10);
  const order = await createOrder(
    deps,
    caller,
    v.parse(OrderBody, { ...TEST_BUYER, orderDate: today, pickupAddressId: pickup.id }),
  );
  const quotes = await orderQuotes(deps, { orgId, accountId: account.id }, order.orderId);
  const cheapest = quotes.quotes[0];
  if (!cheapest) throw conflict('No courier serves this seller’s pickup address for a test order');
  await shipOrder(deps, caller, order.orderId, cheapest.carrierCode, null);
  return simulationOrder(deps, order.orderId);
}
