import { z } from "zod";
import { matchStoredValue } from "../../../core/text/match-stored-value";
import { COOK_LIMITS } from "../limits";
import { PatchOpSchema, PatchOpTypeSchema } from "./patch-op";

/** The LLM's tool name for patch generation (forced tool call; the schema below is its input). */
export const PATCH_GEN_SCHEMA_NAME = "generate_patch_ops";

const OP_TYPES = PatchOpTypeSchema.options;

/**
 * An op name as models write it: "Replace Ingredient", "replace-ingredient" or just "Replace" is
 * replace_ingredient (each op's first word names one op only). Anything else stays as sent, and the enum
 * refuses it naming the four ops.
 */
export const readOpName = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  const whole = matchStoredValue(value, OP_TYPES);
  if (whole) return whole;
  const firstWords = OP_TYPES.map((type) => type.split("_")[0] as string);
  const first = matchStoredValue(value, firstWords);
  return first ? OP_TYPES[firstWords.indexOf(first)] : value;
};

/**
 * A number sent as text, as seed 001's pydantic reads it (lax mode): "2", "1.5", and the forms models add
 * for a factor, "x2", "2x", "1/2". Text that is not one plain number ("1,5", "2 or 3") stays as sent, and
 * the schema refuses it rather than guess.
 */
export const readNumberText = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  const text = value.trim().replace(/^[x×]\s*|\s*[x×]$/gi, "");
  if (/^\d+(?:\.\d+)?$/.test(text)) return Number(text);
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(text);
  if (fraction && Number(fraction[2]) > 0) return Number(fraction[1]) / Number(fraction[2]);
  return value;
};

/**
 * A PatchOp as a generator writes it: the seed's fields and checks, with the op name's near misses and
 * numbers sent as text read as the model meant them. The JSON schema the model is given still lists the
 * four op names and asks for numbers.
 */
export const GeneratedPatchOpSchema = PatchOpSchema.extend({
  op: z.preprocess(readOpName, PatchOpTypeSchema),
  target_index: z.preprocess(readNumberText, PatchOpSchema.shape.target_index),
  scale_factor: z.preprocess(readNumberText, PatchOpSchema.shape.scale_factor),
});

/**
 * Output of a patch generator (LLM or offline parser), seed 001's PatchGenResult. A generator that cannot
 * pick a single target_index returns no ops and a clarification message.
 */
export const PatchGenResultSchema = z.object({
  ops: z.array(GeneratedPatchOpSchema).max(COOK_LIMITS.opsPerRequest).default([]),
  needs_clarification: z.boolean().default(false),
  clarification_message: z.string().max(COOK_LIMITS.clarificationLength).nullish(),
});
export type PatchGenResult = z.infer<typeof PatchGenResultSchema>;
/** What a generator may return before parsing (defaults not yet filled in). */
export type PatchGenResultInput = z.input<typeof PatchGenResultSchema>;
