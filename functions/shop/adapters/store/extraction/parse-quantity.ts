/**
 * A positive quantity as pages write it: `2`, `1.5`, `1,5`, `0.25`, or inside text (`1,5 kg`, `6 un`).
 * Null when there is no positive number, so the reader tries the field's next source.
 */
export const parsePositiveQuantity = (text: string): number | null => {
  const value = Number(text.replace(",", ".").match(/\d*\.?\d+/)?.[0]);
  return Number.isFinite(value) && value > 0 ? value : null;
};
