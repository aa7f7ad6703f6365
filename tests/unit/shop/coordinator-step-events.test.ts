import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLambdaContext } from "../../../dev/lambda-context";
import { ValidationError } from "../../../functions/core/errors";
import { SHOP_MODEL_STEPS } from "../../../functions/shop/wiring/shop-model-steps";
import { SHOP_STORE_STEPS } from "../../../functions/shop/wiring/shop-store-steps";
import { SHOP_TABLE_STEPS } from "../../../functions/shop/wiring/shop-table-steps";
import { allWorkflows } from "../../../lib/areas";
import { shopArea, shopCoordinatorFunctions } from "../../../lib/areas/shop";
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

  it("are each declared once, in the step table of their scope kind, with the Lambda's needs to match", () => {
    const steps = { ...SHOP_TABLE_STEPS, ...SHOP_MODEL_STEPS, ...SHOP_STORE_STEPS };
    const functions = shopArea.functions.filter((fn) => fn.id !== "ShopApi");
    expect(Object.keys(steps).sort()).toEqual(functions.map((fn) => fn.id).sort());
    for (const fn of functions) {
      const step = steps[fn.id as keyof typeof steps];
      // One name per step: the function is its state's name after `Shop`, the entry file that name in
      // kebab case (ShopRecordItemFailure, RecordItemFailure → record-item-failure-step.ts).
      expect(fn.id).toBe(`Shop${step.name}`);
      const kebab = step.name.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase();
      expect(fn.entry).toBe(`functions/shop/entries/${kebab}-step.ts`);
      expect(
        existsSync(resolve(repositoryRoot, `functions/shop/domain/use-cases/${kebab}-step.ts`)),
        fn.id,
      ).toBe(true);
      const scopeNeed = { table: "table", model: "llm", store: "store" }[step.scope];
      expect(fn.needs, fn.id).toContain(scopeNeed);
      if (step.scope === "table") expect(fn.needs, fn.id).not.toContain("llm");
    }
  });

  it("are the Task states of the shop workflows, under the state names the table gives them", () => {
    const steps: Record<string, { name: string }> = {
      ...SHOP_TABLE_STEPS,
      ...SHOP_MODEL_STEPS,
      ...SHOP_STORE_STEPS,
    };
    type States = Record<string, { Type: string; Resource?: string; ItemProcessor?: { States: States } }>;
    const tasks = (states: States): [string, string][] =>
      Object.entries(states).flatMap(([name, state]) => [
        ...(state.Type === "Task" && state.Resource?.startsWith("${")
          ? [[name, state.Resource] as [string, string]]
          : []),
        ...(state.ItemProcessor ? tasks(state.ItemProcessor.States) : []),
      ]);
    const named: Record<string, string> = {};
    for (const workflow of allWorkflows().filter((w) => w.name.startsWith("shop-"))) {
      const asl = JSON.parse(readFileSync(resolve(repositoryRoot, workflow.file), "utf8")) as {
        States: States;
      };
      for (const [state, resource] of tasks(asl.States)) {
        const id = workflow.functionSubstitutions[resource.slice(2, -1)];
        if (id) named[id] = state;
      }
    }
    expect(Object.keys(named).sort()).toEqual(Object.keys(steps).sort());
    for (const [id, state] of Object.entries(named)) expect(steps[id]?.name, id).toBe(state);
  });
});
