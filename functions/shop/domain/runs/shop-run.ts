import { z } from "zod";
import { cartAdditionSchema, planIngredientNotAddedSchema } from "../plan-to-cart/cart-builder";
import { pruneProposalSchema } from "../pruning/stock-pruner";
import { slotRecommendationSchema } from "../slots/slot-scout";
import { coordinatorSlotSchema } from "../store-shapes";
import {
  queryGeneratorOutputSchema,
  substitutionRecommendationSchema,
  substitutionResultSchema,
} from "../substitution/substitution-contracts";

/** A coordinator run as it is stored and shown: header, one record per unavailable item, the result. */

export const DEFAULT_MAX_CONCURRENCY = 20;

export const runOptionsSchema = z.object({
  /** How many unavailable items are worked on at once (the Map's MaxConcurrency). */
  maxConcurrency: z.number().int().min(1).max(40).default(DEFAULT_MAX_CONCURRENCY),
  skipPrune: z.boolean().default(false),
  skipSlots: z.boolean().default(false),
});
export type RunOptions = z.output<typeof runOptionsSchema>;

/** What one run's LLM calls cost, summed (calls, tokens, latency). */
export const runUsageSchema = z.object({
  calls: z.number().int().nonnegative(),
  failedCalls: z.number().int().nonnegative(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  latencyMs: z.number().nonnegative(),
  /** Calls that met no model at all (`LLM_PROVIDER=none`). */
  offlineCalls: z.number().int().nonnegative(),
});
export type RunUsage = z.infer<typeof runUsageSchema>;
export const emptyUsage = (): RunUsage => ({
  calls: 0,
  failedCalls: 0,
  inputTokens: 0,
  outputTokens: 0,
  latencyMs: 0,
  offlineCalls: 0,
});
export const addUsage = (a: RunUsage, b: RunUsage): RunUsage => ({
  calls: a.calls + b.calls,
  failedCalls: a.failedCalls + b.failedCalls,
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
  latencyMs: a.latencyMs + b.latencyMs,
  offlineCalls: a.offlineCalls + b.offlineCalls,
});

export const stepSourceSchema = z.enum(["llm", "heuristic"]);

/** One unavailable item's outcome, written by the item's last state (or its Catch). */
export const runItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  status: z.enum(["substitutes_found", "no_substitutes", "failed"]),
  recommendation: substitutionRecommendationSchema.optional(),
  failure: z.object({ error: z.string(), cause: z.string() }).optional(),
  queries: queryGeneratorOutputSchema.optional(),
  sources: z.object({
    queries: stepSourceSchema.optional(),
    ranking: stepSourceSchema.optional(),
    reasons: stepSourceSchema.optional(),
  }),
  removed: z.array(z.object({ productId: z.string(), rule: z.string(), reason: z.string() })),
  usage: runUsageSchema,
});
export type RunItem = z.infer<typeof runItemSchema>;

export const runResultSchema = substitutionResultSchema.extend({
  /** Items whose sub-workflow failed (caught): the run went on without them. */
  failedItems: z.array(
    z.object({ productId: z.string(), name: z.string(), error: z.string(), cause: z.string() }),
  ),
  cartAdditions: z.array(cartAdditionSchema),
  /** For a run with a meal plan: its ingredients BuildCart did not add, and why. */
  planIngredientsNotAdded: z.array(planIngredientNotAddedSchema).optional(),
  pruned: z.array(pruneProposalSchema),
  slots: z.array(coordinatorSlotSchema),
  recommendedSlot: slotRecommendationSchema.optional(),
  usage: runUsageSchema,
  /** Which steps answered by heuristics (the model was unavailable, offline, or refused), and how often. */
  heuristicSteps: z.record(z.string(), z.number().int()),
  offline: z.boolean(),
  /**
   * A model is configured but some step answered by its heuristic instead (the model timed out, was
   * skipped by its breaker, failed or was refused): the run is complete, its answers less refined.
   */
  degraded: z.boolean().default(false),
  /**
   * Set on a run that failed after some work was done: the result holds what was done until then. A run
   * that failed before it read the cart has no result at all (its `error` says why).
   */
  partial: z.boolean().optional(),
});
export type RunResult = z.infer<typeof runResultSchema>;

/** `interrupted`: the local stack stopped while it ran (marked at its next start); start a new run. */
export const RUN_STATUSES = ["running", "succeeded", "failed", "interrupted"] as const;

/** Why a decision failed: nothing done, the store failed, or the household's store account stopped it. */
export const DECISION_FAILURE_CODES = [
  "original_not_in_cart",
  "store_failed",
  "store_account_missing",
  "store_sign_in_failed",
  "store_sign_in_needs_person",
  "store_sign_in_limited",
] as const;
export type DecisionFailureCode = (typeof DECISION_FAILURE_CODES)[number];

/**
 * A person's decision on a run's recommendation, as recorded with what it changed in the cart. A decision
 * that changes the cart is first `claimed` on the run (a conditional write, before the store is touched),
 * then `applied`, or `failed` with why; a reject or keep is `recorded` at once.
 */
export const recordedDecisionSchema = z.object({
  kind: z.enum(["substitution", "prune"]),
  productId: z.string(),
  action: z.enum(["accept", "reject", "remove", "keep"]),
  substituteId: z.string().optional(),
  outcome: z.enum(["claimed", "applied", "recorded", "failed"]),
  error: z.string().optional(),
  /** Why it failed, as a code: `original_not_in_cart` (nothing was done), `store_failed`, a sign-in code. */
  errorCode: z.enum(DECISION_FAILURE_CODES).optional(),
  /** What to do about a failed decision, where it applies. */
  fix: z.string().optional(),
  /**
   * For a failed store change of several steps: true when what was done was undone (the cart is as it was),
   * false when the undo failed too (the cart holds part of it; the next identical decision completes it).
   */
  undone: z.boolean().optional(),
  decidedAt: z.string(),
  /** The request that holds (or last held) the claim. */
  claimId: z.string().optional(),
  /** When the claim was taken (again, for a claim a later attempt completed). */
  claimedAt: z.string().optional(),
  /** How many requests took the claim: above 1, a later one completed what an earlier one started. */
  attempts: z.number().int().positive().optional(),
});
export type RecordedDecision = z.infer<typeof recordedDecisionSchema>;

/** Why a run failed: the documented code, the error's words, and what a person does about it. */
export const runErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** What to do about it ("Connect the account again: PUT /shop/store-account"). */
  fix: z.string().optional(),
});

export const runHeaderSchema = z.object({
  runId: z.string(),
  status: z.enum(RUN_STATUSES),
  startedAt: z.string(),
  endedAt: z.string().optional(),
  householdId: z.string(),
  executionId: z.string().optional(),
  planSnapshotId: z.string().optional(),
  options: runOptionsSchema,
  itemsTotal: z.number().int().nonnegative().optional(),
  result: runResultSchema.optional(),
  error: runErrorSchema.optional(),
  decisions: z.array(recordedDecisionSchema).max(500).optional(),
});
export type RunHeader = z.infer<typeof runHeaderSchema>;

/** What a decision may name: the run's recommended substitutes and prune proposals. */
export const runListEntrySchema = runHeaderSchema
  .pick({ runId: true, status: true, startedAt: true, endedAt: true, error: true })
  .extend({
    /** Recommendations no decision settled yet (absent on entries written before it was kept). */
    openDecisions: z.number().int().nonnegative().optional(),
    /** The result's `degraded` (absent while the run runs, and on entries written before it was kept). */
    degraded: z.boolean().optional(),
  });
export type RunListEntry = z.infer<typeof runListEntrySchema>;
