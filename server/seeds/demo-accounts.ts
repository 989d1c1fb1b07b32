import { eq } from 'drizzle-orm';
import type {} from '../db/client';
import type { AppDeps } from '../deps';
import { accounts, organisations, termsAcceptances } from '../db/schema';
import { accountByEmail } from '../modules/auth/account-repository';
import { hashPassword } from '../modules/auth/passwords';
import { createOrganisationWithOwner } from '../modules/registration/create-owner';
import { currentTerms } from '../modules/reference/service';

export interface DemoLogin {
  label: string;
  email: string;
  password: string;
  /** the seller's plan (Lite, Pro, Premium); null for staff */
  plan: string | null;
}

const DEMO_SELLERS = [
  {
    label: 'Seller owner (Aarav Traders)',
    companyName: 'Aarav Traders',
    subscriptionType: 'LITE',
    addressLine1: 'Shop 14, Ajmal Khan Road, Karol Bagh, New Delhi, Delhi 110005',
    firstName: 'Aarav',
    lastName: 'Sharma',
    email: 'seller@demo.dakiya.in',
    phone: '9876543210',
    password: 'Seller@123',
  },
  {
    label: 'Second seller (Meera Crafts)',
    companyName: 'Meera Crafts',
    subscriptionType: 'PRO',
    addressLine1: '23, Johari Bazaar, Pink City, Jaipur, Rajasthan 302003',
    firstName: 'Meera',
    lastName: 'Iyer',
    email: 'meera@demo.dakiya.in',
    phone: '9123456780',
    password: 'Seller@123',
  },
  {
    label: 'Premium seller (Kavya Exports)',
    companyName: 'Kavya Exports',
    subscriptionType: 'PREMIUM',
    addressLine1: '41, Tiruppur Kumaran Road, Tiruppur, Tamil Nadu 641601',
    firstName: 'Kavya',
    lastName: 'Raman',
    email: 'kavya@demo.dakiya.in',
    phone: '9345678012',
    password: 'Seller@123',
  },
];

/** The plans' names as sellers read them. */
const PLAN_NAMES: Record<string, string> = { LITE: 'Lite', PRO: 'Pro', PREMIUM: 'Premium' };

const DEMO_STAFF = {
  label: 'Dakiya staff (admin)',
  firstName: 'Kabir',
  lastName: 'Menon',
  email: 'ops@dakiya.in',
  phone: '9000012345',
  password: 'Staff@123',
  staffRole: 'ADMIN',
};

/** One staff login per other role (src/domain/staff-permissions.ts), to see what each may do. */
const DEMO_STAFF_ROLES = [
  {
    label: 'Dakiya staff (support)',
    firstName: 'Ritu',
    lastName: 'Das',
    email: 'support@dakiya.in',
    phone: '9000012346',
    staffRole: 'SUPPORT',
  },
  {
    label: 'Dakiya staff (finance)',
    firstName: 'Vikram',
    lastName: 'Rao',
    email: 'finance@dakiya.in',
    phone: '9000012347',
    staffRole: 'FINANCE',
  },
  {
    label: 'Dakiya staff (KYC reviewer)',
    firstName: 'Sana',
    lastName: 'Khan',
    email: 'kyc@dakiya.in',
    phone: '9000012348',
    staffRole: 'KYC_REVIEWER',
  },
  {
    label: 'Dakiya staff (operations)',
    firstName: 'Arjun',
    lastName: 'Pillai',
    email: 'operations@dakiya.in',
    phone: '9000012349',
    staffRole: 'OPERATIONS',
  },
].map((s) => ({ ...s, password: 'Staff@123' }));

/** Demo organisations and logins for the one-command demo. Idempotent: existing emails are left alone. */
export async function seedDemo(deps: AppDeps): Promise<DemoLogin[]> {
  const { db } = deps;
  const now = deps.now();
  const terms = await currentTerms(db);
  for (const s of DEMO_SELLERS) {
    if (await accountByEmail(db, s.email)) continue;
    const { orgId } = await db.transaction(async (tx) =>
      createOrganisationWithOwner(tx, {
        ...s,
        passwordHash: await hashPassword(s.password),
        enabled: true,
        terms: terms && { tcVersionId: terms.tcVersionId, ipAddress: '127.0.0.1' },
        now,
      }),
    );
    await db
      .update(organisations)
      // the demo sellers come KYC-verified, so they can ship at once
      .set({ kycVerified: true })
      .where(eq(organisations.id, orgId));
    // returning sellers: the home tour waits for new sign-ups (Help replays it)
    await db.update(accounts).set({ homeTourSeenAt: now }).where(eq(accounts.email, s.email));
  }
  for (const member of [DEMO_STAFF, ...DEMO_STAFF_ROLES]) {
    if (await accountByEmail(db, member.email)) continue;
    const { label: _label, password, ...staff } = member;
    const [row] = await db
      .insert(accounts)
      .values({
        ...staff,
        accountType: 'DAKIYA',
        role: 'DAKIYA',
        orgId: null,
        enabled: true,
        passwordHash: await hashPassword(password),
        createdAt: now,
      })
      .returning({ id: accounts.id });
    if (terms)
      await db.insert(termsAcceptances).values({
        accountId: row.id,
        tcVersionId: terms.tcVersionId,
        status: 'ACCEPTED',
        ipAddress: '127.0.0.1',
        createdAt: now,
      });
  }
  return [
    ...DEMO_SELLERS.map(({ label, email, password, subscriptionType }) => ({
      label,
      email,
      password,
      plan: PLAN_NAMES[subscriptionType] ?? subscriptionType,
    })),
    ...[DEMO_STAFF, ...DEMO_STAFF_ROLES].map(({ label, email, password }) => ({ label, email, password, plan: null })),
  ];
}
