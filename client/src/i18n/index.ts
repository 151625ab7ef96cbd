import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { formatBytes, formatNumber } from "../lib/format";
import { storage } from "../lib/storage";
import type { Resources } from "./csv";
import { inReadersDigits, onDigitStyleChange, setDigitStyle, type DigitStyle } from "./digits";
import { DEFAULT_LANGUAGE, detectLanguage, isLanguage, languageInfo, type LanguageCode } from "./languages";

const LANGUAGE_KEY = "language";
/** The reader's language for the server, which has no access to storage (its static.ts reads the same name). */
const LANGUAGE_COOKIE = "roots_lang";
const FSI = "\u2068";
const PDI = "\u2069";

/** Each language's texts, a chunk of their own (vite.config.ts): a page loads only its reader's language. */
const LOADERS: Record<LanguageCode, () => Promise<{ default: Record<string, string> }>> = {
  ar: () => import("virtual:roots-translations/ar"),
  en: () => import("virtual:roots-translations/en"),
  fr: () => import("virtual:roots-translations/fr"),
};

/** Loads a language's texts into i18next once (before switching to it). */
export async function loadLanguage(code: LanguageCode): Promise<void> {
  if (i18next.hasResourceBundle(code, "translation")) return;
  const texts = (await LOADERS[code]()).default;
  i18next.addResourceBundle(code, "translation", texts);
}

/** Sets `<html lang dir>` and the page's description (what search results show) for the active language. */
export function applyDocumentLanguage(code: LanguageCode): void {
  if (typeof document === "undefined") return; // the build's first-screen render (app/first-screen)
  document.documentElement.lang = code;
  // The server sends the next page's first screen in this language (server/src/app/static.ts).
  document.cookie = `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=31536000; SameSite=Lax`;
  document.documentElement.dir = languageInfo(code).dir;
  const description = i18next.isInitialized ? i18next.t("app.description", { lng: code }) : "";
  const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (meta && description && description !== "app.description") meta.content = description;
}

/** The language this page opens in: the reader's saved choice, else their browser's (decisions.md). */
export const initialLanguage = (): LanguageCode =>
  detectLanguage(storage.get<string>(LANGUAGE_KEY), navigator.languages ?? [navigator.language]);

/**
 * Starts i18next in the reader's language. `resources` (tests) gives every language at once;
 * otherwise only the reader's language is loaded, and another one when the reader switches.
 */
export async function initI18n(resources?: Resources, lng: LanguageCode = initialLanguage()): Promise<I18n> {
  await i18next.use(initReactI18next).init({
    resources: resources ?? { [lng]: { translation: (await LOADERS[lng]()).default } },
    lng,
    fallbackLng: "en",
    supportedLngs: ["ar", "en", "fr"],
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    interpolation: {
      // React escapes text itself; this hook bidi-isolates every interpolated value
      // (names, numbers) so it reads correctly inside Arabic sentences, and writes a plain number
      // (`{{year}}`) in the reader's digits (names and other text keep theirs).
      escapeValue: true,
      useRawValueToEscape: true,
      escape: (value: unknown) =>
        `${FSI}${typeof value === "number" ? inReadersDigits(String(value), currentLanguage()) : value == null ? "" : String(value)}${PDI}`,
    },
    react: { useSuspense: false },
  });
  // `{{count, number}}`: numbers as the rest of the page writes them (formatNumber, the language's locale), not Intl's default for "ar".
  // (The call's other options are not passed on: a parameter named `style` or `currency` is not a number format.)
  i18next.services.formatter?.add("number", (value: number, code: string | undefined) =>
    isLanguage(code) ? formatNumber(value, code) : String(value),
  );
  i18next.services.formatter?.add("bytes", (value: number, code: string | undefined) =>
    isLanguage(code) ? formatBytes(value, code) : String(value),
  );
  // `{{wait, minutes}}`: whole minutes with the language's plural, as the server writes them (common/i18n.ts).
  i18next.services.formatter?.add("minutes", (value: number, code: string | undefined) =>
    isLanguage(code) ? formatNumber(value, code, { style: "unit", unit: "minute", unitDisplay: "long" }) : String(value),
  );
  applyDocumentLanguage(lng);
  i18next.on("languageChanged", (code) => {
    if (isLanguage(code)) applyDocumentLanguage(code);
  });
  return i18next;
}

/**
 * Saves the reader's digits (Arabic pages: 0123 or ٠١٢٣) and renders what is on screen again in
 * them: every translated component listens to i18next's language change, told again here.
 */
export function changeDigits(style: DigitStyle): void {
  setDigitStyle(style);
}
onDigitStyleChange(() => {
  if (i18next.isInitialized) void i18next.changeLanguage(i18next.language);
});

/** Switches language, saves the choice and updates the document. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  // The choice is kept at once: a page opened while its texts load is in the chosen language.
  storage.set(LANGUAGE_KEY, code);
  await loadLanguage(code);
  await i18next.changeLanguage(code);
}

export const currentLanguage = (): LanguageCode => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);
