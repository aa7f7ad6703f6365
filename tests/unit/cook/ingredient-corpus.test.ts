import { describe, expect, it } from "vitest";
import { CORPUS_LOCALES, loadCorpus, scoreLocale } from "../../../bench/lib/ingredient-corpus";

/**
 * The ingredient reader over the labelled corpus (tests/fixtures/ingredient-corpus). Thresholds per
 * locale are what the reader reaches (bench/README.md: every line), not the floor (quantity+unit
 * ≥ 98 %, name ≥ 95 %): a change that reads a line wrong fails here and names it. A new corpus line the
 * reader cannot read lowers a threshold only with a note in bench/README.md saying why.
 */
const THRESHOLDS = {
  "en-GB": { amount: 1, name: 1 },
  "en-US": { amount: 1, name: 1 },
  "pt-PT": { amount: 1, name: 1 },
} as const;

describe("ingredient reader on the labelled corpus", () => {
  it.each(CORPUS_LOCALES)("%s has at least 400 labelled lines", (locale) => {
    expect(loadCorpus(locale).length).toBeGreaterThanOrEqual(400);
  });

  it.each(CORPUS_LOCALES)("%s: quantity+unit and name right on the threshold share of lines", (locale) => {
    const score = scoreLocale(locale);
    const wrong = score.wrong.map(
      ({ entry, reading }) =>
        `${entry.line} → ${reading.quantity} ${reading.unitId} "${reading.name}" (wanted ${entry.quantity} ${entry.unit} "${entry.name}")`,
    );
    expect({ amount: score.amountAccuracy >= THRESHOLDS[locale].amount, wrong }).toMatchObject({
      amount: true,
    });
    expect({ name: score.nameAccuracy >= THRESHOLDS[locale].name, wrong }).toMatchObject({ name: true });
  });
});
