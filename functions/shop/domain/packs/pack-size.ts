import { parsePackSize } from "./parse-pack-size";

/**
 * How much a pack holds in its main dimension (kg, l or units), from a size or a name (`400g`, `1,5kg`,
 * `4x115g`), for comparing pack sizes in reasons; undefined when no size can be read.
 */
export const parsePackGrams = (text: string): number | undefined => {
  const sizeText = text
    .match(/\d+(?:[.,]\d+)?\s*x\s*\d+(?:[.,]\d+)?\s*\p{L}+|\d+(?:[.,]\d+)?\s*\p{L}+/gu)
    ?.at(-1);
  if (sizeText === undefined) return undefined;
  const size = parsePackSize(sizeText);
  if (!size) return undefined;
  const amount = size.totals.kg ?? size.totals.l ?? size.totals.un;
  return amount === undefined ? undefined : amount * 1000;
};
