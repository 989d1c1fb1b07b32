import { useEffect, useState } from 'react';
import { carouselPerView, carouselStep, carouselWindow } from '../domain/tracking/carousel';
import { DEFAULT_SOCIAL, embeddableVideo, safeLink, showableProducts, type BrandConfig } from '../domain/brand';

// The seller's brand blocks (spec section 2). Every seller value is rendered as text; a link is
// used only when it is an http(s) URL, opened in a new tab without handing over this page; the
// video frame only for YouTube or Vimeo.

const linkProps = (href: string) => ({ href, target: '_blank', rel: 'noopener noreferrer nofollow' });

function SafeLink({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  const ok = safeLink(href);
  return ok ? (
    <a className={className} {...linkProps(ok)}>
      {children}
    </a>
  ) : (
    <span className={className}>{children}</span>
  );
}

/** Uploaded images are ours; others must be http(s). */
const imageSrc = (src: string) => (/^\/api\/v1\/files\/[A-Za-z0-9_-]+$/.test(src) ? src : safeLink(src));

export function TopBanner({ config }: { config: BrandConfig }) {
  const h = config.headerConfig;
  if (!h.enabled || !h.headerBannerContent) return null;
  return (
    <SafeLink className="t-offer" href={h.headerBannerRedirectionLink}>
      {h.headerBannerContent}
    </SafeLink>
  );
}

export function HeaderBar({
  config,
  companyName,
  logoUrl,
}: {
  config: BrandConfig;
  companyName: string;
  logoUrl: string | null;
}) {
  const [open, setOpen] = useState(false);
  const items = config.headerConfig.enabled ? Object.entries(config.headerConfig.menuItemsMap) : [];
  return (
    <header className="t-header">
      {logoUrl ? (
        <img src={logoUrl} alt={companyName} className="t-logo" width={120} height={40} />
      ) : (
        <strong className="t-brand">{companyName}</strong>
      )}
      {items.length > 0 && (
        <>
          <button
            type="button"
            className="t-menu-toggle"
            aria-expanded={open}
            aria-controls="t-menu"
            onClick={() => setOpen(!open)}
          >
            Menu
          </button>
          <nav id="t-menu" className={`t-menu${open ? ' is-open' : ''}`} aria-label={`${companyName} links`}>
            {items.map(([text, href]) => (
              <SafeLink key={text} href={href}>
                {text}
              </SafeLink>
            ))}
          </nav>
        </>
      )}
    </header>
  );
}

export function AdBanners({ config }: { config: BrandConfig }) {
  if (!config.bannerConfig.enabled) return null;
  const banners = config.bannerConfig.adBannersList.slice(0, 4).filter((b) => imageSrc(b.bannerImageUrl));
  if (!banners.length) return null;
  return (
    <section className="t-ads" aria-label="Offers">
      {banners.map((b, i) => (
        <SafeLink key={i} href={b.bannerImageRedirectionLink}>
          <img src={imageSrc(b.bannerImageUrl)!} alt={`Offer ${i + 1}`} loading="lazy" />
        </SafeLink>
      ))}
    </section>
  );
}

/** The viewport's width, followed as it changes. */
function useViewportWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** Three at a time, three a step, round and round; one up to 1199 px, two up to 991 px, one up to 767 px (domain/tracking/carousel). */
export function ProductCarousel({ config }: { config: BrandConfig }) {
  const products = config.productRecommendationConfig.enabled ? showableProducts(config) : [];
  const [start, setStart] = useState(0);
  const perView = carouselPerView(useViewportWidth());
  if (!products.length) return null;
  const shown = carouselWindow(start, perView, products.length).map((i) => products[i]);
  return (
    <section className="t-card" aria-label="You may also like">
      <h2>You may also like</h2>
      <div className="t-carousel">
        <button
          type="button"
          aria-label="Previous products"
          onClick={() => setStart(carouselStep(start, perView, products.length, -1))}
        >
          ‹
        </button>
        <ul style={{ gridTemplateColumns: `repeat(${shown.length}, minmax(0, 1fr))` }}>
          {shown.map((p, i) => (
            <li key={`${start}-${i}`}>
              <SafeLink href={p.productImageRedirectionLink}>
                <img
                  src={imageSrc(p.productImageUrl) ?? ''}
                  alt={p.productImageName || p.productTitle}
                  loading="lazy"
                />
                <span className="t-product-title">{p.productTitle}</span>
                <span className="t-product-price">{p.productPrice}</span>
              </SafeLink>
            </li>
          ))}
        </ul>
        <button
          type="button"
          aria-label="Next products"
          onClick={() => setStart(carouselStep(start, perView, products.length, 1))}
        >
          ›
        </button>
      </div>
    </section>
  );
}

export function PromoVideo({ config }: { config: BrandConfig }) {
  const v = config.promotionalVideoConfig;
  const src = v.enabled ? embeddableVideo(v.videoUrl) : null;
  if (!src) return null;
  return (
    <section className="t-card" aria-label={v.videoTitle || 'Video'}>
      {v.videoTitle && <h2>{v.videoTitle}</h2>}
      <div className="t-video">
        <iframe
          src={src}
          title={v.videoTitle || 'Video'}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation"
          allow="encrypted-media; picture-in-picture"
          allowFullScreen
        />
      </div>
    </section>
  );
}

export function SocialImages({ config }: { config: BrandConfig }) {
  const images = config.socialContentConfig.enabled
    ? config.socialContentConfig.socialImageUrls.map(imageSrc).filter((x): x is string => Boolean(x))
    : [];
  if (!images.length) return null;
  return (
    <section className="t-card" aria-label="From our social pages">
      <div className="t-thumbs">
        {images.map((src, i) => (
          <img key={i} src={src} alt={`Social post ${i + 1}`} loading="lazy" width={96} height={96} />
        ))}
      </div>
    </section>
  );
}

export function BrandFooter({
  config,
  supportEmail,
  supportPhone,
}: {
  config: BrandConfig;
  supportEmail: string;
  supportPhone: string;
}) {
  const f = config.footerConfig;
  const social = (key: keyof typeof DEFAULT_SOCIAL) => (f.enabled && f[key] ? f[key] : DEFAULT_SOCIAL[key]);
  return (
    <footer className="t-footer">
      {f.enabled && f.footerBannerContent && (
        <SafeLink className="t-offer" href={f.footerBannerRedirectionLink}>
          {f.footerBannerContent}
        </SafeLink>
      )}
      <p>
        {supportEmail && <a href={`mailto:${encodeURIComponent(supportEmail).replace('%40', '@')}`}>{supportEmail}</a>}
        {supportPhone && (
          <>
            {' '}
            · <a href={`tel:+91${supportPhone.replace(/\D/g, '').slice(-10)}`}>{supportPhone}</a>
          </>
        )}
      </p>
      <nav className="t-social" aria-label="Social links">
        {(['facebookUrl', 'twitterUrl', 'instagramUrl', 'youtubeUrl', 'pinterestUrl'] as const).map((k) => {
          const href = social(k);
          const label = k.replace('Url', '');
          return href === '#' ? (
            <span key={k}>{label}</span>
          ) : (
            <SafeLink key={k} href={href}>
              {label}
            </SafeLink>
          );
        })}
      </nav>
      <p>
        <a href="mailto:sales@dakiya.in">Sell with Dakiya: sales@dakiya.in</a>
      </p>
      <p className="t-powered">
        Powered By <strong>Dakiya</strong>
      </p>
    </footer>
  );
}
