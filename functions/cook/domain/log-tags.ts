/**
 * The seed 001 tags cook's log lines start with (the logger is core's LoggerPort).
 */
export const LOG_TAGS = {
  patchGen: "[PATCH_GEN]",
  patchValidate: "[PATCH_VALIDATE]",
  patchApply: "[PATCH_APPLY]",
  warnGen: "[WARN_GEN]",
  warnStrip: "[WARN_STRIP]",
  variantLookup: "[VARIANT_LOOKUP]",
  variantClear: "[VARIANT_CLEAR]",
} as const;
