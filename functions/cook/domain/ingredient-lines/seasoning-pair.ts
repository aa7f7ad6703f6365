/**
 * "Salt and pepper", "sal e pimenta": two foods a shop sells apart, written as one line. Only these known
 * pairs are split; a general "and" names one product ("macaroni and cheese", "half and half").
 */
const SALTS = [
  "salt",
  "sea salt",
  "kosher salt",
  "flaky sea salt",
  "table salt",
  "sal",
  "sal fino",
  "sal grosso",
  "flor de sal",
];
const PEPPERS = [
  "pepper",
  "black pepper",
  "white pepper",
  "ground black pepper",
  "black peppercorns",
  "pimenta",
  "pimenta preta",
  "pimenta branca",
  "pimenta moída",
  "pimenta preta moída",
];

const alternation = (names: readonly string[]): string =>
  [...names].sort((a, b) => b.length - a.length).join("|");

const SEASONING_PAIR = new RegExp(
  `^(${alternation(SALTS)})\\s+(?:and|e|&)\\s+(${alternation(PEPPERS)})$`,
  "u",
);

/** The two foods of a known seasoning pair ("salt and black pepper" → salt, black pepper), else null. */
export const splitSeasoningPair = (name: string): [string, string] | null => {
  const match = SEASONING_PAIR.exec(name.trim().toLowerCase().replace(/\s+/g, " "));
  return match?.[1] !== undefined && match[2] !== undefined ? [match[1], match[2]] : null;
};
