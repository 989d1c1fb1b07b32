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
import { simulationSandbox } from './sandbox';

// A test order for a seller's courier lanes, made and shipped through the real services on the
// platform's simulation sandbox (sandbox.ts): from a copy of the seller's verified pickup address,
// with the cheapest serviceable courier, the booking charged to the sandbox's wallet. The seller's
// own wallet, orders and remittance are never touched. Prepaid, so no COD is ever remitted for it.

const TEST_BUYER = {
  paymentMethod: 'PPD',
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
  const [pickup] = await deps.db
    .select()
    .from(pickupAddresses)
    .where(
      and(
        eq(pickupAddresses.orgId, account.orgId!),
        isNotNull(pickupAddresses.verifiedAt),
        isNull(pickupAddresses.deletedAt),
      ),
    )
    .orderBy(asc(pickupAddresses.id))
    .limit(1);
  if (!pickup) throw conflict('This seller has no verified pickup address to ship a test order from');
  const sandbox = await simulationSandbox(deps, pickup);
  // the order is the sandbox's own, as if its owner had made it
  const caller: SellerCaller = {
    sub: String(sandbox.accountId),
    accountId: sandbox.accountId,
    orgId: sandbox.orgId,
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
    v.parse(OrderBody, { ...TEST_BUYER, orderDate: today, pickupAddressId: sandbox.pickupId }),
  );
  const quotes = await orderQuotes(deps, { orgId: sandbox.orgId, accountId: sandbox.accountId }, order.orderId);
  const cheapest = quotes.quotes[0];
  if (!cheapest) throw conflict('No courier serves this seller’s pickup address for a test order');
  await shipOrder(deps, caller, order.orderId, cheapest.carrierCode, null);
  return simulationOrder(deps, order.orderId);
}
