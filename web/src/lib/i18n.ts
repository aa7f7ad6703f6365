import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "../locales/en";
import { ptPT } from "../locales/pt-PT";

export const LANGUAGES = [
  { code: "en", label: "English" },
  { code: "pt-PT", label: "Português" },
] as const;
export type Language = (typeof LANGUAGES)[number]["code"];

const STORAGE_KEY = "larder.language";

/** The person's choice if they made one, else the browser's first language we have (pt-* reads pt-PT). */
export const pickLanguage = (stored: string | null, browser: readonly string[]): Language => {
  if (stored === "en" || stored === "pt-PT") return stored;
  for (const tag of browser) {
    const lower = tag.toLowerCase();
    if (lower.startsWith("pt")) return "pt-PT";
    if (lower.startsWith("en")) return "en";
  }
  return "en";
};

const storedLanguage = (): string | null => {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};

export const initI18n = async (): Promise<void> => {
  const lng = pickLanguage(storedLanguage(), navigator.languages ?? [navigator.language]);
  i18next.on("languageChanged", (language) => {
    document.documentElement.lang = language;
  });
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: "en",
    resources: { en: { translation: en }, "pt-PT": { translation: ptPT } },
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = lng;
};

export const chooseLanguage = async (language: Language): Promise<void> => {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // A browser that keeps nothing still switches for this visit.
  }
  await i18next.changeLanguage(language);
};
