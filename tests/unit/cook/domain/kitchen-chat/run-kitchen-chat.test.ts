import { describe, expect, it } from "vitest";
import { createOrReplaceRecipe, createVariantFromOps } from "../../../../../functions/cook/domain";
import { KitchenChatResponseSchema } from "../../../../../functions/cook/domain/kitchen-chat/kitchen-chat-schemas";
import { LlmOutputInvalid, LlmUnavailable } from "../../../../../functions/core/llm/llm-errors";
import type { LlmToolResult, TurnRequest } from "../../../../../functions/core/llm/llm-port";
import {
  createKitchenDeps,
  FRIDAY_DINNER,
  MONDAY_DINNER,
  OTHER_PLAN_ID,
  PLAN_ID,
  stirFry,
  storedMeal,
} from "../../../../support/cook/kitchen-plan";
import { runKitchenChatOnModel as runKitchenChat } from "../../../../support/cook/run-kitchen-chat-on-model";
import { createFakeLlm, type FakeLlm } from "../../../../support/llm/fake-llm";

const turnRequests = (llm: FakeLlm): TurnRequest[] =>
  llm.calls.flatMap((call) => (call.kind === "turn" ? [call.request] : []));

/** The tool results the model had been sent by the time of its latest turn. */
const toolResultsSeen = (llm: FakeLlm): LlmToolResult[] =>
  (turnRequests(llm).at(-1)?.messages ?? []).flatMap((m) => (m.role === "tool" ? m.results : []));

const REPLACE_CHICKEN = {
  op: "replace_ingredient",
  target_index: 0,
  target_name: "chicken",
  replacement: { name: "tofu", quantity: "400 g" },
} as const;

describe("runKitchenChat with a model", () => {
  it("swaps an ingredient by chat: get_plan, then modify_recipe on the Friday it found, creates the variant", async () => {
    const deps = await createKitchenDeps();
    let planSeen = "";
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "get_plan", arguments: {} }] },
      (request) => {
        planSeen = request.messages.flatMap((m) => (m.role === "tool" ? m.results : []))[0]?.content ?? "";
        return {
          toolCalls: [
            {
              name: "modify_recipe",
              arguments: { ...FRIDAY_DINNER, instruction: "replace the chicken with tofu" },
            },
          ],
        };
      },
      { text: "Friday's stir fry now uses tofu." },
    ]);

    const result = await runKitchenChat(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "Swap the chicken for tofu on Friday" },
    );

    expect(planSeen).toContain('"date":"2025-01-03","weekday":"Friday","meal_type":"dinner"');
    expect(planSeen).toContain('{"index":0,"line":"500 g chicken thighs, cut into strips"}');
    expect(result.status).toBe("completed");
    expect(result.response).toBe("Friday's stir fry now uses tofu.");
    expect(result.tool_calls.map((call) => [call.name, call.ok])).toEqual([
      ["get_plan", true],
      ["modify_recipe", true],
    ]);
    expect(result.tool_calls[1]?.arguments).toEqual({
      ...FRIDAY_DINNER,
      instruction: "replace the chicken with tofu",
    });
    expect(result.tool_calls[1]?.summary).toContain("tofu");
    const meal = await storedMeal(deps, FRIDAY_DINNER);
    expect(meal?.variant?.compiled_recipe.ingredients_raw[0]).toContain("tofu");
    const friday = result.snapshot.planned_meals.find(
      (m) => m.date === FRIDAY_DINNER.date && m.meal_type === "dinner",
    );
    expect(friday?.modified).toBe(true);
    expect(KitchenChatResponseSchema.safeParse(result).success).toBe(true);
  });

  it('"remove modifications" through the model calls clear_variant and the meal is back to its base recipe', async () => {
    const deps = await createKitchenDeps();
    await createVariantFromOps(deps, { snapshot_id: PLAN_ID, ...FRIDAY_DINNER, ops: [REPLACE_CHICKEN] });
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "clear_variant", arguments: FRIDAY_DINNER }] },
      { text: "Friday's dinner is back to the original recipe." },
    ]);

    const result = await runKitchenChat(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "Remove modifications on Friday dinner" },
    );

    expect(result.tool_calls).toEqual([
      {
        name: "clear_variant",
        arguments: FRIDAY_DINNER,
        ok: true,
        summary: "Friday 2025-01-03 dinner is back to its original recipe",
      },
    ]);
    expect((await storedMeal(deps, FRIDAY_DINNER))?.variant).toBeUndefined();
    expect(result.snapshot.planned_meals.every((meal) => !meal.modified)).toBe(true);
  });

  it("acts only on the request's snapshot: a snapshot id the model adds is refused and the other plan is untouched", async () => {
    const deps = await createKitchenDeps();
    await createVariantFromOps(deps, {
      snapshot_id: OTHER_PLAN_ID,
      ...FRIDAY_DINNER,
      ops: [REPLACE_CHICKEN],
    });
    const otherBefore = await deps.plans.getSnapshot(OTHER_PLAN_ID);
    const writesBefore = deps.plans.savedMeals.length;
    const llm = createFakeLlm().onTurn([
      {
        toolCalls: [
          { name: "clear_variant", arguments: { snapshot_id: OTHER_PLAN_ID, ...FRIDAY_DINNER } },
          {
            name: "modify_recipe",
            arguments: { snapshot_id: OTHER_PLAN_ID, ...FRIDAY_DINNER, instruction: "double it" },
          },
        ],
      },
      { text: "I can only change this plan." },
    ]);

    const result = await runKitchenChat(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "Undo snap_other" },
    );

    expect(result.tool_calls.map((call) => call.ok)).toEqual([false, false]);
    expect(result.tool_calls[0]?.summary).toContain("snapshot_id");
    expect(await deps.plans.getSnapshot(OTHER_PLAN_ID)).toEqual(otherBefore);
    expect(deps.plans.savedMeals.length).toBe(writesBefore);
    const offered = turnRequests(llm)[0]?.tools ?? [];
    expect(offered.map((tool) => tool.name)).toEqual(["get_plan", "modify_recipe", "clear_variant"]);
    for (const tool of offered)
      expect(Object.keys(tool.inputSchema.properties ?? {})).not.toContain("snapshot_id");
  });

  it("sends invalid tool arguments back to the model as an error naming the fields, and writes nothing", async () => {
    const deps = await createKitchenDeps();
    const llm = createFakeLlm().onTurn([
      {
        toolCalls: [
          { name: "modify_recipe", arguments: { date: "next week", meal_type: "brunch", instruction: "" } },
        ],
      },
      { text: "Which day do you mean?" },
    ]);

    const result = await runKitchenChat({ cook: deps, llm }, { snapshot_id: PLAN_ID, message: "swap it" });

    const [sent] = toolResultsSeen(llm);
    expect(sent?.isError).toBe(true);
    expect(sent?.content).toContain("Invalid arguments for modify_recipe");
    for (const field of ["date", "meal_type", "instruction"]) expect(sent?.content).toContain(field);
    expect(result.tool_calls[0]).toMatchObject({ name: "modify_recipe", ok: false });
    // The model tried a change and none was made: the answer says so after the model's question.
    expect(result.response).toBe("Which day do you mean?\n\nNo change was made to the plan.");
    expect(deps.plans.savedMeals).toEqual([]);
  });

  it("returns a meal that is not in the plan (404) to the model as an error result", async () => {
    const deps = await createKitchenDeps();
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "clear_variant", arguments: { date: "2025-01-03", meal_type: "snack" } }] },
      { text: "There is no snack on Friday." },
    ]);

    const result = await runKitchenChat(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "undo Friday's snack" },
    );

    expect(toolResultsSeen(llm)[0]?.content).toContain(
      "clear_variant failed: No snack planned on 2025-01-03",
    );
    expect(result.tool_calls[0]).toMatchObject({
      ok: false,
      summary: expect.stringContaining("No snack planned"),
    });
    expect(result.status).toBe("completed");
  });

  it("shows the model why a patch was refused (422 patch_invalid with the validator's reasons)", async () => {
    const deps = await createKitchenDeps({
      overrides: {
        // An unacknowledged removal that the offline parser cannot rescue for "make it vegan".
        patchOpsGenerator: async () => ({
          ops: [{ op: "remove_ingredient", target_index: 0, target_name: "chicken", acknowledged: false }],
        }),
      },
    });
    const llm = createFakeLlm().onTurn([
      {
        toolCalls: [{ name: "modify_recipe", arguments: { ...FRIDAY_DINNER, instruction: "make it vegan" } }],
      },
      { text: "I could not make it vegan." },
    ]);

    const result = await runKitchenChat(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "make Friday vegan" },
    );

    const content = toolResultsSeen(llm)[0]?.content ?? "";
    expect(content).toContain("modify_recipe failed: The requested change cannot be applied to this recipe:");
    expect(content).toContain("acknowledged");
    expect(result.tool_calls[0]?.ok).toBe(false);
    expect((await storedMeal(deps, FRIDAY_DINNER))?.variant).toBeUndefined();
  });

  it("tells the model a variant is outdated after its base recipe changed, with the stale ops' reasons", async () => {
    const deps = await createKitchenDeps();
    await createVariantFromOps(deps, { snapshot_id: PLAN_ID, ...FRIDAY_DINNER, ops: [REPLACE_CHICKEN] });
    await createOrReplaceRecipe(deps, {
      recipe_id: stirFry.recipe_id,
      body: { name: stirFry.name, ingredients_raw: stirFry.ingredients_raw.slice(1), steps: stirFry.steps },
    });
    const llm = createFakeLlm().onTurn([
      {
        toolCalls: [{ name: "modify_recipe", arguments: { ...FRIDAY_DINNER, instruction: "add 1 lime" } }],
      },
      { text: "That meal's changes no longer fit its recipe; shall I clear them?" },
    ]);

    const result = await runKitchenChat(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "add a lime on Friday" },
    );

    const content = toolResultsSeen(llm)[0]?.content ?? "";
    expect(content).toContain("no longer fits its base recipe stir-fry");
    expect(content).toContain("clear_variant");
    expect(content).toContain(
      'The earlier ops fail: op 0 (replace_ingredient): target_name "chicken" does not match',
    );
    expect(result.tool_calls[0]?.ok).toBe(false);
  });

  it("ends at the cap of 5 tool turns with a capped result and the model's final answer, not a throw", async () => {
    const deps = await createKitchenDeps();
    let turn = 0;
    const llm = createFakeLlm().onTurn((request) => {
      if (request.toolChoice === "none") return { text: "Here is what I found so far." };
      turn += 1;
      return { toolCalls: [{ name: "get_plan", arguments: { date: `2025-01-0${turn}` } }] };
    });

    const result = await runKitchenChat(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "look around" },
    );

    expect(result.status).toBe("capped");
    expect(result.tool_calls).toHaveLength(5);
    expect(result.response).toBe("Here is what I found so far.");
    expect(turnRequests(llm).filter((request) => request.toolChoice !== "none")).toHaveLength(5);
  });

  it('answers from the offline path when the deadline has already passed, never "ran out of time"', async () => {
    const deps = await createKitchenDeps();
    const llm = createFakeLlm().onTurn({ text: "never asked" });

    const result = await runKitchenChat(
      { cook: deps, llm, deadline: Date.now() - 1 },
      { snapshot_id: PLAN_ID, message: "swap the chicken for tofu on Friday" },
    );

    expect(result.status).toBe("offline");
    expect(result.response).toMatch(/^Done: Friday 2025-01-03 dinner/);
    expect(result.tool_calls.map((call) => [call.name, call.ok])).toEqual([["modify_recipe", true]]);
    expect((await storedMeal(deps, FRIDAY_DINNER))?.variant?.compiled_recipe.ingredients_raw[0]).toMatch(
      /tofu/,
    );
    expect(turnRequests(llm)).toEqual([]);
  });

  it('"remove modifications on Monday": a model that reads the plan and then hangs ends at the deadline, and the offline path clears Monday', async () => {
    const deps = await createKitchenDeps();
    await createVariantFromOps(deps, { snapshot_id: PLAN_ID, ...MONDAY_DINNER, ops: [REPLACE_CHICKEN] });
    // The second turn never answers on its own: only the deadline ends it.
    const hang = (request: TurnRequest) =>
      new Promise<never>((_resolve, reject) => {
        request.signal?.addEventListener("abort", () =>
          reject(new LlmUnavailable("aborted", { code: "llm_aborted" })),
        );
      });
    const llm = createFakeLlm().onTurn([{ toolCalls: [{ name: "get_plan", arguments: {} }] }, hang]);

    const result = await runKitchenChat(
      { cook: deps, llm, deadline: Date.now() + 1_000 },
      { snapshot_id: PLAN_ID, message: "remove modifications on Monday" },
    );

    expect(result.status).toBe("offline");
    expect(result.response).not.toMatch(/ran out of time/);
    expect(result.tool_calls.map((call) => [call.name, call.arguments])).toEqual([
      ["get_plan", {}],
      ["clear_variant", MONDAY_DINNER],
    ]);
    expect((await storedMeal(deps, MONDAY_DINNER))?.variant).toBeUndefined();
    expect(turnRequests(llm)).toHaveLength(2);
  });

  it("gives the model its instructions for one plan, with today's date", async () => {
    const deps = await createKitchenDeps();
    const llm = createFakeLlm().onTurn({ text: "Hello!" });

    await runKitchenChat({ cook: deps, llm }, { snapshot_id: PLAN_ID, message: "hi" });

    const system = turnRequests(llm)[0]?.system ?? "";
    expect(system).toContain("kitchen assistant for one meal plan");
    expect(system).toContain(`Today is ${deps.clock.now().toISOString().slice(0, 10)}`);
    expect(system).toContain("<tool_result>");
    // The request's messages array grows as the run goes on; the conversation starts with the user's message.
    expect(turnRequests(llm)[0]?.messages[0]).toEqual({ role: "user", content: "hi" });
  });

  it("does not repeat the model's change offline when the model fails after changing the plan", async () => {
    const deps = await createKitchenDeps();
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "modify_recipe", arguments: { ...FRIDAY_DINNER, instruction: "double it" } }] },
      new LlmUnavailable("provider down", { code: "llm_connection" }),
    ]);

    const result = await runKitchenChat(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "double it on Friday dinner" },
    );

    expect(result.status).toBe("offline");
    expect(result.tool_calls.map((call) => [call.name, call.ok])).toEqual([["modify_recipe", true]]);
    expect(result.response).toContain("scaled quantities ×2");
    expect(deps.plans.savedMeals).toHaveLength(1);
  });

  it("reports the changes made when the model ends without words", async () => {
    const deps = await createKitchenDeps();
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "modify_recipe", arguments: { ...FRIDAY_DINNER, instruction: "double it" } }] },
      { text: "" },
    ]);

    const result = await runKitchenChat(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "double Friday dinner" },
    );

    expect(result.status).toBe("completed");
    expect(result.response).toBe(
      "Done so far: Friday 2025-01-03 dinner is now Chicken Stir Fry (modified): scaled quantities ×2.",
    );
  });

  it("answers offline when the model fails after a call that changed nothing", async () => {
    const deps = await createKitchenDeps();
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "get_plan", arguments: {} }] },
      new LlmUnavailable("provider down", { code: "llm_connection" }),
    ]);

    const result = await runKitchenChat(
      { cook: deps, llm },
      { snapshot_id: PLAN_ID, message: "swap the chicken for tofu on Friday" },
    );

    expect(result.status).toBe("offline");
    expect(result.tool_calls.map((call) => [call.name, call.ok])).toEqual([
      ["get_plan", true],
      ["modify_recipe", true],
    ]);
    expect((await storedMeal(deps, FRIDAY_DINNER))?.variant?.compiled_recipe.ingredients_raw[0]).toBe(
      "500 g tofu",
    );
  });

  it("answers offline when the model's output is invalid (any LLM failure), and rethrows other errors", async () => {
    const deps = await createKitchenDeps();
    const invalid = createFakeLlm().onTurn(new LlmOutputInvalid("bad output", []));
    const offline = await runKitchenChat(
      { cook: deps, llm: invalid },
      { snapshot_id: PLAN_ID, message: "swap the chicken for tofu on Friday" },
    );
    expect(offline.status).toBe("offline");
    expect(offline.tool_calls[0]).toMatchObject({ name: "modify_recipe", ok: true });

    const broken = createFakeLlm().onTurn(new TypeError("bug"));
    await expect(
      runKitchenChat({ cook: deps, llm: broken }, { snapshot_id: PLAN_ID, message: "hi" }),
    ).rejects.toThrow(TypeError);
  });

  it("answers 404 for an unknown snapshot and 400 for an empty message, before asking the model", async () => {
    const deps = await createKitchenDeps();
    const llm = createFakeLlm().onTurn({ text: "unused" });
    await expect(
      runKitchenChat({ cook: deps, llm }, { snapshot_id: "snap_missing", message: "hi" }),
    ).rejects.toMatchObject({ category: "not_found" });
    await expect(
      runKitchenChat({ cook: deps, llm }, { snapshot_id: PLAN_ID, message: "  " }),
    ).rejects.toMatchObject({
      category: "validation",
    });
    expect(llm.calls).toEqual([]);
  });
});
