import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLambdaContext } from "../../../dev/lambda-context";
import { loadFunctionHandler } from "../../../dev/load-handler";
import { ValidationError } from "../../../functions/core/errors";
import { shopStoreToolFunctions } from "../../../lib/areas/shop";
import { repositoryRoot } from "../../../lib/repository-root";

type ToolHandler = (event: unknown, context: ReturnType<typeof createLambdaContext>) => Promise<unknown>;

describe("the shop area's store tool Lambdas", () => {
  it.each(shopStoreToolFunctions.map((fn) => [fn.id, fn] as const))(
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
    expect(shopStoreToolFunctions.filter((fn) => !fn.needs.includes("store")).map((fn) => fn.id)).toEqual([]);
  });
});

describe("the store tool Lambdas' cold start", () => {
  // Each import is a fresh cold start: no module (nor its parsed config) survives from another test.
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  const importEntry = (entry: string) => import(pathToFileURL(resolve(repositoryRoot, entry)).href);

  it.each(shopStoreToolFunctions.map((fn) => [fn.id, fn.entry] as const))(
    "%s fails at cold start in Lambda naming STORE_URL when it is missing, instead of driving 127.0.0.1",
    async (id, entry) => {
      vi.stubEnv("AWS_LAMBDA_FUNCTION_NAME", `Larder-test-${id}`);
      vi.stubEnv("STORE_URL", undefined);
      const error: unknown = await importEntry(entry).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      // The entry loads its own copy of the errors module (modules are reset): match by shape.
      expect(error).toMatchObject({
        name: "ConfigError",
        message: expect.stringContaining("STORE_URL is missing"),
        details: { variables: ["STORE_URL"] },
      });
    },
  );

  it.each(shopStoreToolFunctions.map((fn) => [fn.id, fn.entry, fn.handler] as const))(
    "%s loads in Lambda when STORE_URL is set",
    async (id, entry, handler) => {
      vi.stubEnv("AWS_LAMBDA_FUNCTION_NAME", `Larder-test-${id}`);
      vi.stubEnv("STORE_URL", "https://www.auchan.pt");
      const module = (await importEntry(entry)) as Record<string, unknown>;
      expect(typeof module[handler]).toBe("function");
    },
  );
});
