import { Logger } from "@aws-lambda-powertools/logger";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCookLlmGenerators } from "../../../../functions/cook/wiring/cook-api-wiring";
import { createCookAppHarness, seedPlan } from "../../../support/cook/cook-app-harness";
import { DINNER, mealPath } from "../../../support/cook/cook-fixtures";
import { createFakeLlm } from "../../../support/llm/fake-llm";

const SNAPSHOT = "week-1";
const dinnerVariant = `${mealPath(SNAPSHOT, DINNER)}/variant`;

/** Powertools writes each log record as one JSON line to stdout (warnings to stderr); the spies keep them. */
const captureLogRecords = () => {
  const lines: string[] = [];
  const keep = (chunk: string | Uint8Array) => {
    lines.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(keep);
  vi.spyOn(process.stderr, "write").mockImplementation(keep);
  return () =>
    lines
      .flatMap((line) => line.split("\n"))
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
};

const usageLines = (records: Record<string, unknown>[]) =>
  records.filter((record) => record.message === "llm usage totals");

/** Logs at INFO whatever LOG_LEVEL the test run sets, so the usage line can be read. */
const infoLogger = () => new Logger({ serviceName: "cook-usage-test", logLevel: "INFO" });

const modelAnswers = () =>
  createFakeLlm()
    .onStructured("generate_patch_ops", {
      ops: [
        {
          op: "replace_ingredient",
          target_index: 0,
          target_name: "chicken breast",
          replacement: { name: "tofu", quantity: "400 g" },
        },
      ],
    })
    .onStructured("generate_warnings", { warnings: ["Press the tofu dry so it browns."] });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("LLM usage totals per request", () => {
  it("logs one line totalling the variant request's model calls (patch ops and warnings) with its route", async () => {
    const llm = modelAnswers();
    const { call } = createCookAppHarness({
      llm,
      llmGenerators: createCookLlmGenerators,
      logger: infoLogger(),
    });
    await seedPlan(call, SNAPSHOT);
    const records = captureLogRecords();
    const res = await call("POST", dinnerVariant, { body: { instruction: "make it vegetarian" } });
    expect(res.status).toBe(200);

    const lines = usageLines(records());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      route: "POST /plans/:snapshot_id/meals/:date/:meal_type/variant",
      llmUsage: { calls: 2, failedCalls: 0, inputTokens: expect.any(Number) },
    });
    expect(lines[0]).not.toMatchObject({ llmUsage: { inputTokens: 0 } });
  });

  it("counts the kitchen chat's turns and the generator calls its tools make in the same line", async () => {
    const llm = modelAnswers().onTurn([
      {
        toolCalls: [
          { name: "modify_recipe", arguments: { ...DINNER, instruction: "tofu instead of chicken" } },
        ],
      },
      { text: "Friday's dinner now uses tofu." },
    ]);
    const { call } = createCookAppHarness({
      llm,
      llmGenerators: createCookLlmGenerators,
      logger: infoLogger(),
    });
    await seedPlan(call, SNAPSHOT);
    const records = captureLogRecords();
    const res = await call("POST", "/chat/kitchen", {
      body: { snapshot_id: SNAPSHOT, message: "tofu instead of chicken on Friday" },
    });
    expect(res.status).toBe(200);

    const lines = usageLines(records());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ route: "POST /chat/kitchen", llmUsage: { calls: 4 } });
  });

  it("counts a model call that failed", async () => {
    const llm = createFakeLlm().onStructured("generate_patch_ops", { ops: "not a list" });
    const { call } = createCookAppHarness({
      llm,
      llmGenerators: createCookLlmGenerators,
      logger: infoLogger(),
    });
    await seedPlan(call, SNAPSHOT);
    const records = captureLogRecords();
    const res = await call("POST", dinnerVariant, { body: { instruction: "something odd" } });
    expect(res.status).toBe(200);

    const lines = usageLines(records());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ llmUsage: { calls: 1, failedCalls: 1 } });
  });

  it("logs the totals of a request the domain refuses (422) too", async () => {
    const llm = createFakeLlm().onStructured("generate_patch_ops", {
      ops: [{ op: "remove_ingredient", target_index: 99, target_name: "saffron", acknowledged: true }],
    });
    const { call } = createCookAppHarness({
      llm,
      llmGenerators: createCookLlmGenerators,
      logger: infoLogger(),
    });
    await seedPlan(call, SNAPSHOT);
    const records = captureLogRecords();
    const res = await call("POST", dinnerVariant, { body: { instruction: "no saffron" } });
    expect(res.status).toBe(422);

    const lines = usageLines(records());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ llmUsage: { calls: 1, failedCalls: 0 } });
  });

  it("writes no usage line for a request that made no model call", async () => {
    const { call } = createCookAppHarness({ logger: infoLogger() });
    await seedPlan(call, SNAPSHOT);
    const records = captureLogRecords();
    const res = await call("POST", dinnerVariant, { body: { instruction: "double it" } });
    expect(res.status).toBe(200);
    expect(usageLines(records())).toEqual([]);
  });
});
