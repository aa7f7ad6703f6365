import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { normalizeFoodName } from "../../functions/cook/domain/ingredient-lines/food-name";
import { parseIngredientLine } from "../../functions/cook/domain/ingredient-lines/ingredient-line";
import { foodNameKey } from "../../functions/cook/domain/ingredient-lines/ingredient-name";
import {
  type IngredientReading,
  readIngredientLine,
} from "../../functions/cook/domain/ingredient-lines/read-ingredient-line";
import type { RecipeLocale } from "../../functions/cook/domain/recipes/recipe-locale";

/** One labelled line of tests/fixtures/ingredient-corpus (see its README for the conventions). */
export interface CorpusLine {
  line: string;
  quantity: number | null;
  quantity2: number | null;
  unit: string | null;
  name: string;
  alternate?: string;
  form: string;
}

export const CORPUS_LOCALES: readonly RecipeLocale[] = ["en-GB", "en-US", "pt-PT"];

const corpusDir = resolve(import.meta.dirname, "../../tests/fixtures/ingredient-corpus");

export const loadCorpus = (locale: RecipeLocale): CorpusLine[] =>
  readFileSync(resolve(corpusDir, `${locale}.jsonl`), "utf8")
    .split("\n")
    .filter((text) => text.trim() !== "")
    .map((text) => JSON.parse(text) as CorpusLine);

export type LineReader = (line: string, locale: RecipeLocale) => IngredientReading;

/**
 * The reader the shopping list used before issue 16 (parse-ingredient with the Portuguese spoon aliases,
 * then normalizeFoodName), for a before/after figure.
 */
export const legacyReader: LineReader = (line) => {
  const parsed = parseIngredientLine(line);
  return {
    line,
    quantity: parsed.quantity,
    quantity2: parsed.quantity2,
    unitId: parsed.unitId,
    unitText: parsed.unitText,
    name: normalizeFoodName(parsed.description),
    alternate: null,
    isGroupHeader: parsed.isGroupHeader,
    problem: null,
  };
};

/** Equal within half a percent (thirds, ounces summed into cups). */
const sameNumber = (actual: number | null, expected: number | null): boolean =>
  actual === null || expected === null
    ? actual === expected
    : Math.abs(actual - expected) <= 0.001 + 0.005 * Math.abs(expected);

export interface LineScore {
  entry: CorpusLine;
  reading: IngredientReading;
  amountRight: boolean;
  nameRight: boolean;
}

/** Reads a labelled line in its corpus's locale and scores quantity+unit and name. */
export const scoreLine = (
  entry: CorpusLine,
  locale: RecipeLocale,
  reader: LineReader = readIngredientLine,
): LineScore => {
  const reading = reader(entry.line, locale);
  const amountRight =
    sameNumber(reading.quantity, entry.quantity) &&
    sameNumber(reading.quantity2, entry.quantity2) &&
    reading.unitId === entry.unit;
  const nameRight = foodNameKey(reading.name) === foodNameKey(entry.name);
  return { entry, reading, amountRight, nameRight };
};

export interface LocaleScore {
  locale: RecipeLocale;
  lines: number;
  amountAccuracy: number;
  nameAccuracy: number;
  wrong: LineScore[];
}

export const scoreLocale = (locale: RecipeLocale, reader: LineReader = readIngredientLine): LocaleScore => {
  const scores = loadCorpus(locale).map((entry) => scoreLine(entry, locale, reader));
  const share = (count: number) => count / scores.length;
  return {
    locale,
    lines: scores.length,
    amountAccuracy: share(scores.filter((s) => s.amountRight).length),
    nameAccuracy: share(scores.filter((s) => s.nameRight).length),
    wrong: scores.filter((s) => !s.amountRight || !s.nameRight),
  };
};
