import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type FakeLlmServer, routeByToolName, startFakeLlmServer } from "../../../../dev/fake-llm";
import { llmAgainst } from "../../../support/llm/llm-against-fake-server";

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ask = <S extends z.ZodType>(schemaName: string, schema: S) => ({
  schema,
  schemaName,
  system: `You are the ${schemaName} expert.`,
  messages: [{ role: "user" as const, content: "Supplier: we can do 12.50 EUR per unit, 30 days." }],
});

describe("routeByToolName on the fake server", () => {
  it("answers parallel structured calls by their schema name, whatever order they arrive in", async () => {
    server = await startFakeLlmServer({
      script: routeByToolName({
        extract_quote: {
          delayMs: 60,
          reply: { toolCalls: [{ name: "extract_quote", arguments: { unit_price_cents: 1250 } }] },
        },
        evaluate_escalation: {
          reply: { toolCalls: [{ name: "evaluate_escalation", arguments: { shouldEscalate: false } }] },
        },
      }),
    });
    const llm = llmAgainst("openai", server);

    const [extraction, escalation] = await Promise.all([
      llm.structured(ask("extract_quote", z.object({ unit_price_cents: z.number().int() }))),
      llm.structured(ask("evaluate_escalation", z.object({ shouldEscalate: z.boolean() }))),
    ]);

    expect(extraction.value).toEqual({ unit_price_cents: 1250 });
    expect(escalation.value).toEqual({ shouldEscalate: false });
    // extract_quote is answered 60 ms after evaluate_escalation: a queue in arrival order would have crossed
    // the answers; routing by the forced tool name cannot.
    expect(server.requests.map((r) => r.forcedToolName).sort()).toEqual([
      "evaluate_escalation",
      "extract_quote",
    ]);
  });

  it("fails without retries when a request has no route, naming the tools", async () => {
    server = await startFakeLlmServer({ script: routeByToolName({}) });
    const error = await llmAgainst("anthropic", server)
      .structured(ask("analyze_needs", z.object({ missingFields: z.array(z.string()) })))
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ code: "llm_provider_error" });
    expect((error as Error).message).toContain("no route for tools [analyze_needs]");
    expect(server.requests).toHaveLength(1);
  });
});
