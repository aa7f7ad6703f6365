/**
 * The locale to format in: the console's language, with the browser's region when the language has none
 * (English words, British dates for an en-GB browser); a language with its own region (pt-PT) keeps it.
 */
export const formatLocaleOf = (
  language: string,
  browserLanguages: readonly string[] = typeof navigator === "undefined" ? [] : navigator.languages,
): string => {
  if (language.includes("-")) return language;
  const primary = language.toLowerCase();
  return browserLanguages.find((tag) => tag.toLowerCase().split("-")[0] === primary) ?? language;
};

/** Numbers, money and times in the console's language (the data itself is shown as stored). */
export const formatMoney = (amount: number, language: string, currency = "EUR"): string =>
  new Intl.NumberFormat(formatLocaleOf(language), { style: "currency", currency }).format(amount);

/** A date and its time to the minute, or to the second with `seconds`. */
export const formatTime = (iso: string, language: string, seconds = false): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(formatLocaleOf(language), {
        dateStyle: "medium",
        timeStyle: seconds ? "medium" : "short",
      }).format(date);
};

export const formatDate = (iso: string, language: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(formatLocaleOf(language), { dateStyle: "medium" }).format(date);
};
