import { renderToStaticMarkup } from 'react-dom/server';
import { BUYER_LANGS, type BuyerLang } from '../domain/buyer-text/language';
import { BuyerLanguage, LanguageSwitch } from './language';
import { LookupScreen } from './lookup-screen';

// The lookup page as its first render draws it, in each buyer language, for the build to put in
// the page's HTML (scripts/prerender-pages.ts): the page paints its text before its script has
// loaded, and the script's first render draws the same, replacing it.

export function lookupPageMarkup(): Record<BuyerLang, string> {
  return Object.fromEntries(
    BUYER_LANGS.map((lang) => [
      lang,
      renderToStaticMarkup(
        <BuyerLanguage lang={lang}>
          <LanguageSwitch />
          <LookupScreen />
        </BuyerLanguage>,
        // the image preloads React puts first would only repeat the logos the markup names
      ).replace(/<link rel="preload" as="image"[^>]*>/g, ''),
    ]),
  ) as Record<BuyerLang, string>;
}
