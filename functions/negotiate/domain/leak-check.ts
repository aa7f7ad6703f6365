import type { CounterTerms, DraftEmail, ExtractedQuoteData, OrderContext } from "./roles/types";

/**
 * Checks a drafted reply, in code, after the crafter: does it reveal one of the merchant's private
 * figures (target price, last known price, walk-away or ceiling figures in the instructions), in any
 * common money format ("$4.37", "4,37 USD", "US$ 4.37", "EUR 1.250,00"), or make a promise the
 * instructions forbid? A finding blocks the draft and flags it for the reviewer; it never changes the
 * decision.
 */
export interface LeakFinding {
  kind: "private_figure" | "forbidden_promise";
  /** Where the private figure or the prohibition comes from. */
  source: "targetPrice" | "lastKnownPrice" | "instructions";
  /** The private figure, for a figure; the forbidden phrase, for a promise. */
  subject: string;
  /** The words of the draft that reveal it. */
  excerpt: string;
}

export interface LeakCheckResult {
  blocked: boolean;
  findings: LeakFinding[];
}

export interface LeakCheckInput {
  draft: DraftEmail;
  orderContext: OrderContext;
  merchantInstructions: string;
  /** Figures the draft may state: the counter price decided on, the supplier's own quote. */
  counterTerms?: CounterTerms | null;
  extractedData?: ExtractedQuoteData | null;
}

const CURRENCY_CODES = "USD|EUR|GBP|BRL|CAD|AUD|CHF|JPY|CNY|INR|MXN";
const MONEY_TOKEN = new RegExp(
  `(?<pre>US\\$|R\\$|A\\$|C\\$|\\$|€|£|\\b(?:${CURRENCY_CODES})\\b)?\\s?` +
    "(?<num>\\d{1,3}(?:[.,\\u00a0 ]\\d{3})+(?:[.,]\\d{1,4})?|\\d+(?:[.,]\\d{1,4})?)" +
    `(?:\\s?(?<post>\\b(?:${CURRENCY_CODES})\\b|dollars?\\b|euros?\\b|€|\\$))?`,
  "gi",
);

/**
 * Every value a written number can mean: "1.250" is 1.25 or 1250 depending on the writer's locale, so
 * both are kept (a finding is only a flag for a person, so a rare extra match is the safe side).
 */
export const possibleValues = (written: string): number[] => {
  const text = written.replace(/[\u00a0 ]/g, "");
  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  if (lastDot < 0 && lastComma < 0) return [Number(text)];
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? "." : ",";
    const thousands = decimal === "." ? "," : ".";
    return [Number(text.replaceAll(thousands, "").replace(decimal, "."))];
  }
  const parts = text.split(lastDot >= 0 ? "." : ",");
  const decimalReading = parts.length === 2 ? Number(`${parts[0]}.${parts[1]}`) : Number.NaN;
  const thousandsReading = parts.slice(1).every((p) => p.length === 3) ? Number(parts.join("")) : Number.NaN;
  return [decimalReading, thousandsReading].filter((v) => Number.isFinite(v));
};

interface MoneyMention {
  excerpt: string;
  values: number[];
}

/** Numbers written as money: with a currency sign or code, or with a decimal part. */
export const moneyMentions = (text: string): MoneyMention[] => {
  const mentions: MoneyMention[] = [];
  for (const match of text.matchAll(MONEY_TOKEN)) {
    const { pre, num = "", post } = match.groups ?? {};
    const hasDecimals = /[.,]\d{1,2}$/.test(num) || /[.,]\d{4}$/.test(num);
    if (!pre && !post && !hasDecimals) continue;
    mentions.push({ excerpt: match[0].trim(), values: possibleValues(num) });
  }
  return mentions;
};

const sameAmount = (a: number, b: number): boolean => Math.abs(a - b) < 0.005;

const PRIVATE_FIGURE_CUE =
  /walk[- ]?away|ceiling|\bmax(?:imum)?\b|at most|no more than|not (?:go|pay) (?:above|over|beyond|more)|never (?:go|pay) (?:above|over|beyond|more)|budget|\blimit\b|upper bound|highest|top price|\btarget\b|\bfloor\b|\bminimum\b|reservation price/i;

const sentencesOf = (text: string): string[] =>
  text
    .split(/(?<=[.;!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** Figures the instructions keep private: money written in a sentence about a limit or target. */
export const privateFiguresInInstructions = (instructions: string): number[] =>
  sentencesOf(instructions)
    .filter((sentence) => PRIVATE_FIGURE_CUE.test(sentence))
    .flatMap((sentence) => moneyMentions(sentence).flatMap((m) => m.values));

const PROHIBITION =
  /\b(?:never|do not|don't|must not|mustn't|should not|shouldn't|cannot|can't|no)\s+(?:promise|commit(?:ting)?(?: to)?|guarantee|offer|agree to|mention)\s+(?<object>[^.;!?\n]+)/gi;

const STOPWORDS = new Set([
  "that",
  "this",
  "with",
  "from",
  "them",
  "they",
  "will",
  "would",
  "anything",
  "any",
  "about",
  "their",
  "supplier",
  "suppliers",
  "the",
  "and",
  "unless",
  "without",
  "approval",
]);

const stem = (word: string): string => word.slice(0, Math.max(4, Math.min(word.length - 2, 6)));

/** What the instructions forbid promising, as the stems of its content words ("exclusivity" → exclus). */
export const forbiddenPromises = (instructions: string): Array<{ phrase: string; stems: string[] }> =>
  [...instructions.matchAll(PROHIBITION)]
    .map((m) => (m.groups?.object ?? "").trim())
    .map((phrase) => ({
      phrase,
      stems: (phrase.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => !STOPWORDS.has(w)).map(stem),
    }))
    .filter((p) => p.stems.length > 0);

export const checkDraftForLeaks = (input: LeakCheckInput): LeakCheckResult => {
  const text = `${input.draft.subject}\n${input.draft.body}`;
  const allowed = [input.counterTerms?.targetPrice, input.extractedData?.unitPrice].filter(
    (v): v is number => typeof v === "number",
  );
  const privateFigures: Array<{ value: number; source: LeakFinding["source"] }> = [
    ...(input.orderContext.targetPrice !== undefined
      ? [{ value: input.orderContext.targetPrice, source: "targetPrice" as const }]
      : []),
    ...(input.orderContext.lastKnownPrice !== undefined
      ? [{ value: input.orderContext.lastKnownPrice, source: "lastKnownPrice" as const }]
      : []),
    ...privateFiguresInInstructions(input.merchantInstructions).map((value) => ({
      value,
      source: "instructions" as const,
    })),
  ].filter((figure) => !allowed.some((a) => sameAmount(a, figure.value)));

  const findings: LeakFinding[] = [];
  const mentions = moneyMentions(text);
  for (const figure of privateFigures) {
    const mention = mentions.find((m) => m.values.some((v) => sameAmount(v, figure.value)));
    if (mention && !findings.some((f) => f.excerpt === mention.excerpt && f.source === figure.source)) {
      findings.push({
        kind: "private_figure",
        source: figure.source,
        subject: String(figure.value),
        excerpt: mention.excerpt,
      });
    }
  }
  const lowered = text.toLowerCase();
  for (const promise of forbiddenPromises(input.merchantInstructions)) {
    if (promise.stems.every((s) => lowered.includes(s))) {
      const first = promise.stems[0] ?? "";
      const at = lowered.indexOf(first);
      findings.push({
        kind: "forbidden_promise",
        source: "instructions",
        subject: promise.phrase,
        excerpt: text.slice(Math.max(0, at - 40), at + 60).trim(),
      });
    }
  }
  return { blocked: findings.length > 0, findings };
};
