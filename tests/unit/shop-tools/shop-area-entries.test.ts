import { describe, expect, it } from "vitest";
import { createLambdaContext } from "../../../dev/lambda-context";
import { loadFunctionHandler } from "../../../dev/load-handler";
import { ValidationError } from "../../../functions/core/errors";
import { shopArea } from "../../../lib/areas/shop";

type ToolHandler = (event: unknown, context: ReturnType<typeof createLambdaContext>) => Promise<unknown>;

describe("the shop area's store tool Lambdas", () => {
  it.each(shopArea.functions.map((fn) => [fn.id, fn] as const))(
    "%s loads its entry's handler, which refuses an event without householdId before any browser starts",
    async (id, fn) => {
      const handler = await loadFunctionHandler<ToolHandler>(fn);
      const error = await handler({ input: {} }, createLambdaContext(id, 60)).then(
        () => undefined,
        (rejection: unknown) => rejection,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((issue) => issue.path)).toContain("householdId");
    },
  );

  it("drive the store, so CDK ships Chromium with each of them", () => {
    expect(shopArea.functions.filter((fn) => !fn.needs.includes("store")).map((fn) => fn.id)).toEqual([]);
  });
});
