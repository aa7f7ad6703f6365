/** Numbers, money and times in the console's language (the data itself is shown as stored). */
export const formatMoney = (amount: number, language: string, currency = "EUR"): string =>
  new Intl.NumberFormat(language, { style: "currency", currency }).format(amount);

/** A date and its time to the minute, or to the second with `seconds`. */
export const formatTime = (iso: string, language: string, seconds = false): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(language, {
        dateStyle: "medium",
        timeStyle: seconds ? "medium" : "short",
      }).format(date);
};

export const formatDate = (iso: string, language: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(date);
};
