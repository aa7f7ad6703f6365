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

/** BuildCart's input: the run's keys and its plan's snapshot (null for a run without a plan). */
export const buildCartEventSchema = runKeysSchema.extend({
  planSnapshotId: z.string().nullable().optional(),
});

/** SearchCandidates' input, once per query: the item, its policy, the queries and the search so far. */
export const searchCandidatesEventSchema = z.object({
  householdId: householdIdSchema,
  item: coordinatorCartLineSchema,
  policy: itemPolicySchema,
  queries: queriesStepOutputSchema.shape.queries,
  search: searchStateSchema,
});

/** RankCandidates' input: the item, its policy and rules, the search's candidates. */
export const rankCandidatesEventSchema = z.object({
  /** The item's model window (GenerateQueries opened it); absent, the step's deadline alone bounds it. */
  modelWindowEndsAt: z.number().optional(),
  item: coordinatorCartLineSchema,
  policy: itemPolicySchema,
  rules: itemRulesSchema,
  search: searchStateSchema,
});

/** GenerateReasons' input: the item and its ranking. */
export const generateReasonsEventSchema = z.object({
  /** The item's model window (GenerateQueries opened it); absent, the step's deadline alone bounds it. */
  modelWindowEndsAt: z.number().optional(),
  item: coordinatorCartLineSchema,
  ranked: rankStepOutputSchema,
  /** The household's rules, for the substitution agent's shared prompt (absent in runs started before). */
  rules: itemRulesSchema.optional(),
});

/** RecordItem's input: the item and what its steps answered. */
export const recordItemEventSchema = itemEventSchema.extend({
  // null until the state that fills them ran (the Map's ItemSelector starts them so).
  queries: queriesStepOutputSchema.nullable(),
  ranked: rankStepOutputSchema.nullable(),
});

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

/** RecordItemFailure's input: the item and what its Catch caught. */
export const recordItemFailureEventSchema = itemEventSchema.extend({ failure: caughtErrorSchema });

/**
 * MarkRunFailed's input: what its Catch caught, and PruneStock's and ScoutSlots' outcomes (or their
 * "skipped" markers) when they ran.
 */
export const markRunFailedEventSchema = runKeysSchema
  .extend({ failure: caughtErrorSchema })
  .extend(saveRunEventSchema.pick({ prune: true, slots: true }).partial().shape);
