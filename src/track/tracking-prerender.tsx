import { renderToStaticMarkup } from 'react-dom/server';
import type { BuyerLang } from '../domain/buyer-text/language';
import type { TrackingData } from '../domain/tracking-contract';
import type { TrackingRef } from '../domain/tracking/track-route';
import { BuyerLanguage, LanguageSwitch } from './language';
import { TrackingScreen } from './tracking-screen';

// The tracking page as its first render draws it with the answer its HTML carries, for the server
// to put in that HTML (server/http/page-hints.ts): the page paints before its script has loaded,
// and the script's first render draws the same, replacing it. The build bundles this module for
// the server (scripts/build-track-render.mjs): the server imports none of src/track itself.

export function trackingPageMarkup(page: {
  ref: TrackingRef;
  ratingKey?: string;
  minimumLoadingMs?: number;
  data: TrackingData;
  lang: BuyerLang;
}): string {
  return (
    renderToStaticMarkup(
      <BuyerLanguage lang={page.lang}>
        <LanguageSwitch />
        <TrackingScreen
          trackingRef={page.ref}
          ratingKey={page.ratingKey}
          minimumLoadingMs={page.minimumLoadingMs}
          carried={page.data}
        />
      </BuyerLanguage>,
    )
      // the image preloads React puts first would only repeat the images the markup names
      .replace(/<link rel="preload" as="image"[^>]*>/g, '')
      // the page's CSP admits no style attribute in HTML (the carousel's columns): the script's
      // render sets it
      .replace(/ style="[^"]*"/g, '')
  );
}
