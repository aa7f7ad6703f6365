/** pt-PT money formats as Auchan.pt prints them (STORE.md "Number formats"). */
export const NBSP = "\u00a0";
/** Narrow no-break space: some of the site's prices carry it instead of NBSP. */
export const NNBSP = "\u202f";
/** The plain space every saved page of the real site has before € (STORE.md "Number formats"). */
export const SPACE = " ";

/**
 * `0,86 €`: comma decimal, a plain space before € as on every saved page of the real site (NBSP or
 * NNBSP on request, which pt-PT formatting also produces); four-digit amounts ungrouped (`1234,50 €`),
 * larger ones grouped with the same space (`12 345,67 €`).
 */
export const formatDisplayPrice = (
  cents: number,
  space: typeof NBSP | typeof NNBSP | typeof SPACE = SPACE,
): string => {
  const euros = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, "0");
  const whole = euros >= 10_000 ? String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, space) : String(euros);
  return `${whole},${fraction}${space}€`;
};

/** Machine fields (`content`, `data-gtm`): dot decimal. */
export const formatMachinePrice = (cents: number): string => (cents / 100).toFixed(2);

/** `2026-01-15` → `15/01/2026`. */
export const formatPortugueseDate = (isoDate: string): string => {
  const [year, month, day] = isoDate.split("-");
  return `${day}/${month}/${year}`;
};

/** A cart quantity input's value as the site writes it: `2.0` for units, `1.3`, `0.15` for kg. */
export const formatQuantityValue = (quantity: number): string =>
  Number.isInteger(quantity) ? quantity.toFixed(1) : String(quantity);

/** Thousands with a comma, as the search heading writes counts (`1,059 resultados`). */
export const formatCount = (count: number): string => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Portuguese month names, January first (`14 janeiro`, `05 de março`), as the site writes them. */
export const PORTUGUESE_MONTH_NAMES: readonly string[] = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];
