import { describe, expect, it } from "vitest";
import { createLlmPatchOpsGenerator } from "../../../functions/cook/adapters/llm-patch-ops-generator";
import { namedMealsOf } from "../../../functions/cook/domain/kitchen-chat/named-meals";
import { createVariantFromInstruction } from "../../../functions/cook/domain/use-cases/create-variant-from-instruction";
import {
  createKitchenDeps,
  FRIDAY_DINNER,
  MONDAY_DINNER,
  PLAN_ID,
  SATURDAY_DINNER,
  storedMeal,
} from "../../support/cook/kitchen-plan";
import { runKitchenChatOnModel } from "../../support/cook/run-kitchen-chat-on-model";
import {
  call,
  createRealisticFakeLlm,
  type RealisticHandler,
  refusal,
} from "../../support/llm/realistic-fake-llm";

// The kitchen chat and its variants against a model that answers as real models do: each test here failed
// on main (the assertion message is in the commit that fixed it).

/** Friday's dinner (the stir fry: [0] chicken, [1] soy sauce, [2] white rice, [3] rice vinegar, [4] garlic). */
const editFridayDinner = (instruction: string, generate: RealisticHandler) =>
  editMeal(FRIDAY_DINNER, instruction, generate);

const editMeal = async (
  address: { date: string; meal_type: "lunch" | "dinner" },
  instruction: string,
  generate: RealisticHandler,
) => {
  const llm = createRealisticFakeLlm({ generate_patch_ops: generate });
  const deps = await createKitchenDeps({ overrides: { patchOpsGenerator: createLlmPatchOpsGenerator(llm) } });
  const outcome = await createVariantFromInstruction(deps, {
    snapshot_id: PLAN_ID,
    ...address,
    instruction,
  }).catch((error: unknown) => ({ error }));
  return { llm, deps, outcome, meal: await storedMeal(deps, address) };
};

const TOFU = {
  op: "replace_ingredient",
  target_index: 0,
  target_name: "chicken thighs",
  replacement: { name: "firm tofu", quantity: "500 g" },
};

describe("recipe variants from a realistic model's patch ops", () => {
  // Off by one: index 3 is the rice vinegar, whose line contains "rice" too; "2 cups white rice" is the rice.
  const offByOne = () =>
    call("generate_patch_ops", {
      ops: [
        {
          op: "replace_ingredient",
          target_index: 3,
          target_name: "rice",
          replacement: { name: "quinoa", quantity: "2 cups" },
        },
      ],
    });

  it("an op whose name picks another line than its index is not applied to the index's line", async () => {
    const { meal } = await editFridayDinner("swap the rice for quinoa", offByOne);
    // The instruction is plain enough for the offline parser, whose ops then serve.
    expect(meal?.variant?.compiled_recipe.ingredients_raw.slice(2, 4)).toEqual([
      "2 cups quinoa",
      "1 tbsp rice vinegar",
    ]);
  });

  it("when nothing else reads the instruction, that op is refused naming both lines", async () => {
    const { meal, outcome } = await editFridayDinner("the rice one -> quinoa pls", offByOne);
    expect(meal?.variant).toBeUndefined();
    expect(outcome).toMatchObject({ error: { code: "patch_invalid" } });
    expect(JSON.stringify(outcome)).toContain('names ingredient 2 (\\"2 cups white rice\\")');
  });

  it("a target_name that is the line's food in other words (a plural) is read as the line says it", async () => {
    const { meal, outcome } = await editMeal(SATURDAY_DINNER, "as cebolas -> alho francês", () =>
      call("generate_patch_ops", {
        ops: [
          {
            op: "replace_ingredient",
            target_index: 2,
            target_name: "cebolas",
            replacement: { name: "alho francês", quantity: "1" },
          },
        ],
      }),
    );
    expect(outcome).not.toHaveProperty("error");
    expect(meal?.variant?.compiled_recipe.ingredients_raw[2]).toBe("1 alho francês");
  });

  it("op names in another case or spelling and numbers as strings are read (as seed 001's pydantic reads them)", async () => {
    const { meal, llm } = await editFridayDinner("make it for a family of six", () =>
      call("generate_patch_ops", { ops: [{ op: "Scale Servings", scale_factor: "1.5" }] }),
    );
    expect(llm.requests).toHaveLength(1);
    expect(meal?.variant?.compiled_recipe.servings).toBe(6);
  });

  it("a scale factor that is the number of people ('for 6 people' sent as 6) is the instruction's factor", async () => {
    const { meal } = await editFridayDinner("make it for 6 people", () =>
      call("generate_patch_ops", { ops: [{ op: "scale_servings", scale_factor: 6 }] }),
    );
    expect(meal?.variant?.compiled_recipe.servings).toBe(6);
    expect(meal?.variant?.patch_ops).toMatchObject([{ op: "scale_servings", scale_factor: 1.5 }]);
  });

  it("a replacement written as one line, a quantity as a number and an added ingredient as { name, quantity } are read", async () => {
    const { meal, llm, outcome } = await editFridayDinner(
      "tofu in lieu of the chicken, more garlic and some oil",
      () =>
        call("generate_patch_ops", {
          ops: [
            {
              op: "replace_ingredient",
              target_index: 0,
              target_name: "chicken",
              replacement: "500 g firm tofu",
            },
            {
              op: "replace_ingredient",
              target_index: 4,
              target_name: "garlic",
              replacement: { name: "cloves garlic, minced", quantity: 5 },
            },
            { op: "add_ingredient", new_ingredient: { name: "sesame oil", quantity: "1 tbsp" } },
          ],
        }),
    );
    expect(outcome).not.toHaveProperty("error");
    expect(llm.requests).toHaveLength(1);
    expect(meal?.variant?.compiled_recipe.ingredients_raw).toEqual([
      "500 g firm tofu",
      "2 tbsp soy sauce",
      "2 cups white rice",
      "1 tbsp rice vinegar",
      "5 cloves garlic, minced",
      "1 tbsp sesame oil",
    ]);
  });

  it("yes/no sent as text ('true', 'false') is read as pydantic reads it", async () => {
    const { meal, llm } = await editFridayDinner("no garlic for me, I can't stand it", () =>
      call("generate_patch_ops", {
        ops: [{ op: "remove_ingredient", target_index: 4, target_name: "garlic", acknowledged: "true" }],
        needs_clarification: "false",
      }),
    );
    expect(llm.requests).toHaveLength(1);
    expect(meal?.variant?.compiled_recipe.ingredients_raw).not.toContain("3 cloves garlic, minced");
  });

  it("ops: null with a question is the question; one op without its list is that op", async () => {
    const asked = await editFridayDinner("the rice one -> quinoa pls", () =>
      call("generate_patch_ops", {
        ops: null,
        needs_clarification: true,
        clarification_message: "White rice or rice vinegar?",
      }),
    );
    expect(asked.llm.requests).toHaveLength(1);
    expect(asked.outcome).toEqual({
      needs_clarification: true,
      clarification_message: "White rice or rice vinegar?",
    });
    const single = await editFridayDinner("tofu in lieu of the chicken, thanks", () =>
      call("generate_patch_ops", { ops: { ...TOFU, op: "Replace" } }),
    );
    expect(single.llm.requests).toHaveLength(1);
    expect(single.meal?.variant?.compiled_recipe.ingredients_raw[0]).toBe("500 g firm tofu");
  });

  it("the same op twice is one op, not a refused conflict", async () => {
    const { meal, outcome } = await editFridayDinner("tofu in lieu of the chicken, thanks", () =>
      call("generate_patch_ops", { ops: [TOFU, { ...TOFU }] }),
    );
    expect(outcome).not.toHaveProperty("error");
    expect(meal?.variant?.compiled_recipe.ingredients_raw[0]).toBe("500 g firm tofu");
  });
});

describe("the kitchen chat with a realistic model", () => {
  it("a model saying it made a change that no tool made: the answer says nothing changed", async () => {
    const llm = createRealisticFakeLlm({
      turn: ({ attempt }) =>
        attempt === 1
          ? call("modify_recipe", { date: "next Friday", meal_type: "dinner", instruction: "use tofu" })
          : refusal("Done! Friday's dinner now uses tofu instead of chicken."),
    });
    const deps = await createKitchenDeps();
    const result = await runKitchenChatOnModel(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "Swap the chicken for tofu on Friday's dinner" },
    );
    expect((await storedMeal(deps, FRIDAY_DINNER))?.variant).toBeUndefined();
    expect(result.response).toMatch(/no change/i);
  });

  it.each(["Swap the chicken for tofu on Friday's dinner", "Swap the chicken for tofu"])(
    "a model that only says it made the change (%s): the answer says nothing changed",
    async (message) => {
      const llm = createRealisticFakeLlm({
        turn: () => refusal("Done! I swapped the chicken for tofu."),
      });
      const deps = await createKitchenDeps();
      const result = await runKitchenChatOnModel({ cook: deps, llm }, { snapshot_id: PLAN_ID, message });
      expect(result.tool_calls).toEqual([]);
      expect(result.response).toMatch(/no change/i);
    },
  );

  it("a model answering a question in words gets no note", async () => {
    const llm = createRealisticFakeLlm({ turn: () => refusal("Friday's dinner is the chicken stir fry.") });
    const deps = await createKitchenDeps();
    const result = await runKitchenChatOnModel(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "What's for dinner on Friday?" },
    );
    expect(result.response).toBe("Friday's dinner is the chicken stir fry.");
  });

  it.each([
    ["Friday", "Dinner"],
    ["Fri", "DINNER"],
    ["Sexta-feira", "jantar"],
    ["2025-01-03T00:00:00Z", "dinner"],
  ])("a meal addressed as %s / %s is the plan's Friday dinner", async (date, mealType) => {
    const llm = createRealisticFakeLlm({
      turn: ({ attempt }) =>
        attempt === 1
          ? call("modify_recipe", { date, meal_type: mealType, instruction: "replace the chicken with tofu" })
          : refusal("Friday's dinner now uses tofu."),
    });
    const deps = await createKitchenDeps();
    const result = await runKitchenChatOnModel(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "Swap the chicken for tofu on Friday's dinner" },
    );
    expect(result.tool_calls.map((c) => c.ok)).toEqual([true]);
    expect((await storedMeal(deps, FRIDAY_DINNER))?.variant?.compiled_recipe.ingredients_raw[0]).toContain(
      "tofu",
    );
  });

  it("a weekday the plan does not have goes back to the model naming the plan's dates, and nothing changes", async () => {
    const llm = createRealisticFakeLlm({
      turn: ({ attempt }) =>
        attempt === 1
          ? call("modify_recipe", { date: "Sunday", meal_type: "dinner", instruction: "use tofu" })
          : refusal("There is no Sunday in this plan."),
    });
    const deps = await createKitchenDeps();
    const result = await runKitchenChatOnModel(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "Swap the chicken for tofu on Sunday" },
    );
    expect(JSON.stringify(llm.requests[1]?.request.messages)).toContain("2025-01-03 (Friday)");
    expect(result.tool_calls.map((c) => c.ok)).toEqual([false]);
    expect(result.snapshot.planned_meals.every((meal) => meal.variant === undefined)).toBe(true);
  });

  it("an undo the model applies to another meal than the one the user named is refused, and the answer says nothing changed", async () => {
    const deps = await createKitchenDeps();
    for (const meal of [FRIDAY_DINNER, MONDAY_DINNER]) {
      await createVariantFromInstruction(deps, {
        snapshot_id: PLAN_ID,
        ...meal,
        instruction: "replace the chicken with tofu",
      });
    }
    const llm = createRealisticFakeLlm({
      turn: ({ attempt }) =>
        attempt === 1
          ? call("clear_variant", FRIDAY_DINNER)
          : refusal("Done: Monday's dinner is back to the original stir fry."),
    });
    const result = await runKitchenChatOnModel(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "Undo the changes on Monday" },
    );
    expect((await storedMeal(deps, FRIDAY_DINNER))?.variant).toBeDefined();
    expect(result.tool_calls).toMatchObject([{ name: "clear_variant", ok: false }]);
    expect(JSON.stringify(llm.requests[1]?.request.messages)).toContain("The user's message names Monday");
    expect(result.response).toMatch(/no change/i);
  });

  it("a message holding two meal types' words names no meal type, so the model's reading stands", () => {
    expect(namedMealsOf("replace the breakfast sausage with bacon on Friday dinner")).toEqual({
      days: [{ kind: "weekday", weekday: 5 }],
      mealType: null,
    });
    expect(namedMealsOf("tira a cebola ao jantar de sexta")?.mealType).toBe("dinner");
  });
});
