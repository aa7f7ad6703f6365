import { z } from "zod";

const productId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "letters, digits, - and _ (1-40)");

/**
 * A household's decision on a run's recommendation (POST /shop/runs/{runId}/decisions). The actions of
 * the two shapes differ, so `action` picks the shape and a bad item's error names its field
 * (`decisions.0.action`, `decisions.0.originalProductId`), not just the item.
 */
export const decisionSchema = z.discriminatedUnion("action", [
  z
    .object({
      originalProductId: productId,
      action: z.enum(["accept", "reject"]),
      /** The substitute accepted; absent, the run's first-ranked one. */
      productId: productId.optional(),
    })
    .strict(),
  z.object({ pruneProductId: productId, action: z.enum(["remove", "keep"]) }).strict(),
]);
export type Decision = z.infer<typeof decisionSchema>;
