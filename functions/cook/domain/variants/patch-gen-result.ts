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

/** A yes/no sent as text, as pydantic's lax bool reads it: "true"/"false", "yes"/"no", "1"/"0". */
export const readBooleanText = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  const key = value.trim().toLowerCase();
  if (["true", "yes", "1"].includes(key)) return true;
  if (["false", "no", "0"].includes(key)) return false;
  return value;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const amountText = (value: unknown): unknown =>
  typeof value === "number" && Number.isFinite(value) ? String(value) : (value ?? "");

/**
 * A replacement as models write it: the whole new line as one string ("500 g firm tofu": its name, with no
 * separate quantity, so the compiled line is exactly that text), or a quantity sent as a number (400) or
 * left out. Anything else stays as sent for the schema to judge.
 */
export const readReplacement = (value: unknown): unknown => {
  if (typeof value === "string" && value.trim() !== "") return { name: value.trim(), quantity: "" };
  if (isRecord(value) && typeof value.name === "string") {
    return { ...value, quantity: amountText(value.quantity) };
  }
  return value;
};

/** A new ingredient sent the way a replacement is written, { name, quantity }: its raw line. */
export const readNewIngredient = (value: unknown): unknown => {
  if (!isRecord(value) || typeof value.name !== "string") return value;
  const quantity = amountText(value.quantity);
  return `${typeof quantity === "string" ? quantity.trim() : ""} ${value.name.trim()}`.trim();
};

/**
 * A PatchOp as a generator writes it: the seed's fields and checks, with the op name's near misses,
 * numbers sent as text and an ingredient in the other field's shape read as the model meant them. The JSON schema the model is given still lists the
 * four op names and asks for numbers.
 */
export const GeneratedPatchOpSchema = PatchOpSchema.extend({
  op: z.preprocess(readOpName, PatchOpTypeSchema),
  target_index: z.preprocess(readNumberText, PatchOpSchema.shape.target_index),
  scale_factor: z.preprocess(readNumberText, PatchOpSchema.shape.scale_factor),
  replacement: z.preprocess(readReplacement, PatchOpSchema.shape.replacement),
  new_ingredient: z.preprocess(readNewIngredient, PatchOpSchema.shape.new_ingredient),
  acknowledged: z.preprocess(readBooleanText, PatchOpSchema.shape.acknowledged),
});

/** `ops` as models send it: null when there are none (a clarification), one op without its list. */
export const readOpList = (value: unknown): unknown =>
  value === null ? undefined : isRecord(value) ? [value] : value;

/**
 * Output of a patch generator (LLM or offline parser), seed 001's PatchGenResult. A generator that cannot
 * pick a single target_index returns no ops and a clarification message.
 */
export const PatchGenResultSchema = z.object({
  ops: z.preprocess(readOpList, z.array(GeneratedPatchOpSchema).max(COOK_LIMITS.opsPerRequest).default([])),
  needs_clarification: z.preprocess(readBooleanText, z.boolean().default(false)),
  clarification_message: z.string().max(COOK_LIMITS.clarificationLength).nullish(),
});
export type PatchGenResult = z.infer<typeof PatchGenResultSchema>;
/** What a generator may return before parsing (defaults not yet filled in). */
export type PatchGenResultInput = z.input<typeof PatchGenResultSchema>;
