import { describe, expect, it } from "vitest";
import { LOG_TAGS } from "../../../functions/cook/domain";
import { createLogger } from "../../../functions/core/logger";
import type { LoggerPort as CookLogger } from "../../../functions/core/logger-port";

describe("CookLogger port", () => {
  it("is satisfied by the Powertools logger the Lambda handlers create (checked by the typechecker)", () => {
    const logger: CookLogger = createLogger("cook");
    expect(() =>
      logger.info(`${LOG_TAGS.variantLookup} resolved`, { variant_id: "variant:s:2025-01-03:dinner" }),
    ).not.toThrow();
  });

  it("names exactly the seed's seven log tags", () => {
    expect(Object.values(LOG_TAGS).sort()).toEqual([
      "[PATCH_APPLY]",
      "[PATCH_GEN]",
      "[PATCH_VALIDATE]",
      "[VARIANT_CLEAR]",
      "[VARIANT_LOOKUP]",
      "[WARN_GEN]",
      "[WARN_STRIP]",
    ]);
  });
});
