import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { codVerifications, codVerificationSettings, organisations, pickupAddresses, products } from '../db/schema';
import { accountByEmail } from '../modules/auth/account-repository';
import { createOrder } from '../modules/orders/service';
import { saveSettings } from '../modules/cod-verification/settings';
import { buyerAnswer } from '../modules/cod-verification/buyer';
import { runVerificationExpiry } from '../modules/cod-verification/service';
import { verificationToken } from '../modules/cod-verification/token';
import { demoOrder, type BUYERS } from './demo-setup';
import { paiseOf } from '../../src/domain/money';

// COD order verification for the demo: the Pro seller (Meera Crafts) verifies COD orders above
// ₹5,000 and those of buyers with two or more returns, holding an unanswered order; four such
// orders stand confirmed, cancelled by the buyer, awaiting the buyer, and held after no answer.
// Smaller COD orders (the other demo orders, and those a demo creates) ship without asking.
// Only the demo start runs this; skipped once the seller has saved verification settings.

const DAY = 86_400_000;
const MIN_ORDER_VALUE_RUPEES = 5_000;

/** buyers of their own, so the demo's other orders (and the tests that look for them) stay as they are */
const VERIFIED_BUYERS: (typeof BUYERS)[number][] = [
  {
    entityName: 'Sneha Kulkarni',
    phone: '9822011122',
    email: 'sneha.kulkarni@example.in',
    addressLine1: 'Flat 5, Shanti Kunj, FC Road',
    pincode: '411001',
    city: 'Pune',
    state: 'Maharashtra',
    channel: 'SHOPIFY',
  },
  {
    entityName: 'Vikram Malhotra',
    phone: '9811033344',
    email: 'vikram.m@example.in',
    addressLine1: '14, Pusa Road, Karol Bagh',
    pincode: '110005',
    city: 'New Delhi',
    state: 'Delhi',
    channel: 'DAKIYA',
  },
  {
    entityName: 'Lakshmi Narayanan',
    phone: '9840055566',
    addressLine1: '22, 3rd Avenue, Anna Nagar',
    pincode: '600040',
    city: 'Chennai',
    state: 'Tamil Nadu',
    channel: 'AMAZON',
  },
  {
    entityName: 'Farhan Qureshi',
    phone: '9849077788',
    email: 'farhan.q@example.in',
    addressLine1: 'Plot 9, Madhapur',
    pincode: '500081',
    city: 'Hyderabad',
    state: 'Telangana',
    channel: 'WOOCOMMERCE',
  },
];

export async function seedCodVerificationDemo(deps: AppDeps): Promise<void> {
  const meera = await accountByEmail(deps.db, 'meera@demo.dakiya.in');
  if (!meera?.orgId) return;
  const orgId = meera.orgId;
  const [saved] = await deps.db.select().from(codVerificationSettings).where(eq(codVerificationSettings.orgId, orgId));
  const [org] = await deps.db.select().from(organisations).where(eq(organisations.id, orgId));
  const [pickup] = await deps.db.select().from(pickupAddresses).where(eq(pickupAddresses.orgId, orgId)).limit(1);
  const [product] = await deps.db
    .select()
    .from(products)
    .where(eq(products.orgId, orgId))
    .orderBy(desc(products.pricePaise))
    .limit(1);
  if (saved || !org || !pickup || !product) return;
  await saveSettings(deps, orgId, {
    enabled: true,
    scope: 'RULES',
    minOrderValueRupees: MIN_ORDER_VALUE_RUPEES,
    riskyPincodes: false,
    minPastRtos: 2,
    minRiskBand: null,
    waitHours: 24,
    afterWait: 'HOLD',
    offerPrepaid: true,
  });
  // enough of the dearest product to be worth more than the rule's value
  const quantity = Math.floor(paiseOf(MIN_ORDER_VALUE_RUPEES) / product.pricePaise) + 1;
  const caller = { orgId, accountId: meera.id };
  const place = async (buyer: (typeof BUYERS)[number], at: Date) => {
    const on = { ...deps, now: () => at };
    const today = new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const order = await createOrder(
      on,
      caller,
      demoOrder({ buyer, product, pickupId: pickup.id, today, cod: true, quantity }),
    );
    const [v] = await deps.db.select().from(codVerifications).where(eq(codVerifications.orderId, order.orderId));
    return v ? verificationToken(deps.ratingKey, v.id) : null;
  };
  const now = deps.now().getTime();
  const [confirmed, cancelled] = [
    await place(VERIFIED_BUYERS[0], new Date(now - 3 * 3_600_000)),
    await place(VERIFIED_BUYERS[1], new Date(now - 2 * 3_600_000)),
  ];
  await place(VERIFIED_BUYERS[2], new Date(now - 3_600_000));
  // no answer in the wait: held by the rule when the expiry job runs
  await place(VERIFIED_BUYERS[3], new Date(now - 2 * DAY));
  if (confirmed) await buyerAnswer(deps, confirmed, { answer: 'CONFIRM' });
  if (cancelled) await buyerAnswer(deps, cancelled, { answer: 'CANCEL', cancelReason: 'CHANGED_MIND' });
  await runVerificationExpiry(deps);
}
