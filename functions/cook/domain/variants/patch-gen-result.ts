import { z } from "zod";
import { COOK_LIMITS } from "../limits";
import { PatchOpSchema } from "./patch-op";

/** The LLM's tool name for patch generation (forced tool call; the schema below is its input). */
export const PATCH_GEN_SCHEMA_NAME = "generate_patch_ops";

/**
 * Output of a patch generator (LLM or offline parser), seed 001's PatchGenResult. A generator that cannot
 * pick a single target_index returns no ops and a clarification message.
 */
export const PatchGenResultSchema = z.object({
  ops: z.array(PatchOpSchema).max(COOK_LIMITS.opsPerRequest).default([]),
  needs_clarification: z.boolean().default(false),
  clarification_message: z.string().max(COOK_LIMITS.clarificationLength).nullish(),
});
export type PatchGenResult = z.infer<typeof PatchGenResultSchema>;
/** What a generator may return before parsing (defaults not yet filled in). */
export type PatchGenResultInput = z.input<typeof PatchGenResultSchema>;
