import { z } from "zod";
import { COOK_LIMITS } from "./limits";

/**
 * Recipe and snapshot ids are path segments and parts of a variant id (`variant:{snapshot_id}:{date}:{meal_type}`),
 * so they may not contain ":" or "/"; letters, digits, "_" and "-" only.
 */
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export const RecipeIdSchema = z
  .string()
  .min(1)
  .max(COOK_LIMITS.idLength)
  .regex(ID_PATTERN, "only letters, digits, '_' and '-'");

export const SnapshotIdSchema = z
  .string()
  .min(1)
  .max(COOK_LIMITS.idLength)
  .regex(ID_PATTERN, "only letters, digits, '_' and '-'");
