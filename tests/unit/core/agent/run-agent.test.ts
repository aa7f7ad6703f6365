import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../../../../functions/core/agent/define-tool";
import { runAgent } from "../../../../functions/core/agent/run-agent";
import { TOOL_RESULTS_ARE_DATA_NOTICE } from "../../../../functions/core/agent/tool-result-envelope";
import { ConfigError, NotFoundError } from "../../../../functions/core/errors";
import { LlmUnavailable } from "../../../../functions/core/llm/llm-errors";
import type { LlmMessage, TurnRequest } from "../../../../functions/core/llm/llm-port";
import { deadlineFromRemainingTime } from "../../../../functions/core/llm/model-deadline";
import { createFakeLlm, type FakeLlm } from "../../../support/llm/fake-llm";
import { waitUntil } from "../../../support/wait-until";

const userAsks = (content: string): LlmMessage[] => [{ role: "user", content }];

/** The turn requests the fake model received, in order. */
const turnRequests = (llm: FakeLlm): TurnRequest[] =>
  llm.calls.flatMap((c) => (c.kind === "turn" ? [c.request] : []));

const toolResultsOf = (messages: LlmMessage[]) =>
  messages.flatMap((m) => (m.role === "tool" ? m.results : []));

const filterCampaigns = (calls: Array<{ channel: string }> = []) =>
  defineTool({
    name: "filter_campaigns",
    description: "Filter campaigns by channel",
    input: z.object({ channel: z.enum(["email", "web"]) }),
    run: (input) => {
      calls.push(input);
      return {
        count: 2,
        summary_for_llm: `2 ${input.channel} campaigns`,
        campaigns: [{ id: "c1" }, { id: "c2" }],
      };
    },
    toModelContent: (output) => output.summary_for_llm,
  });

describe("runAgent", () => {
  it("runs the tools the model calls, sends their results back as data, and completes with the answer", async () => {
    const ran: Array<{ channel: string }> = [];
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "filter_campaigns", arguments: { channel: "email" } }] },
      { text: "There are 2 email campaigns." },
    ]);
    const result = await runAgent({
      llm,
      system: "You answer questions about campaigns.",
      messages: userAsks("how many email campaigns?"),
      tools: [filterCampaigns(ran)],
      maxIterations: 5,
    });

    expect(result.status).toBe("completed");
    expect(result.answer).toBe("There are 2 email campaigns.");
    expect(ran).toEqual([{ channel: "email" }]);
    const [result1] = toolResultsOf(result.messages);
    expect(result1?.content).toBe(
      '<tool_result tool="filter_campaigns" status="ok">\n2 email campaigns\n</tool_result>',
    );
    const firstRequest = turnRequests(llm)[0];
    expect(firstRequest?.system).toContain("You answer questions about campaigns.");
    expect(firstRequest?.system).toContain(TOOL_RESULTS_ARE_DATA_NOTICE);
    expect(firstRequest?.tools.map((t) => t.name)).toEqual(["filter_campaigns"]);
    expect(result.toolRuns[0]).toMatchObject({
      tool: "filter_campaigns",
      status: "ok",
      output: { count: 2 },
    });
  });

  it("stops at the iteration cap with a typed capped result and an answer from one tool-free turn", async () => {
    let page = 0;
    const llm = createFakeLlm().onTurn((request) =>
      request.toolChoice === "none"
        ? { text: "Best I can say: page 5 had them." }
        : { text: `Looking at page ${++page}.`, toolCalls: [{ name: "read_page", arguments: { page } }] },
    );
    const pagesRead: number[] = [];
    const readPage = defineTool({
      name: "read_page",
      description: "Read a page",
      input: z.object({ page: z.number().int() }),
      run: ({ page: p }) => {
        pagesRead.push(p);
        return `page ${p}`;
      },
    });
    const result = await runAgent({
      llm,
      system: "s",
      messages: userAsks("find it"),
      tools: [readPage],
      maxIterations: 5,
    });

    expect(result.status).toBe("capped");
    expect(result.iterations).toBe(5);
    expect(pagesRead).toEqual([1, 2, 3, 4, 5]);
    expect(result.answer).toBe("Best I can say: page 5 had them.");
    const turns = turnRequests(llm).map((r) => r.toolChoice);
    expect(turns).toEqual(["auto", "auto", "auto", "auto", "auto", "none"]);
    expect(result.trace.filter((s) => s.kind === "model_turn" && s.final)).toHaveLength(1);
  });

  it("stops right after the tools of the last allowed turn when no answer-only turn is wanted", async () => {
    const llm = createFakeLlm().onTurn([
      {
        text: "Searching laptops.",
        toolCalls: [{ name: "search_products", arguments: { query: "laptops" } }],
      },
    ]);
    const searched: string[] = [];
    const search = defineTool({
      name: "search_products",
      description: "Search products and write them to the session state",
      input: z.object({ query: z.string() }),
      run: ({ query }) => {
        searched.push(query);
        return "ok: 12 products";
      },
    });
    const result = await runAgent({
      llm,
      system: "Call exactly one tool.",
      messages: userAsks("покажи ноутбуки"),
      tools: [search],
      maxIterations: 1,
      finalAnswerTurn: false,
    });

    expect(result.status).toBe("capped");
    expect(searched).toEqual(["laptops"]);
    expect(llm.calls).toHaveLength(1);
    expect(result.answer).toBe("Searching laptops.");
  });

  it("returns the best answer so far when the cap's answer-only turn fails, instead of throwing", async () => {
    let page = 0;
    const llm = createFakeLlm().onTurn((request) => {
      if (request.toolChoice === "none")
        throw new LlmUnavailable("overloaded", { code: "llm_provider_error" });
      page += 1;
      return { text: `Partial finding ${page}.`, toolCalls: [{ name: "read_page", arguments: { page } }] };
    });
    const readPage = defineTool({
      name: "read_page",
      description: "Read a page",
      input: z.object({ page: z.number() }),
      run: () => "nothing",
    });
    const result = await runAgent({
      llm,
      system: "s",
      messages: userAsks("q"),
      tools: [readPage],
      maxIterations: 2,
    });

    expect(result.status).toBe("capped");
    expect(result.answer).toBe("Partial finding 2.");
  });

  it("stops when the model calls the same tool with the same arguments again, without running it twice", async () => {
    const ran: Array<{ channel: string }> = [];
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "filter_campaigns", arguments: { channel: "web" } }] },
      { toolCalls: [{ name: "filter_campaigns", arguments: { channel: "web" } }] },
      { text: "Two web campaigns." },
    ]);
    const result = await runAgent({
      llm,
      system: "s",
      messages: userAsks("web?"),
      tools: [filterCampaigns(ran)],
      maxIterations: 5,
    });

    expect(result.status).toBe("repeated_call");
    expect(result.answer).toBe("Two web campaigns.");
    expect(ran).toHaveLength(1);
    expect(result.toolRuns.map((r) => r.status)).toEqual(["ok", "not_run"]);
    expect(turnRequests(llm)[2]?.toolChoice).toBe("none");
  });

  it("treats arguments with the same values in another key order as the same call", async () => {
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "search_products", arguments: { query: "tea", max_price: 5 } }] },
      { toolCalls: [{ name: "search_products", arguments: { max_price: 5, query: "tea" } }] },
      { text: "Tea found." },
    ]);
    const search = defineTool({
      name: "search_products",
      description: "Search",
      input: z.object({ query: z.string(), max_price: z.number() }),
      run: () => "ok: 3 products",
    });
    const result = await runAgent({
      llm,
      system: "s",
      messages: userAsks("tea"),
      tools: [search],
      maxIterations: 5,
    });

    expect(result.status).toBe("repeated_call");
  });

  it("sends invalid arguments back to the model as an error naming the field, without running the tool", async () => {
    const ran: Array<{ channel: string }> = [];
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "filter_campaigns", arguments: { channel: "fax" } }] },
      { toolCalls: [{ name: "filter_campaigns", arguments: { channel: "email" } }] },
      { text: "Done." },
    ]);
    const result = await runAgent({
      llm,
      system: "s",
      messages: userAsks("q"),
      tools: [filterCampaigns(ran)],
      maxIterations: 5,
    });

    expect(result.status).toBe("completed");
    expect(ran).toEqual([{ channel: "email" }]);
    const [invalid] = toolResultsOf(result.messages);
    expect(invalid?.isError).toBe(true);
    expect(invalid?.content).toContain('status="error"');
    expect(invalid?.content).toContain("Invalid arguments for filter_campaigns: channel:");
    expect(result.trace.find((s) => s.kind === "tool")).toMatchObject({ status: "invalid_arguments" });
  });

  it("returns tool failures to the model: a LarderError's message, but never an unknown error's internals", async () => {
    const llm = createFakeLlm().onTurn([
      {
        toolCalls: [
          { name: "load_plan", arguments: { id: "p1" } },
          { name: "load_recipe", arguments: { id: "r1" } },
          { name: "no_such_tool", arguments: {} },
        ],
      },
      { text: "Could not load them." },
    ]);
    const loadPlan = defineTool({
      name: "load_plan",
      description: "Load a plan",
      input: z.object({ id: z.string() }),
      run: () => {
        throw new NotFoundError("Plan p1 does not exist");
      },
    });
    const loadRecipe = defineTool({
      name: "load_recipe",
      description: "Load a recipe",
      input: z.object({ id: z.string() }),
      run: () => {
        throw new Error("connect ECONNREFUSED 10.0.0.7:8000 (secret internals)");
      },
    });
    const result = await runAgent({
      llm,
      system: "s",
      messages: userAsks("q"),
      tools: [loadPlan, loadRecipe],
      maxIterations: 3,
    });

    expect(result.status).toBe("completed");
    const [plan, recipe, unknown] = toolResultsOf(result.messages);
    expect(plan?.content).toContain("load_plan failed: Plan p1 does not exist");
    expect(recipe?.content).toContain("load_recipe failed: internal error");
    expect(recipe?.content).not.toContain("ECONNREFUSED");
    expect(unknown?.content).toContain("Unknown tool no_such_tool");
    expect(result.toolRuns.map((r) => r.status)).toEqual(["error", "error", "unknown_tool"]);
  });

  it("runs all tool calls of one turn concurrently", async () => {
    // Each tool waits until all three have started: run one after another, the first would wait alone.
    let started = 0;
    let mostAtOnce = 0;
    let running = 0;
    const gated = (name: string) =>
      defineTool({
        name,
        description: name,
        input: z.object({}),
        run: async () => {
          started += 1;
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          // Sequential runs end the wait after a while, so the test fails on the count, not by hanging.
          await waitUntil("all three tools to start", () => started === 3, 1_000).catch(() => undefined);
          running -= 1;
          return name;
        },
      });
    const llm = createFakeLlm().onTurn([
      {
        toolCalls: [
          { name: "check_stock", arguments: {} },
          { name: "check_price", arguments: {} },
          { name: "check_slots", arguments: {} },
        ],
      },
      { text: "All checked." },
    ]);
    const result = await runAgent({
      llm,
      system: "s",
      messages: userAsks("q"),
      tools: [gated("check_stock"), gated("check_price"), gated("check_slots")],
      maxIterations: 2,
    });

    expect(result.status).toBe("completed");
    expect(mostAtOnce).toBe(3);
    expect(result.toolRuns.map((r) => r.status)).toEqual(["ok", "ok", "ok"]);
  });

  it("answers with what it has when the deadline passes while a tool runs", async () => {
    const llm = createFakeLlm().onTurn([
      { text: "Checking the store.", toolCalls: [{ name: "scan_cart", arguments: {} }] },
      { text: "never reached" },
    ]);
    const scanCart = defineTool({
      name: "scan_cart",
      description: "Scan the cart",
      input: z.object({}),
      // Never ends on its own: only the deadline can end the run.
      run: () => new Promise<string>(() => {}),
    });
    // A still clock: the deadline comes only by its timer, 100 ms after the run starts, never before the
    // first model turn however slow the machine is.
    const now = 1_000_000;
    const result = await runAgent({
      llm,
      system: "s",
      messages: userAsks("q"),
      tools: [scanCart],
      maxIterations: 5,
      deadline: now + 100,
      clock: () => now,
    });

    expect(result.status).toBe("deadline");
    expect(result.answer).toBe("Checking the store.");
    // The conversation stays well-formed: the pending call has a (not run) result.
    expect(toolResultsOf(result.messages)[0]?.content).toContain('status="not_run"');
    expect(llm.calls).toHaveLength(1);
  });

  it("answers with what it has when the deadline passes during a model turn that ignores the signal", async () => {
    // Ignores the signal and never answers: only the deadline can end the run.
    const llm = createFakeLlm().onTurn(() => new Promise<never>(() => {}));
    // A still clock: the deadline comes only by its timer, 100 ms after the run starts, never before the
    // first model turn however slow the machine is.
    const now = 1_000_000;
    const result = await runAgent({
      llm,
      system: "s",
      messages: userAsks("q"),
      tools: [],
      maxIterations: 5,
      deadline: now + 100,
      clock: () => now,
    });

    expect(result.status).toBe("deadline");
    expect(result.answer).toBe("");
  });

  it("does not call the model at all when the deadline has already passed", async () => {
    const llm = createFakeLlm().onTurn({ text: "hi" });
    const now = 1_000_000;
    const result = await runAgent({
      llm,
      system: "s",
      messages: userAsks("q"),
      tools: [],
      maxIterations: 5,
      deadline: now - 1,
      clock: () => now,
    });

    expect(result.status).toBe("deadline");
    expect(llm.calls).toHaveLength(0);
  });

  it("traces every model turn and tool with arguments, result size, latency and usage, and totals the usage", async () => {
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "filter_campaigns", arguments: { channel: "web" } }] },
      { text: "Done." },
    ]);
    const result = await runAgent({
      llm,
      system: "s",
      messages: userAsks("q"),
      tools: [filterCampaigns()],
      maxIterations: 5,
      label: "campaign_chat",
    });

    expect(result.trace.map((s) => s.kind)).toEqual(["model_turn", "tool", "model_turn"]);
    const tool = result.trace[1];
    expect(tool).toMatchObject({
      kind: "tool",
      tool: "filter_campaigns",
      arguments: { channel: "web" },
      status: "ok",
    });
    expect(tool?.kind === "tool" && tool.resultChars).toBe(toolResultsOf(result.messages)[0]?.content.length);
    const turns = result.trace.flatMap((s) => (s.kind === "model_turn" ? [s.usage] : []));
    expect(turns.every((u) => u.name === "campaign_chat")).toBe(true);
    expect(result.usage.calls).toBe(2);
    expect(result.usage.inputTokens).toBe(turns.reduce((sum, u) => sum + u.inputTokens, 0));
    expect(JSON.parse(JSON.stringify(result.trace))).toEqual(result.trace);
  });

  it("logs one line per run with its status and the run's LLM usage totals", async () => {
    const logs: Array<{ message: string; extra: Record<string, unknown> }> = [];
    const logger = {
      info: (message: string, extra: Record<string, unknown>) => logs.push({ message, extra }),
      warn: (message: string, extra: Record<string, unknown>) => logs.push({ message, extra }),
    };
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "filter_campaigns", arguments: { channel: "web" } }] },
      { text: "Done." },
    ]);
    const result = await runAgent({
      llm,
      system: "s",
      messages: userAsks("q"),
      tools: [filterCampaigns()],
      maxIterations: 5,
      label: "campaign_chat",
      logger,
    });

    expect(logs).toEqual([
      {
        message: "agent run",
        extra: { label: "campaign_chat", status: "completed", iterations: 2, llmUsage: result.usage },
      },
    ]);
    expect(result.usage).toMatchObject({ calls: 2, failedCalls: 0 });
  });

  it("logs the totals of a failed run, the failed call included, before the failure reaches the caller", async () => {
    const logs: Array<{ message: string; extra: Record<string, unknown> }> = [];
    const logger = {
      info: (message: string, extra: Record<string, unknown>) => logs.push({ message, extra }),
      warn: (message: string, extra: Record<string, unknown>) => logs.push({ message, extra }),
    };
    const llm = createFakeLlm().onTurn([
      { toolCalls: [{ name: "filter_campaigns", arguments: { channel: "web" } }] },
      new LlmUnavailable("overloaded", { code: "llm_provider_error" }),
    ]);
    await expect(
      runAgent({
        llm,
        system: "s",
        messages: userAsks("q"),
        tools: [filterCampaigns()],
        maxIterations: 5,
        logger,
      }),
    ).rejects.toBeInstanceOf(LlmUnavailable);

    expect(logs).toEqual([
      {
        message: "agent run",
        extra: expect.objectContaining({
          status: "failed",
          iterations: 2,
          llmUsage: expect.objectContaining({ calls: 2, failedCalls: 1 }),
        }),
      },
    ]);
  });

  it("lets a model failure before any answer reach the caller, so its fallback runs", async () => {
    const llm = createFakeLlm().onTurn(new LlmUnavailable("no provider", { code: "llm_not_configured" }));
    await expect(
      runAgent({ llm, system: "s", messages: userAsks("q"), tools: [], maxIterations: 5 }),
    ).rejects.toBeInstanceOf(LlmUnavailable);
  });

  it("lets a model failure after tools ran reach the caller too, even with text from an earlier turn", async () => {
    const ran: Array<{ channel: string }> = [];
    const llm = createFakeLlm().onTurn([
      { text: "Let me filter.", toolCalls: [{ name: "filter_campaigns", arguments: { channel: "web" } }] },
      new LlmUnavailable("overloaded", { code: "llm_provider_error" }),
    ]);
    await expect(
      runAgent({
        llm,
        system: "s",
        messages: userAsks("q"),
        tools: [filterCampaigns(ran)],
        maxIterations: 5,
      }),
    ).rejects.toMatchObject({ code: "llm_provider_error" });
    expect(ran).toEqual([{ channel: "web" }]);
  });

  it("refuses two tools with one name before calling the model", async () => {
    const llm = createFakeLlm().onTurn({ text: "hi" });
    await expect(
      runAgent({
        llm,
        system: "s",
        messages: userAsks("q"),
        tools: [filterCampaigns(), filterCampaigns()],
        maxIterations: 5,
      }),
    ).rejects.toThrow(/distinct names; repeated: filter_campaigns/);
    expect(llm.calls).toHaveLength(0);
  });

  it("refuses a cap that is not a positive integer", async () => {
    await expect(
      runAgent({ llm: createFakeLlm(), system: "s", messages: userAsks("q"), tools: [], maxIterations: 0 }),
    ).rejects.toBeInstanceOf(ConfigError);
  });
});

describe("deadlineFromRemainingTime", () => {
  it("keeps the margin out of the Lambda's remaining time", () => {
    const deadline = deadlineFromRemainingTime({ getRemainingTimeInMillis: () => 25_000 }, 3_000, 1_000);
    expect(deadline).toBe(23_000);
  });

  it("never puts the deadline before now", () => {
    expect(deadlineFromRemainingTime({ getRemainingTimeInMillis: () => 1_000 }, 3_000, 500)).toBe(500);
  });
});
