import { describe, expect, it } from "vitest";
import { createSnapshot, createVariantFromOps } from "../../../../../functions/cook/domain";
import { createUnavailableLlm } from "../../../../../functions/core/llm/unavailable-llm";
import type { CookTestDeps } from "../../../../support/cook/cook-test-deps";
import {
  createKitchenDeps,
  FRIDAY_DINNER,
  FRIDAY_LUNCH,
  MONDAY_DINNER,
  PLAN_ID,
  SATURDAY_DINNER,
  stirFry,
  storedMeal,
  TUESDAY_DINNER,
} from "../../../../support/cook/kitchen-plan";
import { runKitchenChatOnModel as runKitchenChat } from "../../../../support/cook/run-kitchen-chat-on-model";

/** LLM_PROVIDER=none: every model call fails with llm_not_configured. */
const chatOffline = (deps: CookTestDeps, message: string) =>
  runKitchenChat(
    { cook: deps, llm: createUnavailableLlm("LLM_PROVIDER=none") },
    { snapshot_id: PLAN_ID, message },
  );

const REPLACE_CHICKEN = {
  op: "replace_ingredient",
  target_index: 0,
  target_name: "chicken",
  replacement: { name: "tofu", quantity: "400 g" },
} as const;

describe("runKitchenChat offline (no model)", () => {
  it('"swap the chicken for tofu on Friday" picks Friday\'s dinner (the lunch has no chicken) and creates the variant', async () => {
    const deps = await createKitchenDeps();

    const result = await chatOffline(deps, "Swap the chicken for tofu on Friday");

    expect(result.status).toBe("offline");
    expect(result.tool_calls).toEqual([
      {
        name: "modify_recipe",
        arguments: { ...FRIDAY_DINNER, instruction: "swap the chicken for tofu" },
        ok: true,
        summary: expect.stringContaining("Friday 2025-01-03 dinner"),
      },
    ]);
    expect((await storedMeal(deps, FRIDAY_DINNER))?.variant?.compiled_recipe.ingredients_raw[0]).toBe(
      "500 g tofu",
    );
    expect(await storedMeal(deps, FRIDAY_LUNCH)).not.toHaveProperty("variant");
    expect(result.response).toMatch(/^Done: Friday 2025-01-03 dinner \(Chicken Stir Fry\) is modified/);
    expect(result.snapshot.planned_meals.filter((meal) => meal.modified)).toHaveLength(1);
  });

  it('"remove modifications on Friday" clears the one modified meal of that day', async () => {
    const deps = await createKitchenDeps();
    await chatOffline(deps, "swap the chicken for tofu on Friday");

    const result = await chatOffline(deps, "Remove modifications on Friday");

    expect(result.tool_calls).toEqual([
      { name: "clear_variant", arguments: FRIDAY_DINNER, ok: true, summary: expect.any(String) },
    ]);
    expect((await storedMeal(deps, FRIDAY_DINNER))?.variant).toBeUndefined();
    expect(result.response).toContain("back to its original recipe");
    expect(result.snapshot.planned_meals.some((meal) => meal.modified)).toBe(false);
  });

  it('"undo changes" without a day clears the only modified meal of the plan', async () => {
    const deps = await createKitchenDeps();
    await createVariantFromOps(deps, { snapshot_id: PLAN_ID, ...MONDAY_DINNER, ops: [REPLACE_CHICKEN] });

    const result = await chatOffline(deps, "undo changes");

    expect(result.tool_calls.map((call) => call.arguments)).toEqual([MONDAY_DINNER]);
    expect((await storedMeal(deps, MONDAY_DINNER))?.variant).toBeUndefined();
  });

  it("asks which meal to reset when several are modified and the message does not say, clearing nothing", async () => {
    const deps = await createKitchenDeps();
    await createVariantFromOps(deps, { snapshot_id: PLAN_ID, ...MONDAY_DINNER, ops: [REPLACE_CHICKEN] });
    await createVariantFromOps(deps, { snapshot_id: PLAN_ID, ...FRIDAY_DINNER, ops: [REPLACE_CHICKEN] });

    const result = await chatOffline(deps, "clear variant");

    expect(result.tool_calls).toEqual([]);
    expect(result.response).toContain("Which one");
    expect(result.response).toContain("Monday 2025-01-06 dinner");
    expect(result.response).toContain("Friday 2025-01-03 dinner");
    expect(result.snapshot.planned_meals.filter((meal) => meal.modified)).toHaveLength(2);
  });

  it("says there is nothing to undo when the day's meals are unmodified, without writing", async () => {
    const deps = await createKitchenDeps();
    const result = await chatOffline(deps, "remove modifications on Tuesday");
    expect(result.tool_calls).toEqual([]);
    expect(result.response).toBe("No meal on Tuesday has modifications.");
    expect(deps.plans.savedMeals).toEqual([]);
  });

  it('handles "use Y instead of X on <day> <meal>" and "double it on <day>"', async () => {
    const deps = await createKitchenDeps();

    const swapped = await chatOffline(deps, "use tofu instead of chicken on Monday dinner");
    const doubled = await chatOffline(deps, "double it on Tuesday");

    expect(swapped.tool_calls[0]?.arguments).toEqual({
      ...MONDAY_DINNER,
      instruction: "use tofu instead of chicken",
    });
    expect((await storedMeal(deps, MONDAY_DINNER))?.variant?.compiled_recipe.ingredients_raw[0]).toBe(
      "500 g tofu",
    );
    expect(doubled.tool_calls[0]?.arguments).toEqual({ ...TUESDAY_DINNER, instruction: "double it" });
    expect((await storedMeal(deps, TUESDAY_DINNER))?.variant?.compiled_recipe.ingredients_raw[0]).toBe(
      "500 g red lentils",
    );
  });

  it("understands Portuguese: a swap on sábado, then undoing it, answered in Portuguese", async () => {
    const deps = await createKitchenDeps();

    const swapped = await chatOffline(deps, "troca o frango por tofu no sábado");
    expect(swapped.tool_calls[0]).toMatchObject({
      name: "modify_recipe",
      arguments: { ...SATURDAY_DINNER, instruction: "troca o frango por tofu" },
      ok: true,
    });
    expect((await storedMeal(deps, SATURDAY_DINNER))?.variant?.compiled_recipe.ingredients_raw[0]).toBe(
      "600 g tofu",
    );
    expect(swapped.response).toMatch(/^Feito: sábado 2025-01-04, jantar/);

    const undone = await chatOffline(deps, "Remove as alterações no sábado ao jantar");
    expect(undone.tool_calls[0]).toMatchObject({
      name: "clear_variant",
      arguments: SATURDAY_DINNER,
      ok: true,
    });
    expect(undone.response).toContain("voltou à receita original");
    expect((await storedMeal(deps, SATURDAY_DINNER))?.variant).toBeUndefined();
  });

  it('"desfaz" on a Portuguese weekday clears that meal', async () => {
    const deps = await createKitchenDeps();
    await createVariantFromOps(deps, { snapshot_id: PLAN_ID, ...FRIDAY_DINNER, ops: [REPLACE_CHICKEN] });

    const result = await chatOffline(deps, "desfaz na sexta-feira ao jantar");

    expect(result.tool_calls.map((call) => [call.name, call.arguments])).toEqual([
      ["clear_variant", FRIDAY_DINNER],
    ]);
    expect((await storedMeal(deps, FRIDAY_DINNER))?.variant).toBeUndefined();
  });

  it("asks which meal when the day has several and the instruction fits more than one, writing nothing", async () => {
    const deps = await createKitchenDeps();

    const result = await chatOffline(deps, "double it on Friday");

    expect(result.tool_calls).toEqual([]);
    expect(result.response).toContain("more than one meal on Friday");
    expect(result.response).toContain("lunch (Red Lentil Soup)");
    expect(result.response).toContain("dinner (Chicken Stir Fry)");
    expect(deps.plans.savedMeals).toEqual([]);
  });

  it("passes on the recipe's clarification question (an ingredient the recipe lacks) and writes nothing", async () => {
    const deps = await createKitchenDeps();

    const result = await chatOffline(deps, "swap the salmon for tofu on Friday dinner");

    expect(result.tool_calls).toEqual([expect.objectContaining({ name: "modify_recipe", ok: true })]);
    expect(result.response).toContain('I could not find "salmon"');
    expect(deps.plans.savedMeals).toEqual([]);
  });

  it("says so when the named day has no meal in the plan", async () => {
    const deps = await createKitchenDeps();
    const result = await chatOffline(deps, "double it on Wednesday");
    expect(result.tool_calls).toEqual([]);
    expect(result.response).toContain("There is no meal on Wednesday");
    expect(result.response).toContain("Tuesday 2025-01-07 dinner (Red Lentil Soup)");
  });

  it("answers an unknown message with what it can do and the plan's meals, in the user's language", async () => {
    const deps = await createKitchenDeps();

    const english = await chatOffline(deps, "What should I cook first?");
    const portuguese = await chatOffline(deps, "O que é o jantar de hoje?");

    expect(english.tool_calls).toEqual([]);
    expect(english.response).toContain('"swap the rice for quinoa on Friday"');
    expect(english.response).toContain("Friday 2025-01-03 dinner (Chicken Stir Fry)");
    expect(portuguese.response).toContain("O assistente não está disponível");
    expect(deps.plans.savedMeals).toEqual([]);
  });
});

describe("runKitchenChat offline, clearing several named days", () => {
  const WEEKEND_PLAN = "snap_fri_sun";
  const FRIDAY = { date: "2025-01-03", meal_type: "dinner" } as const;
  const SUNDAY = { date: "2025-01-05", meal_type: "dinner" } as const;

  /** Friday's and Sunday's dinners both modified (chicken swapped for tofu). */
  const weekendModified = async (): Promise<CookTestDeps> => {
    const deps = await createKitchenDeps();
    await createSnapshot(deps, {
      snapshot_id: WEEKEND_PLAN,
      planned_meals: [
        { ...FRIDAY, recipe_id: stirFry.recipe_id },
        { ...SUNDAY, recipe_id: stirFry.recipe_id },
      ],
    });
    for (const meal of [FRIDAY, SUNDAY]) {
      await createVariantFromOps(deps, { snapshot_id: WEEKEND_PLAN, ...meal, ops: [REPLACE_CHICKEN] });
    }
    return deps;
  };

  it.each([
    "remove modifications on Friday and Sunday",
    "remove modifications on Friday and on Sunday",
    "remove modifications Friday, Sunday",
    "remove as alterações na sexta e domingo",
  ])("%j clears both days' modifications and changes no recipe", async (message) => {
    const deps = await weekendModified();

    const result = await runKitchenChat(
      { cook: deps, llm: createUnavailableLlm("LLM_PROVIDER=none") },
      { snapshot_id: WEEKEND_PLAN, message },
    );

    expect(result.tool_calls.map((call) => [call.name, call.arguments, call.ok])).toEqual([
      ["clear_variant", FRIDAY, true],
      ["clear_variant", SUNDAY, true],
    ]);
    expect(result.snapshot.planned_meals.map((meal) => meal.modified)).toEqual([false, false]);
    for (const meal of [FRIDAY, SUNDAY]) {
      expect(
        (await deps.plans.getMeal(WEEKEND_PLAN, meal.date, meal.meal_type))?.meal.variant,
      ).toBeUndefined();
    }
  });
});
