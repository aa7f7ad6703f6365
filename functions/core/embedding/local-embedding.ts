/**
 * `local-feature-hash-v1`: a deterministic embedding that needs no model and no network, used when no
 * provider is configured. It hashes words, word pairs and character trigrams into the configured number
 * of dimensions with a signed hash, then L2-normalises: texts that share words and word pieces are near,
 * so stems and typos still overlap ("покупки" and "покупка" share trigrams). It knows no synonyms: it is
 * a stand-in that keeps semantic search working offline, not a language model.
 */
export const LOCAL_EMBEDDING_MODEL = "local-feature-hash-v1";

const WORD_WEIGHT = 1;
const PAIR_WEIGHT = 0.5;
const TRIGRAM_WEIGHT = 0.35;

/** FNV-1a, 32 bits, over UTF-16 code units: fast, stable across runs and platforms. */
const fnv1a = (text: string, seed: number): number => {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

const words = (text: string): string[] =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

export const embedLocally = (text: string, dimensions: number): number[] => {
  const vector = new Array<number>(dimensions).fill(0);
  const add = (feature: string, weight: number) => {
    const hash = fnv1a(feature, 0);
    const sign = fnv1a(feature, 0x9e3779b9) & 1 ? 1 : -1;
    vector[hash % dimensions] = (vector[hash % dimensions] ?? 0) + sign * weight;
  };
  const tokens = words(text);
  tokens.forEach((word, i) => {
    add(`w:${word}`, WORD_WEIGHT);
    const next = tokens[i + 1];
    if (next) add(`p:${word} ${next}`, PAIR_WEIGHT);
    const padded = `^${word}$`;
    for (let j = 0; j + 3 <= padded.length; j += 1) add(`c:${padded.slice(j, j + 3)}`, TRIGRAM_WEIGHT);
  });
  const norm = Math.hypot(...vector);
  // A text with no letters or digits still gets a unit vector, so cosine distance stays defined.
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((x) => x / norm);
};
