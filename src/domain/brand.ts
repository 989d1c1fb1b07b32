// The seller's brand on the buyer's tracking page (spec section 3, accountBrandCustomisationConfig):
// its defaults and what of it a buyer sees. The rules each value passes are in brand-rules.ts.

export * from './brand-rules';

export type { BrandConfig } from './schemas/brand';
import type { BrandConfig } from './schemas/brand';

/** Default social links (spec section 2): the provider's pages for three, '#' for two. */
export const DEFAULT_SOCIAL = {
  facebookUrl: 'https://www.facebook.com/dakiya.in',
  twitterUrl: 'https://twitter.com/dakiya_in',
  instagramUrl: 'https://www.instagram.com/dakiya.in',
  youtubeUrl: '#',
  pinterestUrl: '#',
} as const;

export const EMPTY_BRAND: BrandConfig = {
  headerConfig: { enabled: false, headerBannerContent: '', headerBannerRedirectionLink: '', menuItemsMap: {} },
  bannerConfig: { enabled: false, adBannersList: [] },
  productRecommendationConfig: { enabled: false, recommendedProductsList: [] },
  promotionalVideoConfig: { enabled: false, videoUrl: '', videoTitle: '' },
  socialContentConfig: { enabled: false, socialImageUrls: [] },
  footerConfig: {
    enabled: false,
    footerBannerContent: '',
    footerBannerRedirectionLink: '',
    facebookUrl: '',
    twitterUrl: '',
    instagramUrl: '',
    youtubeUrl: '',
    pinterestUrl: '',
  },
  supportEmail: '',
  supportPhone: '',
};

/** Recommended products missing an image, a title or a price are not shown (spec section 2). */
export const showableProducts = (c: BrandConfig) =>
  c.productRecommendationConfig.recommendedProductsList.filter(
    (p) => p.productImageUrl && p.productTitle && p.productPrice,
  );
