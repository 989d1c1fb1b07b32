import * as v from 'valibot';
import { embeddableVideo, MAX_AD_BANNERS, MAX_MENU_ITEMS, MAX_RECOMMENDED_PRODUCTS, safeLink } from '../brand-rules';

// The brand editor's input, checked on the server before any buyer's browser sees it (the
// tracking page itself carries no schema code).

const link = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.maxLength(500, `${field} is too long`),
    v.check((s) => s === '' || safeLink(s) !== null, `${field} must be an http(s) link`),
  );
const optionalLink = (field: string) => v.optional(link(field), '');
const text = (field: string, max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`)), '');
/** images are our own uploads (/api/v1/files/…) or an http(s) link */
const image = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.maxLength(500, `${field} is too long`),
    v.check(
      (s) => s === '' || /^\/api\/v1\/files\/[A-Za-z0-9_-]+$/.test(s) || safeLink(s) !== null,
      `${field} must be an uploaded image or an http(s) link`,
    ),
  );

export const BrandConfigBody = v.object({
  headerConfig: v.object({
    enabled: v.boolean(),
    headerBannerContent: text('headerBannerContent', 200),
    headerBannerRedirectionLink: optionalLink('headerBannerRedirectionLink'),
    menuItemsMap: v.pipe(
      v.record(
        v.pipe(
          v.string(),
          v.trim(),
          v.minLength(1, 'menu item text is required'),
          v.maxLength(40, 'menu item text must be at most 40 characters'),
        ),
        link('menu item link'),
      ),
      v.check((m) => Object.keys(m).length <= MAX_MENU_ITEMS, `at most ${MAX_MENU_ITEMS} menu items`),
    ),
  }),
  bannerConfig: v.object({
    enabled: v.boolean(),
    adBannersList: v.pipe(
      v.array(
        v.object({
          bannerImageUrl: image('bannerImageUrl'),
          bannerImageRedirectionLink: optionalLink('bannerImageRedirectionLink'),
        }),
      ),
      v.maxLength(MAX_AD_BANNERS, `at most ${MAX_AD_BANNERS} ad banners`),
    ),
  }),
  productRecommendationConfig: v.object({
    enabled: v.boolean(),
    recommendedProductsList: v.pipe(
      v.array(
        v.object({
          productImageUrl: v.optional(image('productImageUrl'), ''),
          productImageName: text('productImageName', 100),
          productTitle: text('productTitle', 100),
          productPrice: text('productPrice', 20),
          productImageRedirectionLink: optionalLink('productImageRedirectionLink'),
        }),
      ),
      v.maxLength(MAX_RECOMMENDED_PRODUCTS, `at most ${MAX_RECOMMENDED_PRODUCTS} recommended products`),
    ),
  }),
  promotionalVideoConfig: v.object({
    enabled: v.boolean(),
    videoUrl: v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || embeddableVideo(s) !== null, `videoUrl must be a YouTube or Vimeo link`),
    ),
    videoTitle: text('videoTitle', 100),
  }),
  socialContentConfig: v.object({
    enabled: v.boolean(),
    socialImageUrls: v.pipe(v.array(image('socialImageUrls')), v.maxLength(8, 'at most 8 social images')),
  }),
  footerConfig: v.object({
    enabled: v.boolean(),
    footerBannerContent: text('footerBannerContent', 200),
    footerBannerRedirectionLink: optionalLink('footerBannerRedirectionLink'),
    facebookUrl: optionalLink('facebookUrl'),
    twitterUrl: optionalLink('twitterUrl'),
    instagramUrl: optionalLink('instagramUrl'),
    youtubeUrl: optionalLink('youtubeUrl'),
    pinterestUrl: optionalLink('pinterestUrl'),
  }),
  supportEmail: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || /^[^\s@<>]+@[^\s@<>]+\.[A-Za-z]{2,}$/.test(s), 'supportEmail: This email is invalid'),
    ),
    '',
  ),
  supportPhone: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => s === '' || /^[6-9]\d{9}$/.test(s.replace(/^\+91/, '').replace(/\s/g, '')),
        'supportPhone: This phone number is invalid',
      ),
    ),
    '',
  ),
});
export type BrandConfig = v.InferOutput<typeof BrandConfigBody>;
