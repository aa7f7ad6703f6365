/**
 * Port: what the cook domain needs of a logger. Powertools' Logger satisfies it; tests pass a recorder.
 * Messages start with seed 001's tags: [PATCH_GEN], [PATCH_VALIDATE], [PATCH_APPLY], [WARN_GEN],
 * [WARN_STRIP], [VARIANT_LOOKUP], [VARIANT_CLEAR].
 */
export interface CookLogger {
  /** Called with one `extra` object at most; a rest parameter so Powertools' overloads fit the port. */
  info(message: string, ...extra: Record<string, unknown>[]): void;
  warn(message: string, ...extra: Record<string, unknown>[]): void;
}

export const LOG_TAGS = {
  patchGen: "[PATCH_GEN]",
  patchValidate: "[PATCH_VALIDATE]",
  patchApply: "[PATCH_APPLY]",
  warnGen: "[WARN_GEN]",
  warnStrip: "[WARN_STRIP]",
  variantLookup: "[VARIANT_LOOKUP]",
  variantClear: "[VARIANT_CLEAR]",
} as const;
