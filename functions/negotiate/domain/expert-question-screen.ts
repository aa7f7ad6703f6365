import { moneyMentions, privateFiguresInInstructions } from "./leak-check";
import type { MessageContext } from "./message-context";
import type { ExpertName } from "./roles/types";

/**
 * Seed 003's tailored inputs hold for the orchestrator's free-text `questionForExpert` too: the
 * orchestrator sees everything, so its question to an expert could carry what that expert must never
 * see. Each sentence of the question is checked, in code, before the expert gets it; a sentence that
 * states a private figure (target price, last known price, a walk-away or ceiling figure of the
 * instructions), quotes a part of the instructions the expert is not given, or talks about the
 * merchant's strategy that expert must not know is removed. What is left (or nothing) is asked.
 *
 * - extraction: no rules, no triggers, no special instructions, no merchant figures or strategy;
 * - escalation: the triggers, but no rules, no special instructions, no merchant figures;
 * - needs: the rules, but no triggers, no special instructions, no merchant figures.
 */
export interface ScreenedQuestion {
  /** The question the expert gets: the sentences left, or null when none is. */
  question: string | null;
  /** Each removed sentence with why (for the trace and the log; never shown to the expert). */
  removed: Array<{ sentence: string; reason: RemovalReason }>;
}

export type RemovalReason =
  | "private_figure"
  | "negotiation_rules"
  | "escalation_triggers"
  | "special_instructions"
  | "merchant_strategy";

type InstructionPart = "negotiationRules" | "escalationTriggers" | "specialInstructions";

/** The parts of the classified instructions each expert must not see. */
const HIDDEN_PARTS: Record<ExpertName, InstructionPart[]> = {
  extraction: ["negotiationRules", "escalationTriggers", "specialInstructions"],
  escalation: ["negotiationRules", "specialInstructions"],
  needs: ["escalationTriggers", "specialInstructions"],
};

const PART_REASON: Record<InstructionPart, RemovalReason> = {
  negotiationRules: "negotiation_rules",
  escalationTriggers: "escalation_triggers",
  specialInstructions: "special_instructions",
};

/** Words about the merchant's price position: no expert but the orchestrator may be told it. */
const PRICE_STRATEGY =
  /\b(?:target(?:\s+price)?|walk[- ]?away|ceiling|budget|reservation price|last known price|previous(?:ly)? paid|we paid|our (?:max(?:imum)?|limit|floor|goal))\b/i;
/** Naming a hidden part outright ("our negotiation rules say…", "the escalation trigger is…"). */
const PART_NAMES: Record<InstructionPart, RegExp> = {
  negotiationRules: /\b(?:negotiation|merchant'?s?|our)\s+rules?\b|\brules? (?:say|says|require|allow)\b/i,
  escalationTriggers: /\b(?:escalation\s+)?triggers?\b|\bescalat(?:e|ion) (?:if|when|condition)/i,
  specialInstructions: /\bspecial instructions?\b/i,
};

const SHINGLE = 4;
const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const shinglesOf = (text: string): Set<string> => {
  const words = wordsOf(text);
  const shingles = new Set<string>();
  for (let i = 0; i + SHINGLE <= words.length; i += 1) shingles.add(words.slice(i, i + SHINGLE).join(" "));
  return shingles;
};
interface PartText {
  shingles: Set<string>;
  /** Its sentences, as words: a short one ("Net 30 only.") has no shingle to match. */
  sentences: Set<string>;
}
const partTextOf = (text: string): PartText => ({
  shingles: shinglesOf(text),
  sentences: new Set(sentencesOf(text).map((s) => wordsOf(s).join(" "))),
});
/** Does the sentence repeat the part: four words in a row of it, or one of its sentences whole. */
const quotes = (sentence: string, part: PartText): boolean =>
  part.sentences.has(wordsOf(sentence).join(" ")) ||
  [...shinglesOf(sentence)].some((shingle) => part.shingles.has(shingle));

const sentencesOf = (text: string): string[] =>
  text
    .split(/(?<=[.;!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

const sameAmount = (a: number, b: number): boolean => Math.abs(a - b) < 0.005;

export const screenQuestionForExpert = (
  expert: ExpertName,
  question: string | null,
  context: MessageContext,
  merchantInstructions: string,
): ScreenedQuestion => {
  if (!question) return { question: null, removed: [] };
  const figures = [
    context.orderContext.targetPrice,
    context.orderContext.lastKnownPrice,
    ...privateFiguresInInstructions(merchantInstructions),
  ].filter((v): v is number => typeof v === "number");
  const hidden = HIDDEN_PARTS[expert].map((part) => ({
    part,
    text: partTextOf(context.classifiedInstructions[part]),
  }));
  const kept: string[] = [];
  const removed: ScreenedQuestion["removed"] = [];
  // First the hidden parts' sentences quoted whole, wherever they stand (even run into the next one).
  let rest = question;
  for (const { part, text } of hidden) {
    for (const partSentence of text.sentences) {
      const words = partSentence.split(" ").map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      const quoted = new RegExp(
        `(?<![\\p{L}\\p{N}])${words.join("[^\\p{L}\\p{N}]+")}(?![\\p{L}\\p{N}])[.;!?]?`,
        "giu",
      );
      rest = rest.replace(quoted, (match) => {
        removed.push({ sentence: match, reason: PART_REASON[part] });
        return " ";
      });
    }
  }
  for (const sentence of sentencesOf(rest)) {
    const reason = ((): RemovalReason | null => {
      const mentions = moneyMentions(sentence);
      if (mentions.some((m) => m.values.some((v) => figures.some((f) => sameAmount(v, f)))))
        return "private_figure";
      if (PRICE_STRATEGY.test(sentence)) return "merchant_strategy";
      for (const { part, text } of hidden) {
        if (PART_NAMES[part].test(sentence) || quotes(sentence, text)) return PART_REASON[part];
      }
      return null;
    })();
    if (reason) removed.push({ sentence, reason });
    else kept.push(sentence);
  }
  return { question: kept.length > 0 ? kept.join(" ") : null, removed };
};
