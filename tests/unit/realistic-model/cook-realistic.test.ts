import { describe, expect, it } from "vitest";
import { createLlmPatchOpsGenerator } from "../../../functions/cook/adapters/llm-patch-ops-generator";
import { createVariantFromInstruction } from "../../../functions/cook/domain/use-cases/create-variant-from-instruction";
import { call, createRealisticFakeLlm, type RealisticHandler } from "../../support/llm/realistic-fake-llm";
import { createKitchenDeps, FRIDAY_DINNER, PLAN_ID, storedMeal } from "../kitchen-chat/support/kitchen-plan";

// The kitchen chat and its variants against a model that answers as real models do: each test here failed
// on main (the assertion message is in the commit that fixed it).

/** Friday's dinner (the stir fry: [0] chicken, [1] soy sauce, [2] white rice, [3] rice vinegar, [4] garlic). */
const editFridayDinner = async (instruction: string, generate: RealisticHandler) => {
  const llm = createRealisticFakeLlm({ generate_patch_ops: generate });
  const deps = await createKitchenDeps({ overrides: { patchOpsGenerator: createLlmPatchOpsGenerator(llm) } });
  const outcome = await createVariantFromInstruction(deps, {
    snapshot_id: PLAN_ID,
    ...FRIDAY_DINNER,
    instruction,
  }).catch((error: unknown) => ({ error }));
  return { llm, deps, outcome, meal: await storedMeal(deps, FRIDAY_DINNER) };
};

describe("recipe variants from a realistic model's patch ops", () => {
  it("op names in another case or spelling and numbers as strings are read (as seed 001's pydantic reads them)", async () => {
    const { meal, llm } = await editFridayDinner("make it for a family of six", () =>
      call("generate_patch_ops", { ops: [{ op: "Scale Servings", scale_factor: "1.5" }] }),
    );
    expect(llm.requests).toHaveLength(1);
    expect(meal?.variant?.compiled_recipe.servings).toBe(6);
  });
});
