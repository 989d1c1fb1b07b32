import type { CarrierCode } from './shipping/carriers';
import { SALES_CHANNELS } from './constants';

// The logos the marquees show (spec section 9: the login page's sales channels, the lookup
// page's courier partners). Each is a simple wordmark drawn for the product (scripts/draw-logos.ts
// writes public/logos/*.svg from this list): a coloured mark with the initials and the name, so
// the marquee reads as logos while the name stays the image's alternative text.

export interface Logo {
  /** file name under /logos, without .svg */
  slug: string;
  /** the alternative text, and the wordmark's words */
  name: string;
  /** the two letters of the mark */
  initials: string;
  /** the mark's colour (white letters on it meet 4.5:1) */
  colour: string;
}

export const CHANNEL_LOGOS: Record<(typeof SALES_CHANNELS)[number], Logo> = {
  Wix: { slug: 'channel-wix', name: 'Wix', initials: 'Wx', colour: '#1d1d1f' },
  WooCommerce: { slug: 'channel-woocommerce', name: 'WooCommerce', initials: 'Wc', colour: '#6b3fa0' },
  Magento: { slug: 'channel-magento', name: 'Magento', initials: 'Mg', colour: '#b8400f' },
  Shopify: { slug: 'channel-shopify', name: 'Shopify', initials: 'Sh', colour: '#3d6b1f' },
  Amazon: { slug: 'channel-amazon', name: 'Amazon', initials: 'Am', colour: '#232f3e' },
  Flipkart: { slug: 'channel-flipkart', name: 'Flipkart', initials: 'Fk', colour: '#1f55b8' },
  Shopclues: { slug: 'channel-shopclues', name: 'Shopclues', initials: 'Sc', colour: '#14707a' },
  'Tata Cliq': { slug: 'channel-tata-cliq', name: 'Tata Cliq', initials: 'TC', colour: '#8a1538' },
};

const AMAZON_SHIPPING: Logo = {
  slug: 'courier-amazon-shipping',
  name: 'Amazon Shipping',
  initials: 'AS',
  colour: '#232f3e',
};
const BLUE_DART: Logo = { slug: 'courier-blue-dart', name: 'Blue Dart', initials: 'BD', colour: '#1c3f94' };
const DELHIVERY: Logo = { slug: 'courier-delhivery', name: 'Delhivery', initials: 'De', colour: '#b3261e' };
const ECOM_EXPRESS: Logo = { slug: 'courier-ecom-express', name: 'Ecom Express', initials: 'EE', colour: '#a3271f' };
const SMARTR: Logo = { slug: 'courier-smartr', name: 'Smartr Logistics', initials: 'Sm', colour: '#0b6e4f' };
const SHADOWFAX: Logo = { slug: 'courier-shadowfax', name: 'Shadowfax', initials: 'Sf', colour: '#0f6b3a' };
const XPRESSBEES: Logo = { slug: 'courier-xpressbees', name: 'Xpressbees', initials: 'Xb', colour: '#1f3a68' };
const EKART: Logo = { slug: 'courier-ekart', name: 'Ekart', initials: 'Ek', colour: '#1f55b8' };
const UDAAN: Logo = { slug: 'courier-udaan-express', name: 'Udaan Express', initials: 'UE', colour: '#5b2a86' };
const GATI: Logo = { slug: 'courier-gati', name: 'Gati', initials: 'Ga', colour: '#9c2a00' };

/** Each courier service's brand: services of one courier (Delhivery Surface, Heavy, Mid-weight) share its logo. */
export const COURIER_LOGOS: Record<CarrierCode, Logo> = {
  AZ: AMAZON_SHIPPING,
  'SW-BD': BLUE_DART,
  DE: DELHIVERY,
  DEHW: DELHIVERY,
  DEMW: DELHIVERY,
  'SW-EX': ECOM_EXPRESS,
  EX: ECOM_EXPRESS,
  'SW-SM': SMARTR,
  SF: SHADOWFAX,
  XB: XPRESSBEES,
  XBSDD: XPRESSBEES,
  EK: EKART,
  UB: UDAAN,
  GT: GATI,
};

/** The address a logo is served at. */
export const logoSrc = (logo: Logo) => `/logos/${logo.slug}.svg`;

/** Each brand once, in the order the codes give. */
export function distinctLogos(logos: readonly Logo[]): Logo[] {
  return logos.filter((l, i) => logos.findIndex((x) => x.slug === l.slug) === i);
}

/** The wordmark's SVG: a rounded mark with the initials, then the name (160 × 48). */
export function logoSvg(logo: Logo): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const width = 64 + Math.ceil(logo.name.length * 10.5);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="48" viewBox="0 0 ${width} 48" role="img" aria-label="${esc(logo.name)}">`,
    `<title>${esc(logo.name)}</title>`,
    `<rect x="4" y="4" width="40" height="40" rx="10" fill="${logo.colour}"/>`,
    `<text x="24" y="31" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="17" font-weight="700" fill="#ffffff">${esc(logo.initials)}</text>`,
    `<text x="54" y="31" font-family="Arial, Helvetica, sans-serif" font-size="18" font-weight="700" fill="${logo.colour}">${esc(logo.name)}</text>`,
    `</svg>`,
    '',
  ].join('\n');
}
