import type { BrandConfig } from '../../../domain/brand';
import {
  AdBanners,
  BrandFooter,
  HeaderBar,
  ProductCarousel,
  PromoVideo,
  SocialImages,
  TopBanner,
} from '../../../track/brand-blocks';
import '../../../track/track.css';

// The live preview: the buyer's tracking page blocks, drawn by the same components the buyer's
// page uses, from the editor's unsaved values.

export function BrandPreview({
  config,
  companyName,
  logoUrl,
}: {
  config: BrandConfig;
  companyName: string;
  logoUrl: string | null;
}) {
  return (
    <section className="brand-preview" aria-label="Preview of your tracking page">
      <TopBanner config={config} />
      <HeaderBar config={config} companyName={companyName} logoUrl={logoUrl} />
      <div className="t-main">
        <p className="t-status">Order Shipped</p>
        <h1 className="t-preview-heading">Track Your Order : ORD-000123</h1>
        <div className="t-card">
          <p>Your order’s status, dates and journey show here.</p>
        </div>
        <AdBanners config={config} />
        <ProductCarousel config={config} />
        <PromoVideo config={config} />
        <SocialImages config={config} />
      </div>
      <BrandFooter config={config} supportEmail={config.supportEmail} supportPhone={config.supportPhone} />
    </section>
  );
}
