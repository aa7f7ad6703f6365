import type { LlmPort } from "../../../core/llm/llm-port";
import { wrapPromptData } from "../../../core/llm/prompt-data";
import type { LoggerPort } from "../../../core/logger-port";
import { type StepSource, withHeuristicFallback } from "../heuristic-fallback";
import { DIFFERS_PREFIX } from "./attribute-guard";
import { type BrandTiers, SEED_BRAND_TIERS } from "./brand-tiers";
import {
  EXPLAIN_SUBSTITUTES_SCHEMA_NAME,
  explainSubstitutesSchema,
  type OriginalItem,
  type RankedCandidate,
} from "./substitution-contracts";
import { type SubstitutionRules, substitutionPrefix } from "./substitution-prompt-prefix";
import { SUBSTITUTION_TEMPERATURE } from "./substitution-prompts";
import { reasonContradiction } from "./substitution-reasons";
import { PRICE_CAP_NOTE } from "./substitution-rules";

// Where they were defined before the substitution prefix needed them (issue 43: the import cycle); kept for callers.
export {
  EXPLAIN_SUBSTITUTES_SCHEMA_NAME,
  explainSubstitutesSchema,
  REASON_MAX_CHARS,
} from "./substitution-contracts";
export { REASON_GENERATOR_SYSTEM_PROMPT } from "./substitution-prompts";

/** What the guards wrote on a candidate's reason: what differs from the original, and a price over the cap. */
export interface GuardNotes {
  /** "Diferente do original: sem lactose → com lactose" */
  differs?: string;
  /** "(acima do limite de preço de +20% ao preço unitário)" */
  priceCap?: string;
}

/** The guard notes a reason carries (the attribute guard's prefix, the price cap's parenthesis). */
export const guardNotesOf = (reason: string): GuardNotes => {
  const notes: GuardNotes = {};
  if (reason.startsWith(DIFFERS_PREFIX)) {
    const segments = reason.slice(DIFFERS_PREFIX.length).split("; ");
    const differences: string[] = [];
    for (const segment of segments) {
      if (!segment.includes("→")) break;
      differences.push(segment.trim());
    }
    if (differences.length > 0) notes.differs = `${DIFFERS_PREFIX} ${differences.join("; ")}`;
  }
  const cap = new RegExp(`\\(${PRICE_CAP_NOTE}[^)]*\\)`).exec(reason);
  if (cap) notes.priceCap = cap[0];
  return notes;
};

/** A reason with every guard note in it, whoever wrote it: the difference first, the price cap last. */
export const withGuardNotes = (reason: string, notes: GuardNotes): string => {
  let text = reason.trim();
  if (notes.differs && !text.includes(notes.differs)) text = `${notes.differs}; ${text}`;
  if (notes.priceCap && !text.includes(notes.priceCap)) text = `${text} ${notes.priceCap}`;
  return text;
};

const notesLine = (reason: string): string => {
  const notes = guardNotesOf(reason);
  const listed = [notes.differs, notes.priceCap].filter(Boolean);
  return listed.length > 0 ? `guard notes (kept with your reason): ${listed.join(" ")}` : "";
};

const euros = (value: number): string => value.toFixed(2).replace(".", ",");

const describe = (original: OriginalItem, candidates: readonly RankedCandidate[]): string =>
  [
    wrapPromptData(
      "original",
      [
        `name: ${original.name}`,
        `price: ${euros(original.price)} €`,
        original.pricePerUnit ? `unit price: ${original.pricePerUnit}` : "",
      ]
        .filter(Boolean)
        .join("\n"),
    ),
    wrapPromptData(
      "candidates",
      candidates
        .map((c) =>
          [
            `productId: ${c.productId}`,
            `name: ${c.name}`,
            `price: ${euros(c.price)} €`,
            c.pricePerUnit ? `unit price: ${c.pricePerUnit}` : "",
            `brand: ${c.brandPreference}`,
            `price per unit vs original: ${c.priceComparison}`,
            `recommendation: ${c.recommendation}`,
            notesLine(c.reason),
          ]
            .filter(Boolean)
            .join(", "),
        )
        .join("\n"),
    ),
  ].join("\n");

export interface ReasonsOutcome {
  candidates: RankedCandidate[];
  source: StepSource;
}

/**
 * The seed's ReasonGenerator: the model rewrites each ranked candidate's reason, short and in the
 * Portuguese context; the port checks its answer (re-asking once). A candidate the model left out keeps
 * the reason it had (the ranker's, or the heuristic's from the numbers); on any failure every candidate
 * keeps it ("LLM enhances, heuristics always work"). Ranks, scores and order never change here.
 */
export const explainSubstitutes = async (
  deps: { llm: LlmPort; logger: LoggerPort; tiers?: BrandTiers; rules?: SubstitutionRules },
  input: { original: OriginalItem; candidates: readonly RankedCandidate[] },
): Promise<ReasonsOutcome> => {
  const unchanged = (): ReasonsOutcome => ({ candidates: [...input.candidates], source: "heuristic" });
  if (input.candidates.length === 0) return unchanged();
  return withHeuristicFallback<ReasonsOutcome>(
    deps.logger,
    "LLM reasons failed, keeping the ranking's reasons",
    async () => {
      const { value } = await deps.llm.structured({
        schemaName: EXPLAIN_SUBSTITUTES_SCHEMA_NAME,
        description: "Explain each substitute candidate to the household, briefly, in European Portuguese",
        schema: explainSubstitutesSchema(
          new Set(input.candidates.map((c) => c.productId)),
          new Map(input.candidates.map((c) => [c.productId, c.name])),
        ),
        // The substitution agent's shared prefix (tools, system): the query and rank steps send it too.
        ...substitutionPrefix({ tiers: deps.tiers ?? SEED_BRAND_TIERS, rules: deps.rules }),
        messages: [{ role: "user", content: describe(input.original, input.candidates) }],
        model: "fast",
        maxOutputTokens: 1024,
        temperature: SUBSTITUTION_TEMPERATURE,
      });
      const reasons = new Map(value.reasons.map((entry) => [entry.productId, entry.reason]));
      return {
        // The guards' notes stay part of every reason the model rewrote (ARCHITECTURE: the reason says what differs).
        candidates: input.candidates.map((c) => {
          const written = reasons.get(c.productId);
          if (written === undefined) return c;
          const contradiction = reasonContradiction(written, c, input.original, input.candidates);
          if (contradiction) {
            deps.logger.warn("LLM reason contradicts its candidate, keeping the ranking's reason", {
              productId: c.productId,
              why: contradiction,
            });
            return c;
          }
          return { ...c, reason: withGuardNotes(written, guardNotesOf(c.reason)) };
        }),
        source: "llm" as const,
      };
    },
    unchanged,
  );
};
