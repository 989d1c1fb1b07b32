import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { orders, pickupAddresses, productCategories, products } from '../db/schema';
import { moveMoney } from '../modules/wallet/ledger';
import { createOrder } from '../modules/orders/service';
import { accountByEmail } from '../modules/auth/account-repository';
import { addAddress } from '../modules/addresses/service';
import { upsertCustomerFromOrder } from '../modules/customers/service';
import { createPackageType } from '../modules/package-types/service';
import { createProduct } from '../modules/products/service';
import { createWarehouse } from '../modules/warehouses/service';
import type { ProductInput } from '../../src/domain/schemas/product';
import type { OrderInput } from '../../src/domain/schemas/order';
import { rupeesOf } from '../../src/domain/money';

// A lived-in Setup area for the demo: packages, products, a warehouse and a few buyers for both
// demo sellers, and verified pickup addresses for the Pro seller. The Lite demo seller starts
// without a pickup address, which is where a new seller starts. Only the demo start runs this;
// tests begin from empty sellers. Skipped for a seller who already has products.

const product = (
  p: Partial<ProductInput> & Pick<ProductInput, 'productName' | 'sku' | 'price' | 'taxRatePercent'>,
): ProductInput => ({
  categoryId: null,
  inventoryManagementEnabled: false,
  availableInventory: 0,
  notifyThreshold: 0,
  weightKg: 0.5,
  lengthCm: 20,
  breadthCm: 15,
  heightCm: 5,
  hsnCode: '',
  ...p,
});

/** the demo's buyers: the Setup area's customers and the buyers of the demo orders */
export const BUYERS = [
  {
    entityName: 'Kavya Reddy',
    phone: '9988776655',
    email: 'kavya.reddy@example.in',
    addressLine1: '12, 4th Cross, Indiranagar',
    pincode: '560038',
    city: 'Bengaluru',
    state: 'Karnataka',
    channel: 'SHOPIFY',
  },
  {
    entityName: 'Arjun Mehta',
    phone: '9820012345',
    email: 'arjun.mehta@example.in',
    addressLine1: 'B-402, Sea Breeze, Bandra West',
    pincode: '400050',
    city: 'Mumbai',
    state: 'Maharashtra',
    channel: 'DAKIYA',
  },
  {
    entityName: 'Fatima Sheikh',
    phone: '9831098310',
    addressLine1: '7, Park Circus',
    pincode: '700017',
    city: 'Kolkata',
    state: 'West Bengal',
    channel: 'AMAZON',
  },
  {
    entityName: 'Gurpreet Singh',
    phone: '9876001234',
    email: 'gurpreet@example.in',
    addressLine1: 'House 221, Sector 17',
    pincode: '160017',
    city: 'Chandigarh',
    state: 'Chandigarh',
    channel: 'WOOCOMMERCE',
  },
];

async function categoryId(deps: AppDeps, name: string): Promise<number | null> {
  const [row] = await deps.db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.name, name));
  return row?.id ?? null;
}

export async function seedDemoSetup(deps: AppDeps): Promise<void> {
  await seedPremiumPickup(deps);
  const aarav = await accountByEmail(deps.db, 'seller@demo.dakiya.in');
  const meera = await accountByEmail(deps.db, 'meera@demo.dakiya.in');
  if (!aarav?.orgId || !meera?.orgId) return;
  const apparel = await categoryId(deps, 'Apparel & Fashion');
  const home = await categoryId(deps, 'Home & Kitchen');
  const crafts = await categoryId(deps, 'Handicrafts & Art');

  const [aaravHas] = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.orgId, aarav.orgId))
    .limit(1);
  if (!aaravHas) {
    const org = aarav.orgId;
    for (const p of [
      { packageName: 'Small flyer', packageType: 'Flyer', packageLength: 25, packageBreadth: 20, packageHeight: 2 },
      { packageName: 'Medium box', packageType: 'Box', packageLength: 30, packageBreadth: 25, packageHeight: 10 },
      { packageName: 'Large box', packageType: 'Box', packageLength: 45, packageBreadth: 35, packageHeight: 25 },
    ])
      await createPackageType(deps.db, org, p);
    await createWarehouse(deps.db, org, {
      warehouseName: 'Karol Bagh store',
      contactName: 'Aarav Sharma',
      contactEmail: 'seller@demo.dakiya.in',
      contactPhone: '9876543210',
      addressLine1: 'Shop 14, Ajmal Khan Road',
      addressLine2: 'Karol Bagh',
      addressLine3: '',
      pincode: '110005',
    });
    for (const p of [
      product({
        productName: 'Cotton Kurta - Indigo, M',
        sku: 'KURTA-IND-M',
        categoryId: apparel,
        price: 799,
        inventoryManagementEnabled: true,
        availableInventory: 42,
        notifyThreshold: 10,
        weightKg: 0.35,
        lengthCm: 30,
        breadthCm: 25,
        heightCm: 4,
        hsnCode: '6211',
        taxRatePercent: 5,
      }),
      product({
        productName: 'Cotton Kurta - Indigo, L',
        sku: 'KURTA-IND-L',
        categoryId: apparel,
        price: 799,
        inventoryManagementEnabled: true,
        availableInventory: 6,
        notifyThreshold: 10,
        weightKg: 0.38,
        lengthCm: 30,
        breadthCm: 25,
        heightCm: 4,
        hsnCode: '6211',
        taxRatePercent: 5,
      }),
      product({
        productName: 'Steel Tiffin, 3 tier',
        sku: 'TIFFIN-3T',
        categoryId: home,
        price: 649.5,
        weightKg: 0.9,
        lengthCm: 18,
        breadthCm: 18,
        heightCm: 22,
        hsnCode: '7323',
        taxRatePercent: 12,
      }),
      product({
        productName: 'Masala Dabba with 7 cups',
        sku: 'DABBA-7',
        categoryId: home,
        price: 1199,
        inventoryManagementEnabled: true,
        availableInventory: 18,
        notifyThreshold: 5,
        weightKg: 1.1,
        lengthCm: 24,
        breadthCm: 24,
        heightCm: 9,
        hsnCode: '7323',
        taxRatePercent: 12,
      }),
      product({
        productName: 'Block-print Dupatta',
        sku: 'DUP-BLK-01',
        categoryId: apparel,
        price: 549,
        weightKg: 0.2,
        lengthCm: 25,
        breadthCm: 20,
        heightCm: 2,
        hsnCode: '6214',
        taxRatePercent: 5,
      }),
      product({
        productName: 'Gift card wrap (service)',
        sku: 'WRAP-01',
        price: 49,
        weightKg: 0.05,
        lengthCm: 10,
        breadthCm: 10,
        heightCm: 1,
        taxRatePercent: 18,
      }),
    ])
      await createProduct(deps, org, p);
    for (const [i, b] of BUYERS.entries()) {
      for (let n = 0; n <= i % 3; n++)
        await upsertCustomerFromOrder(deps.db, org, b, new Date(deps.now().getTime() - (i * 5 + n) * 86_400_000));
    }
  }

  const [meeraHas] = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.orgId, meera.orgId))
    .limit(1);
  if (!meeraHas) {
    const org = meera.orgId;
    const [addressed] = await deps.db
      .select({ id: pickupAddresses.id })
      .from(pickupAddresses)
      .where(eq(pickupAddresses.orgId, org))
      .limit(1);
    if (!addressed) {
      for (const a of [
        {
          entityName: 'Meera Crafts Johari Bazaar',
          phoneNumber: '9123456780',
          email: 'meera@demo.dakiya.in',
          addressLine1: '23, Johari Bazaar',
          addressLine2: 'Pink City',
          pincode: '302003',
        },
        {
          entityName: 'Meera Crafts Sanganer unit',
          phoneNumber: '9123456781',
          email: 'meera@demo.dakiya.in',
          addressLine1: 'Plot 9, RIICO Industrial Area',
          addressLine2: 'Sanganer',
          pincode: '302029',
        },
      ]) {
        const row = await addAddress(deps.db, org, a);
        await deps.db
          .update(pickupAddresses)
          .set({ verifiedAt: deps.now() })
          .where(eq(pickupAddresses.id, row.addressId));
      }
    }
    await createPackageType(deps.db, org, {
      packageName: 'Craft box',
      packageType: 'Box',
      packageLength: 35,
      packageBreadth: 30,
      packageHeight: 15,
    });
    for (const p of [
      product({
        productName: 'Blue Pottery Vase',
        sku: 'BPV-12',
        categoryId: crafts,
        price: 1450,
        inventoryManagementEnabled: true,
        availableInventory: 12,
        notifyThreshold: 3,
        weightKg: 1.2,
        lengthCm: 15,
        breadthCm: 15,
        heightCm: 30,
        hsnCode: '6913',
        taxRatePercent: 12,
      }),
      product({
        productName: 'Jaipuri Razai, double',
        sku: 'RAZAI-DBL',
        categoryId: home,
        price: 2899,
        weightKg: 1.8,
        lengthCm: 45,
        breadthCm: 40,
        heightCm: 20,
        hsnCode: '9404',
        taxRatePercent: 12,
      }),
      product({
        productName: 'Lac Bangles, set of 12',
        sku: 'LAC-12',
        categoryId: crafts,
        price: 399,
        weightKg: 0.3,
        lengthCm: 12,
        breadthCm: 12,
        heightCm: 8,
        hsnCode: '7117',
        taxRatePercent: 3,
      }),
    ])
      await createProduct(deps, org, p);
    await upsertCustomerFromOrder(deps.db, org, BUYERS[1], deps.now());
  }
  await seedDemoWalletsAndOrders(deps, { orgId: meera.orgId, accountId: meera.id });
}

/**
 * A ₹5,000 float in the Pro seller's wallet (once: the credit is keyed) and three orders ready to ship
 * for it, so the demo can ship straight away; the Lite seller starts empty, as a new seller does.
 */
async function seedDemoWalletsAndOrders(deps: AppDeps, meera: { orgId: number; accountId: number }) {
  await moveMoney(deps.db, {
    orgId: meera.orgId,
    kind: 'ADJUSTMENT_CREDIT',
    amountPaise: 500_000,
    externalKey: `demo:float:${meera.orgId}`,
    description: 'Demo wallet float',
  });
  const [hasOrders] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orgId, meera.orgId))
    .limit(1);
  const [pickup] = await deps.db
    .select({ id: pickupAddresses.id })
    .from(pickupAddresses)
    .where(eq(pickupAddresses.orgId, meera.orgId))
    .orderBy(pickupAddresses.id)
    .limit(1);
  const [vase] = await deps.db.select().from(products).where(eq(products.orgId, meera.orgId)).limit(1);
  if (hasOrders || !pickup || !vase) return;
  const today = new Date(deps.now().getTime() + 330 * 60_000).toISOString().slice(0, 10);
  for (const [i, b] of BUYERS.slice(0, 3).entries())
    await createOrder(deps, meera, demoOrder({ buyer: b, product: vase, pickupId: pickup.id, today, cod: i !== 1 }));
}

type DemoProduct = typeof products.$inferSelect;

/** One of the demo's orders: a buyer of BUYERS buying a catalogue product, shipped from the pickup address. */
export function demoOrder(o: {
  buyer: (typeof BUYERS)[number];
  product: DemoProduct;
  pickupId: number;
  today: string;
  cod: boolean;
  quantity?: number;
}): OrderInput {
  const { buyer: b, product: p } = o;
  return {
    orderNumber: '',
    paymentModeCode: '',
    orderDate: o.today,
    channel: b.channel as never,
    paymentMethod: o.cod ? 'COD' : 'PPD',
    fulfilment: 'SELF',
    buyerName: b.entityName,
    buyerPhone: b.phone,
    buyerEmail: b.email ?? '',
    shipping: { line1: b.addressLine1, line2: '', pincode: b.pincode },
    billingSameAsShipping: true,
    billing: null,
    items: [
      {
        productId: p.id,
        name: p.productName,
        sku: p.sku,
        quantity: o.quantity ?? 1,
        unitPrice: rupeesOf(p.pricePaise),
        taxRatePercent: p.taxRatePercent,
        hsnCode: p.hsnCode ?? '',
      },
    ],
    discount: 0,
    shippingCharges: 0,
    packageTypeId: null,
    lengthCm: 20,
    breadthCm: 20,
    heightCm: 32,
    deadWeightKg: 1.4,
    pickupAddressId: o.pickupId,
  };
}

/** The Premium demo seller ships from her Tiruppur unit: one verified, primary pickup address. */
async function seedPremiumPickup(deps: AppDeps): Promise<void> {
  const kavya = await accountByEmail(deps.db, 'kavya@demo.dakiya.in');
  if (!kavya?.orgId) return;
  const [addressed] = await deps.db
    .select({ id: pickupAddresses.id })
    .from(pickupAddresses)
    .where(eq(pickupAddresses.orgId, kavya.orgId))
    .limit(1);
  if (addressed) return;
  const row = await addAddress(deps.db, kavya.orgId, {
    entityName: 'Kavya Exports Tiruppur',
    phoneNumber: '9345678012',
    email: 'kavya@demo.dakiya.in',
    addressLine1: '41, Tiruppur Kumaran Road',
    addressLine2: 'Near Old Bus Stand',
    pincode: '641601',
  });
  await deps.db.update(pickupAddresses).set({ verifiedAt: deps.now() }).where(eq(pickupAddresses.id, row.addressId));
}
