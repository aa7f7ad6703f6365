import { z } from "@hono/zod-openapi";
import { SnapshotIdSchema } from "../../cook/domain/ids";
import { substitutionChoiceSchema } from "../domain/choices/substitution-choice";
import { householdPreferencesSchema } from "../domain/household-preferences";
import { decisionSchema } from "../domain/runs/decision";
import {
  DECISION_FAILURE_CODES,
  RUN_STATUSES,
  recordedDecisionSchema,
  runErrorSchema,
  runOptionsSchema,
  runResultSchema,
} from "../domain/runs/shop-run";
import { STORE_ACCOUNT_STATUSES, storeCredentialsSchema } from "../domain/store-account/store-account";
import {
  queryGeneratorInputSchema,
  queryGeneratorOutputSchema,
  valueRankerInputSchema,
  valueRankerOutputSchema,
} from "../domain/substitution/substitution-contracts";

export const CreateRunBody = z
  .object({
    plan_snapshot_id: SnapshotIdSchema.optional().meta({
      description:
        "A meal plan of the cook area (`POST /plans`): BuildCart merges its shopping list, variants included, into the cart",
    }),
    options: runOptionsSchema.partial().optional(),
  })
  .strict()
  .meta({ id: "CreateShopRunRequest" });

export const IdempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,80}$/, "1-80 letters, digits, - and _")
    .optional()
    .meta({ description: "A retried POST with the same key answers the same run" }),
});

export const CreatedRun = z.object({ runId: z.string() }).meta({ id: "CreatedShopRun" });

export const RunParams = z.object({ runId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/) });

export const RunView = z
  .object({
    runId: z.string(),
    status: z.enum(RUN_STATUSES),
    startedAt: z.string(),
    endedAt: z.string().optional(),
    steps: z.array(
      z.object({
        name: z.string(),
        status: z.string(),
        startedAt: z.string(),
        endedAt: z.string().optional(),
      }),
    ),
    itemsDone: z.number().int(),
    itemsTotal: z.number().int(),
    result: runResultSchema.optional().meta({
      description: "Absent while the run runs, and on a run that failed before it read the cart",
    }),
    error: runErrorSchema.optional().meta({ description: "Why the run failed, and what to do about it" }),
    decisions: z.array(recordedDecisionSchema).optional(),
  })
  .meta({ id: "ShopRun" });

export const ListRunsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(2000).optional(),
  /** `decisions`: only the runs whose substitutes or prunes still wait for a person's decision. */
  awaiting: z.enum(["decisions"]).optional(),
});

export const RunList = z
  .object({
    runs: z.array(
      z.object({
        runId: z.string(),
        status: z.enum(RUN_STATUSES),
        startedAt: z.string(),
        endedAt: z.string().optional(),
        /** Recommendations (substitutes, prunes) no decision settled yet. */
        openDecisions: z.number().int().optional(),
        degraded: z.boolean().optional().meta({
          description:
            "The result's `degraded`: some model step answered by its heuristic (absent while the run runs)",
        }),
        error: runErrorSchema.optional().meta({ description: "Why a failed run failed, and the fix" }),
      }),
    ),
    nextCursor: z.string().optional(),
  })
  .meta({ id: "ShopRunList" });

export const DecisionsBody = z
  .object({ decisions: z.array(decisionSchema).min(1).max(100) })
  .strict()
  .meta({ id: "ShopRunDecisionsRequest" });

export const DecisionsResult = z
  .object({
    runId: z.string(),
    results: z.array(
      z.object({
        decision: decisionSchema,
        outcome: z.enum(["applied", "recorded", "failed"]),
        changes: z.array(
          z.object({
            change: z.enum(["added", "removed"]),
            productId: z.string(),
            quantity: z.number().optional(),
            reason: z.string().optional().meta({
              description:
                "Why this quantity: the substitute covers the original's amount (2 × 400 g → one 1 kg pack), in pt-PT",
            }),
          }),
        ),
        error: z.string().optional(),
        code: z
          .enum(DECISION_FAILURE_CODES)
          .optional()
          .meta({
            description:
              "Why a decision failed: `original_not_in_cart` (the cart no longer holds it: nothing was done), " +
              "`store_failed`, or the store account's code (`store_sign_in_failed`, `store_sign_in_needs_person`, " +
              "`store_account_missing`: the cart was not reached)",
          }),
        fix: z
          .string()
          .optional()
          .meta({ description: "What to do about a failed decision, where it applies" }),
        undone: z.boolean().optional().meta({
          description:
            "For a failed decision: true when the cart is as it was (what was done was undone), false when part of it stayed",
        }),
        alreadyDecidedAt: z.string().optional().meta({
          description:
            "Set when the decision repeats one the run already settled: the store was not touched again and `changes` is empty",
        }),
      }),
    ),
  })
  .meta({ id: "ShopRunDecisionsResult" });

export const QueriesBody = queryGeneratorInputSchema.strict().meta({ id: "QueryGeneratorInput" });
export const QueriesResult = queryGeneratorOutputSchema.meta({ id: "QueryGeneratorOutput" });
export const RankBody = valueRankerInputSchema.meta({ id: "ValueRankerInput" });
export const RankResult = valueRankerOutputSchema.meta({ id: "ValueRankerOutput" });
/** Strict: an unknown key is a 400 naming it, never silently dropped (PUT replaces the whole document). */
export const Preferences = householdPreferencesSchema.strict().meta({ id: "ShopPreferences" });

/** Strict: a typo in a field name is a 400 naming it, never a silently empty password. */
export const StoreAccountBody = storeCredentialsSchema
  .strict()
  .meta({ id: "StoreAccountCredentials", description: "The household's own login at the store" });
export const StoreAccount = z
  .object({
    connected: z.boolean(),
    email: z.string().optional().meta({ description: "The account's email, masked (`j•••@example.com`)" }),
    status: z.enum(STORE_ACCOUNT_STATUSES).meta({
      description:
        "`none` until a run signs in; `signed_in`; `sign_in_failed` (the store refused the email or password: " +
        "fix them with PUT); `needs_person` (a captcha, a second factor or an unknown page: sign in once on " +
        "the site yourself)",
    }),
    at: z.string().optional().meta({ description: "When the status last changed (ISO 8601)" }),
    why: z.string().meta({ description: "Why, in words (the store's own words for a refusal)" }),
    fix: z.string().optional().meta({
      description: "What to do, when the last sign-in failed or needs a person",
    }),
  })
  .meta({ id: "StoreAccount" });

export const ListSubstitutionChoicesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(2000).optional(),
});

export const SubstitutionChoiceParams = z.object({
  originalProductId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "letters, digits, - and _ (1-40)"),
});

export const SubstitutionChoiceList = z
  .object({
    choices: z.array(substitutionChoiceSchema.meta({ id: "ShopSubstitutionChoice" })),
    nextCursor: z.string().optional(),
  })
  .meta({ id: "ShopSubstitutionChoiceList" });
