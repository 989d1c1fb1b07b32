import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carriers, coupons, plans, productCategories, referralSources, termsVersions } from '../db/schema';
import { CARRIERS } from '../../src/domain/shipping/carriers';
import { POLICIES } from '../../src/domain/policies';

/** Spec section 1: the plans page. Prices in rupees a month as the cards show them. */
const PLANS = [
  {
    code: 'LITE',
    name: 'Lite',
    monthlyPrice: 0,
    monthlyAlt: null,
    yearlyAlt: null,
    sortOrder: 1,
    features: [
      'multiple sales channel integrations',
      'email and SMS notifications',
      'real-time tracking',
      'NDR and RTO management',
      'label, invoice and proof-of-delivery templates',
      'bulk order processing',
      'return management',
    ],
  },
  {
    code: 'PRO',
    name: 'Pro',
    monthlyPrice: 2450,
    monthlyAlt: 199,
    yearlyAlt: 109,
    sortOrder: 2,
    features: [
      'priority carrier selection',
      'multiple pickup addresses',
      '24/7 support',
      'COD order verification',
      'multi-user login',
      'key account manager',
      'custom branding and marketing',
    ],
  },
  {
    code: 'PREMIUM',
    name: 'Premium',
    monthlyPrice: 4950,
    monthlyAlt: 399,
    yearlyAlt: 309,
    sortOrder: 3,
    features: [
      'hyperlocal partners',
      'open API access',
      'custom reporting',
      'custom payment modes',
      'postpaid option',
      'split shipment service',
      'SLA based support',
      'customised pricing',
      'carrier recommendation engine',
      'up to 50 seller logins',
    ],
  },
];

const REFERRAL_SOURCES = [
  'Google search',
  'Facebook or Instagram',
  'YouTube',
  'A friend or another seller',
  'Amazon or Flipkart seller forums',
  'LinkedIn',
  'Event or webinar',
  'Dakiya sales team',
  'Other',
];

/** Product categories offered in the product form and accepted by name in the products CSV. */
export const PRODUCT_CATEGORIES = [
  'Apparel & Fashion',
  'Footwear',
  'Jewellery & Accessories',
  'Beauty & Personal Care',
  'Health & Wellness',
  'Electronics',
  'Mobiles & Accessories',
  'Computers & Accessories',
  'Home & Kitchen',
  'Home Decor & Furnishing',
  'Books & Stationery',
  'Toys & Baby Care',
  'Sports & Fitness',
  'Grocery & Gourmet',
  'Handicrafts & Art',
  'Automotive',
  'Pet Supplies',
  'Other',
];

/** Recharge coupons on offer (a bonus with the recharge, once per seller). */
const RECHARGE_COUPONS = [
  {
    code: 'WELCOME10',
    description: '10% bonus on your recharge, up to ₹500 (recharge ₹500 or more)',
    bonusPercent: 10,
    maxBonusPaise: 50_000,
    minRechargePaise: 50_000,
    validFrom: new Date('2026-01-01T00:00:00+05:30'),
    validUntil: new Date('2027-12-31T23:59:59+05:30'),
  },
  {
    code: 'FLAT100',
    description: '₹100 bonus on a recharge of ₹1,000 or more',
    bonusFlatPaise: 10_000,
    maxBonusPaise: 10_000,
    minRechargePaise: 100_000,
    validFrom: new Date('2026-01-01T00:00:00+05:30'),
    validUntil: new Date('2027-12-31T23:59:59+05:30'),
  },
];

function termsText(): string {
  return POLICIES.terms_conditions.sections.map((s) => [s.heading, ...s.paragraphs].join('\n\n')).join('\n\n');
}

/** Reference data every install needs (plans, referral sources, terms). Idempotent. */
export async function seedReference(db: Db): Promise<void> {
  for (const p of PLANS) {
    await db
      .insert(plans)
      .values(p)
      .onConflictDoUpdate({ target: plans.code, set: { ...p } });
  }
  const known = new Set(
    (await db.select({ name: referralSources.sourceName }).from(referralSources)).map((r) => r.name),
  );
  const missing = REFERRAL_SOURCES.map((sourceName, i) => ({ sourceName, sortOrder: i + 1 })).filter(
    (r) => !known.has(r.sourceName),
  );
  if (missing.length) await db.insert(referralSources).values(missing);
  await db
    .insert(productCategories)
    .values(PRODUCT_CATEGORIES.map((name, i) => ({ name, sortOrder: i + 1 })))
    .onConflictDoNothing();
  await db.insert(coupons).values(RECHARGE_COUPONS).onConflictDoNothing();
  // the courier network; a rate card staff have edited is kept
  await db
    .insert(carriers)
    .values(CARRIERS.map(({ rateCard, ...profile }) => ({ code: profile.code, name: profile.name, profile, rateCard })))
    .onConflictDoNothing();
  const [v1] = await db.select({ id: termsVersions.id }).from(termsVersions).where(eq(termsVersions.version, '1'));
  if (!v1) {
    await db.insert(termsVersions).values({
      version: '1',
      title: POLICIES.terms_conditions.title,
      content: termsText(),
      publishedAt: new Date(`${POLICIES.terms_conditions.updated}T00:00:00Z`),
    });
  }
}
