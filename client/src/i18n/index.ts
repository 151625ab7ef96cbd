import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { formatBytes, formatNumber } from "../lib/format";
import { storage } from "../lib/storage";
import { parseTranslations, type Resources } from "./csv";
import { DEFAULT_LANGUAGE, detectLanguage, isLanguage, languageInfo, type LanguageCode } from "./languages";

const LANGUAGE_KEY = "language";
const FSI = "\u2068";
const PDI = "\u2069";

/** Fetches the CSV from the site root; when that fails, the copy built into the bundle. */
async function loadResources(): Promise<Resources> {
  try {
    const res = await fetch("/translations.csv", { cache: "no-cache" });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return parseTranslations(await res.text());
  } catch (err) {
    console.warn("Translations could not be fetched; using the built-in copy.", err);
    const builtIn = await import("./translations.csv?raw");
    return parseTranslations(builtIn.default);
  }
}

/** Sets `<html lang dir>` and the page's description (what search results show) for the active language. */
export function applyDocumentLanguage(code: LanguageCode): void {
  document.documentElement.lang = code;
  document.documentElement.dir = languageInfo(code).dir;
  const description = i18next.isInitialized ? i18next.t("app.description", { lng: code }) : "";
  const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (meta && description && description !== "app.description") meta.content = description;
}

export async function initI18n(resources?: Resources): Promise<I18n> {
  const lng = detectLanguage(storage.get<string>(LANGUAGE_KEY), navigator.languages ?? [navigator.language]);
  await i18next.use(initReactI18next).init({
    resources: resources ?? (await loadResources()),
    lng,
    fallbackLng: "en",
    supportedLngs: ["ar", "en", "fr"],
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    interpolation: {
      // React escapes text itself; this hook bidi-isolates every interpolated value
      // (names, numbers) so it reads correctly inside Arabic sentences.
      escapeValue: true,
      escape: (value: string) => `${FSI}${value}${PDI}`,
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

/** Switches language, saves the choice and updates the document. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  storage.set(LANGUAGE_KEY, code);
  await i18next.changeLanguage(code);
}

export const currentLanguage = (): LanguageCode => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);
