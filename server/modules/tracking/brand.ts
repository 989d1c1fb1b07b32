import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brandCustomisations } from '../../db/schema';
import { EMPTY_BRAND, type BrandConfig, type BrandFeature } from '../../../src/domain/brand';

// The seller's brand on their buyers' tracking pages. Every value passed the brand schema
// (http(s) links, known video hosts, bounded text) before it is stored.

export async function brandConfig(db: Db, orgId: number): Promise<BrandConfig> {
  const [row] = await db
    .select({ config: brandCustomisations.config })
    .from(brandCustomisations)
    .where(eq(brandCustomisations.orgId, orgId));
  return row?.config ?? EMPTY_BRAND;
}

export async function saveBrandConfig(db: Db, orgId: number, config: BrandConfig, now: Date): Promise<BrandConfig> {
  await db
    .insert(brandCustomisations)
    .values({ orgId, config, updatedAt: now })
    .onConflictDoUpdate({ target: brandCustomisations.orgId, set: { config, updatedAt: now } });
  return config;
}

const FEATURE_KEY: Record<BrandFeature, keyof BrandConfig> = {
  header: 'headerConfig',
  banner: 'bannerConfig',
  productRecommendation: 'productRecommendationConfig',
  promotionalVideo: 'promotionalVideoConfig',
  socialContent: 'socialContentConfig',
  footer: 'footerConfig',
};

/** The feature toggle: one block on or off, the rest kept. */
export async function setBrandFeature(
  db: Db,
  orgId: number,
  feature: BrandFeature,
  enabled: boolean,
  now: Date,
): Promise<BrandConfig> {
  const config = await brandConfig(db, orgId);
  const key = FEATURE_KEY[feature];
  const next = { ...config, [key]: { ...(config[key] as object), enabled } } as BrandConfig;
  return saveBrandConfig(db, orgId, next, now);
}
