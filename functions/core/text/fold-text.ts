/**
 * Text folding for comparison keys: the one place that decides how accents, case and spacing are set
 * aside, so "Açúcar  Amarelo" and "acucar amarelo" meet under one key in every area.
 */

/** Drops combining marks after canonical decomposition: "ç" → "c", "ã" → "a"; case and spacing kept. */
export const stripAccents = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "");

/** Lower case, no accents, runs of white space as one space, trimmed. */
export const foldText = (text: string): string =>
  stripAccents(text).toLowerCase().replace(/\s+/g, " ").trim();
