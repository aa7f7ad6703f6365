/**
 * Portuguese kitchen units: their spellings, how a multi-word one ("colheres de sopa") is shown to
 * parse-ingredient, and their singular and plural forms for scaling and for the shopping list.
 */

export interface PortugueseUnitName {
  singular: string;
  plural: string;
}

/** Unit id → its Portuguese name. The ids are parse-ingredient's or the units added in ingredient-line. */
export const PORTUGUESE_UNIT_NAMES: Readonly<Record<string, PortugueseUnitName>> = {
  clove: { singular: "dente", plural: "dentes" },
  can: { singular: "lata", plural: "latas" },
  cup: { singular: "chávena", plural: "chávenas" },
  pinch: { singular: "pitada", plural: "pitadas" },
  package: { singular: "pacote", plural: "pacotes" },
  slice: { singular: "fatia", plural: "fatias" },
  spoon: { singular: "colher", plural: "colheres" },
  tablespoon: { singular: "colher de sopa", plural: "colheres de sopa" },
  teaspoon: { singular: "colher de chá", plural: "colheres de chá" },
  dessertspoon: { singular: "colher de sobremesa", plural: "colheres de sobremesa" },
  coffeespoon: { singular: "colher de café", plural: "colheres de café" },
};

/** Single-word spellings parse-ingredient can match itself, by unit id (accents optional). */
export const PORTUGUESE_UNIT_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  clove: ["dente", "dentes"],
  can: ["lata", "latas"],
  cup: ["chávena", "chávenas", "chavena", "chavenas"],
  pinch: ["pitada", "pitadas"],
  package: ["pacote", "pacotes"],
  slice: ["fatia", "fatias"],
  spoon: ["colher", "colheres"],
};

/** The spoon sizes written after "colher de" and the unit each one is. */
export const SPOON_SIZES: readonly { unitId: string; words: readonly string[] }[] = [
  { unitId: "tablespoon", words: ["sopa"] },
  { unitId: "teaspoon", words: ["chá", "cha"] },
  { unitId: "dessertspoon", words: ["sobremesa"] },
  { unitId: "coffeespoon", words: ["café", "cafe"] },
];

const SIZE_WORDS = SPOON_SIZES.flatMap((size) => size.words).join("|");

/**
 * "colher(es) de sopa", "colher (sopa)", "c. de chá", "c. sopa": a spoon word and a size, joined by "de"
 * or in parentheses. parse-ingredient matches units of one or two words only, so the phrase is handed to
 * it as one hyphenated word (see `findSpoonPhrase`).
 */
const SPOON_PHRASE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(colher(?:es)?|c\.)\s*(?:de\s+(${SIZE_WORDS})|\(\s*(?:de\s+)?(${SIZE_WORDS})\s*\)|(${SIZE_WORDS}))(?![\p{L}\p{N}])`,
  "iu",
);

/** The hyphenated word parse-ingredient knows a spoon size by: "colher-de-sopa", "colheres-de-cha". */
const aliasOf = (size: { words: readonly string[] }, plural: boolean): string =>
  `${plural ? "colheres" : "colher"}-de-${size.words.at(-1) ?? ""}`;

/** The aliases of each spoon size, singular and plural, by unit id. */
export const SPOON_ALIASES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  SPOON_SIZES.map((size) => [size.unitId, [aliasOf(size, false), aliasOf(size, true)]]),
);

export interface SpoonPhrase {
  /** The phrase as written in the line ("colheres de sopa"). */
  written: string;
  /** The single word handed to parse-ingredient in its place ("colheres-de-sopa"). */
  alias: string;
}

/** Finds the first spoon phrase of a line; parse the line with the phrase replaced by its alias. */
export const findSpoonPhrase = (line: string): SpoonPhrase | undefined => {
  const match = SPOON_PHRASE.exec(line);
  if (match === null) return undefined;
  const [written, spoonWord = "", ...sizeWords] = match;
  const sizeWord = sizeWords.find((word) => word !== undefined)?.toLowerCase();
  const size = SPOON_SIZES.find((candidate) => sizeWord !== undefined && candidate.words.includes(sizeWord));
  if (size === undefined) return undefined;
  return { written, alias: aliasOf(size, spoonWord.toLowerCase() === "colheres") };
};

/** Single Portuguese unit words and their other number: "dente" ↔ "dentes", "colher" ↔ "colheres". */
const OTHER_NUMBER = new Map<string, { singular: boolean; other: string }>(
  Object.values(PORTUGUESE_UNIT_SPELLINGS).flatMap((spellings) => {
    const pairs: [string, { singular: boolean; other: string }][] = [];
    for (let i = 0; i + 1 < spellings.length; i += 2) {
      const singular = spellings[i];
      const plural = spellings[i + 1];
      if (singular === undefined || plural === undefined) continue;
      pairs.push(
        [singular, { singular: true, other: plural }],
        [plural, { singular: false, other: singular }],
      );
    }
    return pairs;
  }),
);

/**
 * The written Portuguese unit in the number a new amount needs, keeping the rest of it as written:
 * "1 colher de sopa" doubled is "2 colheres de sopa", "2 dentes" halved "1 dente". Undefined when the
 * unit is not written in Portuguese or already agrees.
 */
export const portugueseUnitForAmount = (written: string, amount: number): string | undefined => {
  const firstWord = /^\p{L}+/u.exec(written)?.[0];
  if (firstWord === undefined) return undefined;
  const number = OTHER_NUMBER.get(firstWord.toLowerCase());
  if (number === undefined || number.singular === amount <= 1) return undefined;
  const other =
    firstWord[0] !== undefined && firstWord[0] !== firstWord[0].toLowerCase()
      ? `${number.other[0]?.toUpperCase() ?? ""}${number.other.slice(1)}`
      : number.other;
  return other + written.slice(firstWord.length);
};

/** Whether a unit as written is one of the Portuguese spellings (so the shopping list answers in kind). */
export const isWrittenInPortuguese = (written: string): boolean => {
  const firstWord = /^\p{L}+/u.exec(written)?.[0]?.toLowerCase();
  return (firstWord !== undefined && OTHER_NUMBER.has(firstWord)) || SPOON_PHRASE.test(written);
};
