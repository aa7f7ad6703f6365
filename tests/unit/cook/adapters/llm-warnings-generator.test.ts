import { describe, expect, it } from "vitest";
import { createLlmWarningsGenerator } from "../../../../functions/cook/adapters/llm-warnings-generator";
import {
  GeneratedWarningsSchema,
  type PatchOp,
  type Recipe,
  WARNINGS_SCHEMA_NAME,
  type WarningsInput,
} from "../../../../functions/cook/domain";
import { isLlmFailure, LlmOutputInvalid, LlmRateLimited } from "../../../../functions/core/llm";
import { createFakeLlm, type FakeLlmCall } from "../../../support/llm/fake-llm";

const base: Recipe = {
  recipe_id: "123456",
  name: "Chicken Stir Fry",
  servings: 4,
  ingredients_raw: ["500 g chicken thighs", "2 cups white rice", "2 tbsp soy sauce"],
  steps: ["Stir-fry the chicken until browned.", "Serve over the rice."],
};

const tofuOp: PatchOp = {
  op: "replace_ingredient",
  target_index: 0,
  target_name: "chicken",
  replacement: { name: "firm tofu", quantity: "400 g" },
  acknowledged: false,
  reason: "user_request",
};

const input: WarningsInput = {
  base,
  ops: [tofuOp],
  compiled: {
    id: "variant:snap_1:2025-01-03:dinner",
    name: "Chicken Stir Fry (modified)",
    servings: 4,
    ingredients_raw: ["400 g firm tofu", "2 cups white rice", "2 tbsp soy sauce"],
    steps: base.steps,
  },
};

const structuredCall = (call: FakeLlmCall | undefined) => {
  if (call?.kind !== "structured") throw new Error("expected one structured LLM call");
  return call.request;
};

const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail, but it succeeded");
};

describe("createLlmWarningsGenerator", () => {
  it("asks for generate_warnings with the domain's schema on the fast model", async () => {
    const llm = createFakeLlm().onStructured(WARNINGS_SCHEMA_NAME, { warnings: [] });
    await createLlmWarningsGenerator(llm)(input);

    const request = structuredCall(llm.calls[0]);
    expect(request.schemaName).toBe("generate_warnings");
    expect(request.schema).toBe(GeneratedWarningsSchema);
    expect(request.model).toBe("fast");
  });

  it("asks for at most 3 short warnings and never precise times or temperatures", async () => {
    const llm = createFakeLlm().onStructured(WARNINGS_SCHEMA_NAME, { warnings: [] });
    await createLlmWarningsGenerator(llm)(input);

    const { system } = structuredCall(llm.calls[0]);
    expect(system).toContain("At most 3 warnings");
    expect(system).toContain("Never state precise times or temperatures");
  });

  it("shows the model the base and modified ingredients, the steps and the ops, as delimited data", async () => {
    const llm = createFakeLlm().onStructured(WARNINGS_SCHEMA_NAME, { warnings: [] });
    await createLlmWarningsGenerator(llm)(input);

    const message = structuredCall(llm.calls[0]).messages[0];
    if (message?.role !== "user") throw new Error("expected a user message");
    for (const tag of ["base_recipe", "modified_recipe", "changes"]) {
      expect(message.content).toContain(`<${tag}>`);
      expect(message.content).toContain(`</${tag}>`);
    }
    for (const line of [...base.ingredients_raw, ...input.compiled.ingredients_raw, ...base.steps]) {
      expect(message.content).toContain(line);
    }
    expect(message.content).toContain(JSON.stringify(tofuOp));
  });

  it("returns the model's warnings as it wrote them (the domain strips and caps them later)", async () => {
    const warnings = ["Press the tofu dry so it browns.", "Tofu needs less time in the wok than chicken."];
    const llm = createFakeLlm().onStructured(WARNINGS_SCHEMA_NAME, { warnings });
    expect(await createLlmWarningsGenerator(llm)(input)).toEqual(warnings);
  });

  it("lets a rate-limited model's error propagate as an LLM failure", async () => {
    const limited = new LlmRateLimited("slow down");
    const llm = createFakeLlm().onStructured(WARNINGS_SCHEMA_NAME, limited);
    const error = await rejectionOf(createLlmWarningsGenerator(llm)(input));
    expect(error).toBe(limited);
    expect(isLlmFailure(error)).toBe(true);
  });

  it("lets output that is not a list of strings propagate as LlmOutputInvalid", async () => {
    const llm = createFakeLlm().onStructured(WARNINGS_SCHEMA_NAME, { warnings: "cook it less" });
    expect(await rejectionOf(createLlmWarningsGenerator(llm)(input))).toBeInstanceOf(LlmOutputInvalid);
  });
});
