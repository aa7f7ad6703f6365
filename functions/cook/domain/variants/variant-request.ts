import { z } from "zod";
import { ValidationError } from "../../../core/errors";
import { parseOrThrow } from "../../../core/validation";
import { COOK_LIMITS } from "../limits";
import {
  AddComponentOpSchema,
  type MealEditOp,
  RemoveComponentOpSchema,
  SwapComponentOpSchema,
} from "../snapshots/meal-edit-op";
import { type PatchOp, PatchOpSchema } from "./patch-op";

/**
 * The ops of one meal edit request: ingredient PatchOps (they make the recipe variant) and meal-level
 * MealEditOps (they change the bundle's components), told apart by `op`.
 */
export const MealOpSchema = z.discriminatedUnion("op", [
  PatchOpSchema,
  AddComponentOpSchema,
  RemoveComponentOpSchema,
  SwapComponentOpSchema,
]);
export type MealOp = z.infer<typeof MealOpSchema>;

export const MealOpListSchema = z.array(MealOpSchema).min(1).max(COOK_LIMITS.opsPerRequest);

export const InstructionSchema = z.string().trim().min(1).max(COOK_LIMITS.instructionLength);

/** Body of `POST /plans/{snapshot_id}/meals/{date}/{meal_type}/variant`: ops as given, or an instruction. */
export const VariantRequestBodySchema = z.union([
  z.object({ ops: MealOpListSchema }).strict(),
  z.object({ instruction: InstructionSchema }).strict(),
]);
export type VariantRequestBody = z.infer<typeof VariantRequestBodySchema>;

const isPatchOp = (op: MealOp): op is PatchOp =>
  op.op === "replace_ingredient" ||
  op.op === "add_ingredient" ||
  op.op === "remove_ingredient" ||
  op.op === "scale_servings";

export const partitionMealOps = (
  ops: readonly MealOp[],
): { patchOps: PatchOp[]; mealEditOps: MealEditOp[] } => ({
  patchOps: ops.filter(isPatchOp),
  mealEditOps: ops.filter((op): op is MealEditOp => !isPatchOp(op)),
});

const OpsBodySchema = z.object({ ops: MealOpListSchema }).strict();
const InstructionBodySchema = z.object({ instruction: InstructionSchema }).strict();

/**
 * Parses a variant request body, naming the failing fields of the form it is trying to be (`ops.0.op`,
 * `instruction`) instead of the union's bare "Invalid input". Throws ValidationError (400).
 */
export const parseVariantRequestBody = (body: unknown): VariantRequestBody => {
  const keys = typeof body === "object" && body !== null ? Object.keys(body) : [];
  if (keys.includes("ops") && !keys.includes("instruction")) return parseOrThrow(OpsBodySchema, body, "body");
  if (keys.includes("instruction") && !keys.includes("ops"))
    return parseOrThrow(InstructionBodySchema, body, "body");
  throw new ValidationError("Invalid body: send either { ops } or { instruction }", [
    {
      path: "(root)",
      message: "expected an object with exactly one of `ops` (PatchOp[]) or `instruction` (string)",
    },
  ]);
};
