import { describe, expect, it } from "vitest";
import { KitchenChatResponseSchema } from "../../../../functions/cook/domain/kitchen-chat/kitchen-chat-schemas";
import { createUnavailableLlm } from "../../../../functions/core/llm";
import { createCookAppHarness, seedPlan } from "../../../support/cook/cook-app-harness";
import { DINNER } from "../../../support/cook/cook-fixtures";
import { issuePaths, parseErrorBody } from "../../../support/error-body";
import { createFakeLlm } from "../../../support/llm/fake-llm";

const SNAPSHOT = "week-1";

const dinnerOf = (chat: ReturnType<typeof KitchenChatResponseSchema.parse>) =>
  chat.snapshot.planned_meals.find(
    (meal) => meal.date === DINNER.date && meal.meal_type === DINNER.meal_type,
  );

describe("POST /chat/kitchen", () => {
  it("runs the agent's tools on the plan and answers with the plan as it is afterwards", async () => {
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "get_plan", arguments: {} }] },
      {
        toolCalls: [
          {
            name: "modify_recipe",
            arguments: { ...DINNER, instruction: "replace the white rice with quinoa" },
          },
        ],
      },
      { text: "Friday's stir fry now uses quinoa." },
      { toolCalls: [{ name: "clear_variant", arguments: { ...DINNER } }] },
      { text: "Friday's dinner is back to the original recipe." },
    ]);
    const { call } = createCookAppHarness({ llm });
    await seedPlan(call, SNAPSHOT);

    const swap = await call("POST", "/chat/kitchen", {
      body: { snapshot_id: SNAPSHOT, message: "swap the rice for quinoa on Friday" },
    });
    expect(swap.status).toBe(200);
    const swapped = KitchenChatResponseSchema.parse(swap.json());
    expect(swapped.response).toBe("Friday's stir fry now uses quinoa.");
    expect(swapped.tool_calls.map((toolCall) => [toolCall.name, toolCall.ok])).toEqual([
      ["get_plan", true],
      ["modify_recipe", true],
    ]);
    expect(dinnerOf(swapped)?.modified).toBe(true);
    expect(dinnerOf(swapped)?.variant?.compiled_recipe.ingredients_raw[1]).toMatch(/quinoa/);

    const undo = await call("POST", "/chat/kitchen", {
      body: { snapshot_id: SNAPSHOT, message: "remove modifications from Friday's dinner" },
    });
    const undone = KitchenChatResponseSchema.parse(undo.json());
    expect(undone.tool_calls.map((toolCall) => toolCall.name)).toEqual(["clear_variant"]);
    expect(dinnerOf(undone)?.modified).toBe(false);
  });

  it("answers with the offline interpreter when no model is configured", async () => {
    const { call } = createCookAppHarness({ llm: createUnavailableLlm("LLM_PROVIDER=none") });
    await seedPlan(call, SNAPSHOT);
    const res = await call("POST", "/chat/kitchen", {
      body: { snapshot_id: SNAPSHOT, message: "swap the rice for quinoa on Friday" },
    });
    expect(res.status).toBe(200);
    const chat = KitchenChatResponseSchema.parse(res.json());
    expect(chat.status).toBe("offline");
    expect(dinnerOf(chat)?.variant?.compiled_recipe.ingredients_raw[1]).toMatch(/quinoa/);
  });

  it("stops the agent at the request's model deadline and answers from the offline path", async () => {
    // The model never answers on its own; only the deadline (a 7 s Lambda less the 5 s offline reserve)
    // ends the turn. The offline interpreter then does what was asked.
    const llm = createFakeLlm().onTurn(
      (request) =>
        new Promise((_resolve, reject) => {
          request.signal?.addEventListener("abort", () => reject(new Error("aborted")));
        }),
    );
    const { call } = createCookAppHarness({ llm, lambdaTimeoutSeconds: 7 });
    await seedPlan(call, SNAPSHOT);
    const res = await call("POST", "/chat/kitchen", {
      body: { snapshot_id: SNAPSHOT, message: "swap the rice for quinoa on Friday" },
    });
    expect(res.status).toBe(200);
    const chat = KitchenChatResponseSchema.parse(res.json());
    expect(chat.status).toBe("offline");
    expect(chat.response).not.toMatch(/ran out of time/);
    expect(dinnerOf(chat)?.variant?.compiled_recipe.ingredients_raw[1]).toMatch(/quinoa/);
    expect(llm.calls.filter((made) => made.kind === "turn")).toHaveLength(1);
  });

  it("answers 404 for a snapshot that does not exist, before any model call", async () => {
    const llm = createFakeLlm();
    const { call } = createCookAppHarness({ llm });
    const res = await call("POST", "/chat/kitchen", { body: { snapshot_id: "no-such-plan", message: "hi" } });
    expect(res.status).toBe(404);
    expect(llm.calls).toHaveLength(0);
  });

  it.each([
    ["a missing message", { snapshot_id: SNAPSHOT }, ["body.message"]],
    ["a blank message", { snapshot_id: SNAPSHOT, message: "  " }, ["body.message"]],
    ["a snapshot id that is a number", { snapshot_id: 7, message: "hi" }, ["body.snapshot_id"]],
  ])("answers 400 naming the field for %s", async (_what, body, paths) => {
    const { call } = createCookAppHarness();
    const res = await call("POST", "/chat/kitchen", { body });
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual(paths);
  });
});
