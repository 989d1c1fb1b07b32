// The rules every value of a seller's brand (spec section 3) must pass before a buyer's browser
// sees it: links are http(s) only,
// videos only from known hosts, text is text (rendered as such, never as markup).

export const MAX_MENU_ITEMS = 8;
export const MAX_AD_BANNERS = 4;
export const MAX_RECOMMENDED_PRODUCTS = 6;
export const VIDEO_HOSTS = [
  'www.youtube.com',
  'youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'vimeo.com',
] as const;
export const BRAND_FEATURES = [
  'header',
  'banner',
  'productRecommendation',
  'promotionalVideo',
  'socialContent',
  'footer',
] as const;
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
  if (url.hostname === 'youtu.be')
    return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(url.pathname.slice(1))}`;
  if (url.hostname.endsWith('youtube.com') && url.pathname === '/watch') {
    const id = url.searchParams.get('v');
    return id ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}` : null;
  }
  if (url.hostname === 'vimeo.com')
    return `https://player.vimeo.com/video/${encodeURIComponent(url.pathname.slice(1))}`;
  return link.replace('http://', 'https://');
}
