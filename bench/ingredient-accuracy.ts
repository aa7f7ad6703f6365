import { readIngredientLine } from "../functions/cook/domain/ingredient-lines/read-ingredient-line";
import {
  CORPUS_LOCALES,
  type LineScore,
  legacyReader,
  loadCorpus,
  scoreLocale,
} from "./lib/ingredient-corpus";

/**
 * `npx tsx bench/ingredient-accuracy.ts`: how well the ingredient reader reads the labelled corpus
 * (tests/fixtures/ingredient-corpus), per locale: the share of lines with quantity and unit right, the
 * share with the food name right, the lines read wrong, and the reading speed.
 */
const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;

const describe = ({ entry, reading, amountRight, nameRight }: LineScore): string => {
  const got = `${reading.quantity}${reading.quantity2 === null ? "" : `-${reading.quantity2}`} ${reading.unitId} "${reading.name}"`;
  const want = `${entry.quantity}${entry.quantity2 === null ? "" : `-${entry.quantity2}`} ${entry.unit} "${entry.name}"`;
  const what = [amountRight ? "" : "amount", nameRight ? "" : "name"].filter(Boolean).join("+");
  return `  [${what}] ${JSON.stringify(entry.line)}\n      read   ${got}\n      wanted ${want}`;
};

const showWrong = process.argv.includes("--quiet") ? 0 : Number(process.env.SHOW_WRONG ?? 40);
console.log("| locale | lines | quantity+unit right | name right | µs/line |");
console.log("|---|---:|---:|---:|---:|");
const wrongLines: string[] = [];
for (const locale of CORPUS_LOCALES) {
  const score = scoreLocale(locale);
  const lines = loadCorpus(locale).map((entry) => entry.line);
  const started = performance.now();
  const rounds = 20;
  for (let round = 0; round < rounds; round++) for (const line of lines) readIngredientLine(line, locale);
  const microseconds = ((performance.now() - started) * 1000) / (rounds * lines.length);
  console.log(
    `| ${locale} | ${score.lines} | ${percent(score.amountAccuracy)} | ${percent(score.nameAccuracy)} | ${microseconds.toFixed(1)} |`,
  );
  wrongLines.push(
    `\n${locale}: ${score.wrong.length} line(s) read wrong`,
    ...score.wrong.slice(0, showWrong).map(describe),
  );
}
console.log("\nBefore issue 16 (parse-ingredient + normalizeFoodName), same corpus:\n");
console.log("| locale | quantity+unit right | name right |");
console.log("|---|---:|---:|");
for (const locale of CORPUS_LOCALES) {
  const before = scoreLocale(locale, legacyReader);
  console.log(`| ${locale} | ${percent(before.amountAccuracy)} | ${percent(before.nameAccuracy)} |`);
}
if (showWrong > 0) console.log(wrongLines.join("\n"));
