import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLambdaContext } from "../../../dev/lambda-context";
import { ValidationError } from "../../../functions/core/errors";
import { shopCoordinatorFunctions } from "../../../lib/areas/shop";
import { repositoryRoot } from "../../../lib/repository-root";
import { scaledTimeout } from "../../support/test-timeouts";

type StepHandler = (event: unknown, context: ReturnType<typeof createLambdaContext>) => Promise<unknown>;

// The table steps read TABLE_NAME at cold start; no call below reaches the table, the store or a model.
const saved = { TABLE_NAME: process.env.TABLE_NAME, LLM_PROVIDER: process.env.LLM_PROVIDER };
beforeAll(() => {
  process.env.TABLE_NAME = "coordinator-step-events-unused";
  process.env.LLM_PROVIDER = "none";
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("the coordinator's step Lambdas", () => {
  it.each(shopCoordinatorFunctions.map((fn) => [fn.id, fn.entry, fn.handler] as const))(
    "%s refuses an event that is not its state's input, naming the missing field, before any I/O",
    async (id, entry, handlerName) => {
      const module = (await import(pathToFileURL(resolve(repositoryRoot, entry)).href)) as Record<
        string,
        StepHandler
      >;
      const handler = module[handlerName];
      if (!handler) throw new Error(`${entry} exports no ${handlerName}`);
      const error = await handler({ unexpected: true }, createLambdaContext(id, 30)).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.length).toBeGreaterThan(0);
    },
    // The first import in the file is a cold start of the area's modules (seconds on a loaded machine).
    scaledTimeout(30_000),
  );

  it("are one Lambda per step, each needing only what it uses", () => {
    const needs = Object.fromEntries(shopCoordinatorFunctions.map((fn) => [fn.id, [...fn.needs].sort()]));
    expect(needs).toMatchObject({
      ShopGenerateQueries: ["llm"],
      ShopRankCandidates: ["llm"],
      ShopSearchCandidates: ["store"],
      ShopRecordItem: ["table"],
      ShopSaveRun: ["table"],
    });
  });
});
