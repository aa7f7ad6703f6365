import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LlmOutputInvalid, LlmUnavailable } from "../../../../functions/core/llm/llm-errors";
import { createFakeLlm } from "../../../support/llm/fake-llm";

const ask = <S extends z.ZodType>(schemaName: string, schema: S) => ({
  schema,
  schemaName,
  system: "s",
  messages: [{ role: "user" as const, content: schemaName }],
});

const escalation = z.object({ shouldEscalate: z.boolean(), reasoning: z.string() });
const extraction = z.object({ success: z.boolean(), confidence: z.number() });

describe("createFakeLlm", () => {
  it("routes concurrent structured calls by schema name, whatever order they run in", async () => {
    const llm = createFakeLlm()
      .onStructured("extract_quote", { success: true, confidence: 0.9 })
      .onStructured("evaluate_escalation", { shouldEscalate: false, reasoning: "no trigger fired" });

    const [escalated, extracted] = await Promise.all([
      llm.structured(ask("evaluate_escalation", escalation)),
      llm.structured(ask("extract_quote", extraction)),
    ]);

    expect(escalated.value.shouldEscalate).toBe(false);
    expect(extracted.value.confidence).toBe(0.9);
    expect(llm.callsNamed("extract_quote")).toHaveLength(1);
  });

  it("consumes a queue in order and computes responses from the request", async () => {
    const llm = createFakeLlm()
      .onStructured("orchestrate_decision", [
        { shouldEscalate: true, reasoning: "first" },
        { shouldEscalate: false, reasoning: "second" },
      ])
      .onStructured("analyze_needs", (request) => ({ success: true, confidence: request.messages.length }));

    expect((await llm.structured(ask("orchestrate_decision", escalation))).value.reasoning).toBe("first");
    expect((await llm.structured(ask("orchestrate_decision", escalation))).value.reasoning).toBe("second");
    expect((await llm.structured(ask("analyze_needs", extraction))).value.confidence).toBe(1);
    await expect(llm.structured(ask("orchestrate_decision", escalation))).rejects.toThrow(
      /no scripted response/,
    );
  });

  it("throws LlmOutputInvalid, with usage, when the scripted value fails the caller's schema", async () => {
    const llm = createFakeLlm().onStructured("extract_quote", { success: "yes" });
    const error = await llm.structured(ask("extract_quote", extraction)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(LlmOutputInvalid);
    expect((error as LlmOutputInvalid).issues.map((i) => i.path)).toEqual(["success", "confidence"]);
    expect((error as LlmOutputInvalid).usage?.outcome).toBe("error");
  });

  it("throws a scripted error", async () => {
    const llm = createFakeLlm().onStructured("extract_quote", new LlmUnavailable("down"));
    await expect(llm.structured(ask("extract_quote", extraction))).rejects.toBeInstanceOf(LlmUnavailable);
  });

  it("routes turns by an offered tool name before the default queue, and records them", async () => {
    const llm = createFakeLlm()
      .onTurn(
        { toolCalls: [{ name: "filter_products", arguments: { max_price: 100 } }] },
        { whenToolOffered: "filter_products" },
      )
      .onTurn([{ text: "default one" }]);
    const catalogTools = [{ name: "filter_products", description: "", inputSchema: { type: "object" } }];

    const catalog = await llm.turn({
      system: "s",
      messages: [],
      tools: catalogTools,
      label: "catalog_agent",
    });
    const other = await llm.turn({ system: "s", messages: [], tools: [] });

    expect(catalog.toolCalls).toMatchObject([{ name: "filter_products", arguments: { max_price: 100 } }]);
    expect(catalog.stopReason).toBe("tool_calls");
    expect(catalog.toolCalls[0]?.id).toMatch(/^fake_call_/);
    expect(other.text).toBe("default one");
    expect(llm.callsNamed("catalog_agent")).toHaveLength(1);
  });
});
