import { describe, expect, it } from "vitest";
import {
  createLlmAgent1,
  createLlmTemplateBuilder,
} from "../../../../functions/chat/catalog/adapters/llm-catalog-agents";
import { LlmUnavailable } from "../../../../functions/core/llm/llm-errors";
import { createLogger } from "../../../../functions/core/logger";
import { emptyState, product, stateWith } from "../../../support/chat/catalog-fixtures";
import { createFakeLlm } from "../../../support/llm/fake-llm";

const logger = createLogger("catalog-agents-test");

describe("Agent 1 on the model", () => {
  it("takes the model's first tool call, one turn with a tool required, nulls read as not given", async () => {
    const llm = createFakeLlm().onTurn({
      toolCalls: [
        { name: "filter_products", arguments: { max_price: 50_000, brand: null } },
        { name: "sort_products", arguments: { by: "price" } },
      ],
    });
    const call = await createLlmAgent1(llm, logger).chooseTool("только до 50000");
    expect(call).toEqual({ tool: "filter_products", args: { max_price: 50_000 } });
    expect(llm.calls).toHaveLength(1);
    const turn = llm.calls[0];
    expect(turn?.kind === "turn" && turn.request.toolChoice).toBe("required");
  });

  it("falls back to the offline rules for an unknown tool, a text answer or a failed call", async () => {
    const unknown = createFakeLlm().onTurn({ toolCalls: [{ name: "drop_tables", arguments: {} }] });
    expect(await createLlmAgent1(unknown, logger).chooseTool("покажи ноутбуки")).toEqual({
      tool: "search_products",
      args: { query: "ноутбуки" },
    });
    const text = createFakeLlm().onTurn({ text: "Which laptops?" });
    expect((await createLlmAgent1(text, logger).chooseTool("undo")).tool).toBe("rollback");
    const down = createFakeLlm().onTurn(new LlmUnavailable("down"));
    expect((await createLlmAgent1(down, logger).chooseTool("sort by price")).tool).toBe("sort_products");
  });
});

describe("Agent 2 on the model", () => {
  const state = stateWith([product("a"), product("b")]);

  it("keeps only fields the state has, and the layout the user asked for", async () => {
    const llm = createFakeLlm().onStructured("catalog_template", {
      layout: "list",
      title: "Ноутбуки",
      fields: ["price", "password", "name"],
      highlight: "password",
    });
    const asked = {
      ...state,
      current: { ...state.current, meta: { ...state.current.meta, layout: "table" as const } },
    };
    expect(await createLlmTemplateBuilder(llm, logger).build("ноутбуки", asked)).toEqual({
      layout: "table",
      title: "Ноутбуки",
      fields: ["price", "name"],
    });
  });

  it("falls back to the rule-based template when the model fails", async () => {
    const llm = createFakeLlm().onStructured("catalog_template", new LlmUnavailable("down"));
    const template = await createLlmTemplateBuilder(llm, logger).build("q", state);
    expect(template.layout).toBe("grid");
    expect((await createLlmTemplateBuilder(llm, logger).build("q", emptyState())).empty_message).toBeTruthy();
  });
});
