import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { BuyerText } from '../domain/buyer-text/en';
import { BUYER_LANG_KEY, BUYER_LANGS, BUYER_TEXT, pickBuyerLang, type BuyerLang } from '../domain/buyer-text/language';

// The buyer pages' language: chosen from the browser's languages, changed with the switch on
// every page, kept in this browser across reloads; the page's lang attribute follows it.

const savedChoice = () => {
  try {
    return localStorage.getItem(BUYER_LANG_KEY);
  } catch {
    return null;
  }
};

const Language = createContext<{ lang: BuyerLang; t: BuyerText; setLang: (l: BuyerLang) => void }>({
  lang: 'en',
  t: BUYER_TEXT.en,
  setLang: () => undefined,
});

/** `lang` fixes the language (the lookup page as the build prerenders it, where there is no browser). */
export function BuyerLanguage({ children, lang: fixed }: { children: ReactNode; lang?: BuyerLang }) {
  const [lang, setLangState] = useState<BuyerLang>(
    () => fixed ?? pickBuyerLang(savedChoice(), navigator.languages ?? []),
  );
  useEffect(() => {
    document.documentElement.lang = lang === 'hi' ? 'hi-IN' : 'en-IN';
  }, [lang]);
  const setLang = (l: BuyerLang) => {
    try {
      localStorage.setItem(BUYER_LANG_KEY, l);
    } catch {
      // private mode: the choice lasts while the page is open
    }
    setLangState(l);
  };
  return <Language.Provider value={{ lang, t: BUYER_TEXT[lang], setLang }}>{children}</Language.Provider>;
}

export const useBuyerText = () => useContext(Language);

/** English / हिन्दी: each language named in itself, the chosen one pressed. */
export function LanguageSwitch() {
  const { lang, t, setLang } = useBuyerText();
  return (
    <div className="t-lang" role="group" aria-label={`${t.switchLabel} / Language`}>
      {BUYER_LANGS.map((l) => (
        <button
          key={l}
          type="button"
          lang={l === 'hi' ? 'hi-IN' : 'en-IN'}
          aria-pressed={lang === l}
          className={lang === l ? 'is-on' : ''}
          onClick={() => setLang(l)}
        >
          {BUYER_TEXT[l].languageName}
        </button>
      ))}
    </div>
  );
}
