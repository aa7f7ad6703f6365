import { z } from "zod";
import { matchAllowedValue } from "../../../core/text/allowed-value";
import { modelNumber } from "../../../core/text/model-values";
import { numberFromText } from "../../../core/text/number-text";
import { COOK_LIMITS } from "../limits";
import { PatchOpSchema, PatchOpTypeSchema } from "./patch-op";

/** The LLM's tool name for patch generation (forced tool call; the schema below is its input). */
export const PATCH_GEN_SCHEMA_NAME = "generate_patch_ops";

/**
 * A scale factor as models write it: "1.5", and the forms added for a factor, "x2", "2x", "1/2". Text that
 * states no one number ("2 or 3", "4,200" read two ways) fails, naming the form wanted.
 */
export const scaleFactorFromText = (text: string): number | undefined => {
  const bare = text.trim().replace(/^[x×]\s*|\s*[x×]$/gi, "");
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(bare);
  if (fraction) return Number(fraction[2]) > 0 ? Number(fraction[1]) / Number(fraction[2]) : undefined;
  return numberFromText(bare);
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
 * A PatchOp as a generator writes it: the seed's fields and checks, with the op name's near misses
 * ("Replace", "Scale Servings"), numbers and yes/no sent as text (as seed 001's pydantic reads them) and an
 * ingredient in the other field's shape read as the model meant them (core/text/model-values). The JSON schema the model is given still lists the
 * four op names and asks for numbers.
 */
export const GeneratedPatchOpSchema = PatchOpSchema.extend({
  op: z.preprocess(
    (raw) =>
      typeof raw === "string" ? (matchAllowedValue(raw.trim(), PatchOpTypeSchema.options) ?? raw) : raw,
    PatchOpTypeSchema,
  ),
  target_index: modelNumber(PatchOpSchema.shape.target_index, { integer: true }),
  scale_factor: modelNumber(PatchOpSchema.shape.scale_factor, { read: scaleFactorFromText }),
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
