import { z } from "zod";
import { TenantIdSchema } from "../../../core/db/keys";
import { rememberedChoicesSchema } from "../choices/substitution-choice";
import { householdIdSchema } from "../household-for-tenant";
import { householdPreferencesSchema, itemPolicySchema } from "../household-preferences";
import { pruneProposalSchema } from "../pruning/stock-pruner";
import { slotRecommendationSchema } from "../slots/slot-scout";
import { coordinatorCartLineSchema, coordinatorProductSchema, coordinatorSlotSchema } from "../store-shapes";
import { queryGeneratorOutputSchema, rankedCandidateSchema } from "../substitution/substitution-contracts";
import { runOptionsSchema, runUsageSchema } from "./shop-run";

/**
 * What the states of statemachines/shop-coordinator.asl.json hand each other: keys and small summaries,
 * never pages (a state's input and output stay far below Step Functions' 256 KiB). Every step validates
 * its event, so a wrong ASL path fails loudly with the field's name.
 */

export const runKeysSchema = z.object({
  tenant: TenantIdSchema,
  runId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
  householdId: householdIdSchema,
});

export const runInputSchema = runKeysSchema.extend({
  options: runOptionsSchema,
  /** Null for a run without a plan: the ASL passes the field to BuildCart either way. */
  planSnapshotId: z.string().nullable().optional(),
});
export type RunInput = z.infer<typeof runInputSchema>;

export const itemRulesSchema = householdPreferencesSchema
  .pick({
    pinnedBrands: true,
    bannedBrands: true,
    priceCapPercent: true,
  })
  .extend({
    /** The household's remembered choices for this item (ScanCart reads them): ranked first or last. */
    remembered: rememberedChoicesSchema.optional(),
  });

/** One Map iteration's input: the run's keys, the unavailable cart line, its policy, the rules. */
export const itemEventSchema = runKeysSchema.extend({
  item: coordinatorCartLineSchema,
  policy: itemPolicySchema,
  rules: itemRulesSchema,
});

export const queriesStepOutputSchema = z.object({
  queries: queryGeneratorOutputSchema,
  source: z.enum(["llm", "heuristic"]),
  usage: runUsageSchema,
});

export const searchStateSchema = z.object({
  candidates: z.array(coordinatorProductSchema),
  nextQueryIndex: z.number().int().nonnegative(),
  done: z.boolean(),
  /** Set by the search once done (AnyCandidates reads it): the candidates left without the item itself. */
  candidateCount: z.number().int().nonnegative().optional(),
});

export const rankStepOutputSchema = z.object({
  candidates: z.array(rankedCandidateSchema),
  summary: z.string(),
  removed: z.array(z.object({ productId: z.string(), rule: z.string(), reason: z.string() })),
  source: z.enum(["llm", "heuristic"]),
  /** Set by GenerateReasons (the seed's ReasonGenerator): who wrote the candidates' reasons. */
  reasonsSource: z.enum(["llm", "heuristic"]).optional(),
  usage: runUsageSchema,
});

/** What a Catch puts at its ResultPath: Step Functions' `Error` and `Cause`. */
export const caughtErrorSchema = z.object({ Error: z.string(), Cause: z.string().optional() });

export type ItemEvent = z.infer<typeof itemEventSchema>;
export type QueriesStepOutput = z.infer<typeof queriesStepOutputSchema>;
export type RankStepOutput = z.infer<typeof rankStepOutputSchema>;
export type CaughtError = z.infer<typeof caughtErrorSchema>;

/** What the workflow's StartRun state leaves for a step the run's options skipped. */
const skipped = z.object({ skipped: z.literal(true) });

/** SaveRun's input: PruneStock's and ScoutSlots' outputs (or their skipped markers); BuildCart's lines are with the run. */
export const saveRunEventSchema = runKeysSchema.extend({
  prune: z.union([
    z.object({
      value: z.array(pruneProposalSchema),
      source: z.enum(["llm", "heuristic"]),
      usage: runUsageSchema,
    }),
    skipped,
  ]),
  slots: z.union([
    z.object({ slots: z.array(coordinatorSlotSchema), recommendation: slotRecommendationSchema }),
    skipped,
  ]),
});
export type SaveRunEvent = z.infer<typeof saveRunEventSchema>;
