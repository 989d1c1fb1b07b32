import { API_B2B, type B2bOrderDetail } from '../../src/domain/b2b-contract';
import type { InputOf } from '../../src/domain/operation';
import { demoGstin } from '../../src/domain/gstin';
import { istDay } from '../../src/domain/format';
import type { TestServer } from './harness';
import { answer } from './call';
import { fund, ownerOn } from './team-helpers';
import { freshIp, loginRequest } from './helpers';
import { dataOf } from './harness';
import type { LoginAnswer } from '../../src/domain/account-contract';

// What every B2B freight test starts from: Meera's Jaipur warehouse (registered with both freight
// carriers unless a test says otherwise), a distributor in Bengaluru, and an order of boxes and
// invoices between them, booked or not. The pincodes are ones the sandbox's freight lanes serve.

export const ORIGIN_PINCODE = '302022';
export const CONSIGNEE_PINCODE = '560038';

export interface B2bSeller {
  email: string;
  token: string;
  orgId: number;
  warehouseId: number;
}

let made = 0;

/** A new seller on the Pro plan (its team may have roles) with its own Jaipur warehouse. */
export async function b2bSeller(
  s: TestServer,
  registrations: { carrierCode: 'GT' | 'DE-LTL'; registeredName: string }[] = [
    { carrierCode: 'GT', registeredName: 'MEERA-JPR-01' },
    { carrierCode: 'DE-LTL', registeredName: 'Meera Textiles Jaipur WH' },
  ],
): Promise<B2bSeller> {
  const { token, orgId, email } = await ownerOn(s, 'PRO');
  made += 1;
  const warehouse = await answer(s, API_B2B.addWarehouse, {
    token,
    body: {
      warehouseKind: 'OWN',
      warehouseName: `Jaipur WH ${made}`,
      businessName: 'Meera Textiles',
      gstin: demoGstin('Rajasthan'),
      contactName: 'Meera Sharma',
      contactPhone: '9123456780',
      contactEmail: 'wh@meera.in',
      addressLine1: 'Plot 14, Sitapura Industrial Area',
      addressLine2: '',
      pincode: ORIGIN_PINCODE,
      registrations,
    },
  });
  return { email, token, orgId, warehouseId: warehouse.warehouseId };
}

type OrderBody = InputOf<typeof API_B2B.create>['body'];

/** A consignment of 3 boxes and one invoice (₹40,000: no e-way bill needed) from the seller's warehouse. */
/** ₹40,000 with GST: bedsheets at 12 % (₹30,000 + ₹3,600) and pillow covers at 5 % (₹6,095.24 + ₹304.76). */
export const BEDSHEET_GOODS = [
  {
    goodsName: 'Cotton bedsheets',
    hsnCode: '63040000',
    quantity: 200,
    quantityUnit: 'NOS',
    taxableValuePaise: 30_000_00,
    gstRate: 12,
  },
  {
    goodsName: 'Pillow covers',
    hsnCode: '6304',
    quantity: 150,
    quantityUnit: 'PCS',
    taxableValuePaise: 6_095_24,
    gstRate: 5,
  },
] as const;

export function b2bOrderBody(s: TestServer, seller: B2bSeller, over: Partial<OrderBody> = {}): OrderBody {
  made += 1;
  return {
    orderNumber: `B2B-${Date.now() % 1_000_000}-${made}`,
    channel: 'DAKIYA',
    originWarehouseId: seller.warehouseId,
    consigneeWarehouseId: null,
    consignee: {
      businessName: 'Kavya Retail Private Limited',
      gstin: demoGstin('Karnataka'),
      contactName: 'Stores desk',
      contactPhone: '9988776655',
      contactEmail: 'stores@kavyaretail.in',
      addressLine1: '12, 4th Cross, Indiranagar',
      addressLine2: '',
      pincode: CONSIGNEE_PINCODE,
    },
    goodsDescription: 'Cotton bedsheets',
    boxes: [
      { lengthCm: 60, breadthCm: 40, heightCm: 40, weightKg: 12, count: 2 },
      { lengthCm: 40, breadthCm: 30, heightCm: 30, weightKg: 6, count: 1 },
    ],
    invoices: [
      {
        invoiceNumber: `INV-${made}`,
        invoiceDate: istDay(s.clock.now),
        invoiceValuePaise: 40_000_00,
        ewayBillNumber: null,
        invoiceFileId: null,
        goods: BEDSHEET_GOODS,
      },
    ],
    freightPayer: 'PAID',
    risk: 'OWNER',
    handover: 'PICKUP',
    appointment: null,
    ...over,
  } as OrderBody;
}

export function newB2bOrder(s: TestServer, seller: B2bSeller, over: Partial<OrderBody> = {}): Promise<B2bOrderDetail> {
  return answer(s, API_B2B.create, { token: seller.token, body: b2bOrderBody(s, seller, over) });
}

/** A booked order with a funded wallet. */
export async function bookedB2bOrder(
  s: TestServer,
  seller: B2bSeller,
  carrierCode: 'GT' | 'DE-LTL' = 'GT',
  over: Partial<OrderBody> = {},
): Promise<B2bOrderDetail> {
  await fund(s, seller.orgId, 50_000_00);
  const order = await newB2bOrder(s, seller, over);
  return answer(s, API_B2B.book, { token: seller.token, params: { orderId: order.orderId }, body: { carrierCode } });
}

/** The wallet entries an order's booking made, oldest first, and the wallet's balance. */
export async function moneyOf(s: TestServer, orgId: number, orderNumber: string) {
  const { and, asc, eq } = await import('drizzle-orm');
  const { journalEntries } = await import('../../server/db/schema');
  const { spendableWallet } = await import('../../server/modules/wallet/spendable');
  const entries = await s.deps.db
    .select({ kind: journalEntries.kind, key: journalEntries.externalKey })
    .from(journalEntries)
    .where(and(eq(journalEntries.orgId, orgId), eq(journalEntries.reference, orderNumber)))
    .orderBy(asc(journalEntries.id));
  return { kinds: entries.map((e) => e.kind), balancePaise: (await spendableWallet(s.deps.db, orgId)).balancePaise };
}

/**
 * Runs `work` with the test's clock moved on by `ms` and the seller logged in again (its token would
 * have lapsed), then puts the clock back and logs the seller in again at that time.
 */
export async function later<T>(s: TestServer, seller: B2bSeller, ms: number, work: () => Promise<T>): Promise<T> {
  const then = s.clock.now;
  s.clock.advance(ms);
  seller.token = await loginAgain(s, seller);
  try {
    return await work();
  } finally {
    s.clock.now = then;
    seller.token = await loginAgain(s, seller);
  }
}

/** The seller's new token, from an address of its own (the login's per-address limit counts every test's logins). */
async function loginAgain(s: TestServer, seller: B2bSeller): Promise<string> {
  const res = await loginRequest(s, { email: seller.email, password: 'Seller@123' }, freshIp());
  return (await dataOf<LoginAnswer>(res)).accessToken;
}
