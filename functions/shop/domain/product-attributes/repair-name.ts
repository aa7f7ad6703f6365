import { foldText } from "../../../core/text/fold-text";

/*
 * Store names arrive mis-encoded: UTF-8 read as Latin-1 ("PROTEÃ\u008dNA"), or with the second byte lost on
 * the way ("PROTEÃNA", "CÃLCIO": the Í and Á of PROTEÍNA and CÁLCIO). A name is read after repairing both:
 * a pair that decodes as UTF-8 is decoded; an "ã" before a consonant (no Portuguese word has one) is the
 * vowel, accents aside, that makes a word the lexicon knows ("proteína", "cálcio"), else left as it is.
 */

const LATIN1_PAIR = /[\u00c2\u00c3][\u0080-\u00bf]/g;
const LOST_BYTE = /[ãÃ](?=[b-df-hj-np-rt-zB-DF-HJ-NP-RT-Z])/;
const VOWELS = ["a", "e", "i", "o", "u"] as const;

const decodePair = (pair: string): string => {
  const decoded = new TextDecoder("utf-8", { fatal: false }).decode(
    Uint8Array.of(pair.charCodeAt(0), pair.charCodeAt(1)),
  );
  return decoded.includes("\ufffd") ? pair : decoded;
};

const repairWord = (word: string, vocabulary: ReadonlySet<string>): string => {
  if (!LOST_BYTE.test(word)) return word;
  for (const vowel of VOWELS) {
    const guess = word.replace(LOST_BYTE, vowel);
    if (vocabulary.has(foldText(guess).replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, ""))) return guess;
  }
  return word;
};

/** The name with the store's mis-encodings repaired; `vocabulary` is the folded words a lexicon knows. */
export const repairMisencoding = (name: string, vocabulary: ReadonlySet<string>): string =>
  name
    .replace(LATIN1_PAIR, decodePair)
    .split(/(\s+)/)
    .map((part) => repairWord(part, vocabulary))
    .join("");

/** The folded single words of a list of phrases ("mais proteina" → mais, proteina). */
export const vocabularyOf = (phrases: Iterable<string>): Set<string> => {
  const words = new Set<string>();
  for (const phrase of phrases) {
    for (const word of foldText(phrase).split(/[\s/+]+/)) if (word) words.add(word);
  }
  return words;
};
