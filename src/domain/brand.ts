import * as v from 'valibot';

// The seller's brand on the buyer's tracking page (spec section 3, accountBrandCustomisationConfig)
// and the rules every value must pass before a buyer's browser sees it: links are http(s) only,
// videos only from known hosts, text is text (rendered as such, never as markup).

export const MAX_AD_BANNERS = 4;
export const MAX_RECOMMENDED_PRODUCTS = 6;
export const VIDEO_HOSTS = ['www.youtube.com', 'youtube.com', 'youtu.be', 'www.youtube-nocookie.com', 'player.vimeo.com', 'vimeo.com'] as const;
export const BRAND_FEATURES = ['header', 'banner', 'productRecommendation', 'promotionalVideo', 'socialContent', 'footer'] as const;
export type BrandFeature = (typeof BRAND_FEATURES)[number];

/** An absolute http(s) URL, or null: javascript:, data:, relative and malformed links are refused. */
export function safeLink(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The embeddable address of a video on a known host, or null. */
export function embeddableVideo(text: string): string | null {
  const link = safeLink(text);
  if (!link) return null;
  const url = new URL(link);
  if (!(VIDEO_HOSTS as readonly string[]).includes(url.hostname)) return null;
  if (url.hostname === 'youtu.be') return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(url.pathname.slice(1))}`;
  if (url.hostname.endsWith('youtube.com') && url.pathname === '/watch') {
    const id = url.searchParams.get('v');
    return id ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}` : null;
  }
  if (url.hostname === 'vimeo.com') return `https://player.vimeo.com/video/${encodeURIComponent(url.pathname.slice(1))}`;
  return link.replace('http://', 'https://');
}

const link = (field: string) => v.pipe(v.string(`${field} is required`), v.trim(), v.maxLength(500, `${field} is too long`), v.check((s) => s === '' || safeLink(s) !== null, `${field} must be an http(s) link`));
const optionalLink = (field: string) => v.optional(link(field), '');
const text = (field: string, max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`)), '');
/** images are our own uploads (/api/v1/files/…) or an http(s) link */
const image = (field: string) => v.pipe(v.string(`${field} is required`), v.trim(), v.maxLength(500, `${field} is too long`), v.check((s) => s === '' || /^\/api\/v1\/files\/[A-Za-z0-9_-]+$/.test(s) || safeLink(s) !== null, `${field} must be an uploaded image or an http(s) link`));

export const BrandConfigBody = v.object({
  headerConfig: v.object({
    enabled: v.boolean(),
    headerBannerContent: text('headerBannerContent', 200),
    headerBannerRedirectionLink: optionalLink('headerBannerRedirectionLink'),
    menuItemsMap: v.pipe(v.record(v.pipe(v.string(), v.trim(), v.minLength(1, 'menu item text is required'), v.maxLength(40, 'menu item text must be at most 40 characters')), link('menu item link')), v.check((m) => Object.keys(m).length <= 8, 'at most 8 menu items')),
  }),
  bannerConfig: v.object({
    enabled: v.boolean(),
    adBannersList: v.pipe(v.array(v.object({ bannerImageUrl: image('bannerImageUrl'), bannerImageRedirectionLink: optionalLink('bannerImageRedirectionLink') })), v.maxLength(MAX_AD_BANNERS, `at most ${MAX_AD_BANNERS} ad banners`)),
  }),
  productRecommendationConfig: v.object({
    enabled: v.boolean(),
    recommendedProductsList: v.pipe(
      v.array(v.object({ productImageUrl: v.optional(image('productImageUrl'), ''), productImageName: text('productImageName', 100), productTitle: text('productTitle', 100), productPrice: text('productPrice', 20), productImageRedirectionLink: optionalLink('productImageRedirectionLink') })),
      v.maxLength(MAX_RECOMMENDED_PRODUCTS, `at most ${MAX_RECOMMENDED_PRODUCTS} recommended products`),
    ),
  }),
  promotionalVideoConfig: v.object({
    enabled: v.boolean(),
    videoUrl: v.pipe(v.string(), v.trim(), v.check((s) => s === '' || embeddableVideo(s) !== null, `videoUrl must be a YouTube or Vimeo link`)),
    videoTitle: text('videoTitle', 100),
  }),
  socialContentConfig: v.object({ enabled: v.boolean(), socialImageUrls: v.pipe(v.array(image('socialImageUrls')), v.maxLength(8, 'at most 8 social images')) }),
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
  supportEmail: v.optional(v.pipe(v.string(), v.trim(), v.check((s) => s === '' || /^[^\s@<>]+@[^\s@<>]+\.[A-Za-z]{2,}$/.test(s), 'supportEmail: This email is invalid')), ''),
  supportPhone: v.optional(v.pipe(v.string(), v.trim(), v.check((s) => s === '' || /^[6-9]\d{9}$/.test(s.replace(/^\+91/, '').replace(/\s/g, '')), 'supportPhone: This phone number is invalid')), ''),
});
export type BrandConfig = v.InferOutput<typeof BrandConfigBody>;

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
  footerConfig: { enabled: false, footerBannerContent: '', footerBannerRedirectionLink: '', facebookUrl: '', twitterUrl: '', instagramUrl: '', youtubeUrl: '', pinterestUrl: '' },
  supportEmail: '',
  supportPhone: '',
};

/** Recommended products missing an image, a title or a price are not shown (spec section 2). */
export const showableProducts = (c: BrandConfig) => c.productRecommendationConfig.recommendedProductsList.filter((p) => p.productImageUrl && p.productTitle && p.productPrice);
