/** pt-PT money formats as Auchan.pt prints them (STORE.md "Number formats"). */
export const NBSP = "\u00a0";
/** Narrow no-break space: some of the site's prices carry it instead of NBSP. */
export const NNBSP = "\u202f";

/**
 * `0,86 €`: comma decimal, NBSP (or `space`, NNBSP on some pages) before €; four-digit amounts
 * ungrouped (`1234,50 €`), larger ones grouped with the same space (`12 345,67 €`).
 */
export const formatDisplayPrice = (cents: number, space: typeof NBSP | typeof NNBSP = NBSP): string => {
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
