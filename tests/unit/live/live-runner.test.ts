import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LlmUnavailable } from "../../../functions/core/llm/llm-errors";
import { estimateCost, parsePriceOverride, priceOf } from "../../../scripts/live/cost";
import { runLive, selectScenarios } from "../../../scripts/live/runner";
import { ALL_LIVE_SCENARIOS } from "../../../scripts/live/scenarios";
import type { LiveScenario } from "../../../scripts/live/types";
import { createFakeLlm } from "../../support/llm/fake-llm";

const ENV = {
  LLM_PROVIDER: "openai",
  OPENAI_API_KEY: "unused",
  LLM_MODEL: "gpt-4o",
  LLM_FAST_MODEL: "gpt-4o-mini",
};
const ping = z.object({ ok: z.boolean() });

/** A scenario that asks the (fake) model once and reports what `check` decides. */
const scenario = (name: string, body: LiveScenario["run"]): LiveScenario => ({
  area: "cook",
  name,
  seed: "001",
  expected: "ok",
  run: body,
});
const askOnce: LiveScenario["run"] = async ({ llm }) => {
  const { value } = await llm.structured({ schema: ping, schemaName: "ping", system: "s", messages: [] });
  return { got: String(value.ok), match: value.ok };
};

const run = async (scenarios: LiveScenario[], fake = createFakeLlm().onStructured("ping", { ok: true })) => {
  let out = "";
  let err = "";
  const code = await runLive(
    [],
    { out: (t) => (out += t), err: (t) => (err += t), env: ENV },
    { scenarios, createPort: () => fake },
  );
  return { code, out, err };
};

describe("the live runner's verdicts", () => {
  it("passes a scenario only when the model answered it: no call, a failed call or an offline fallback is a mismatch", async () => {
    const fake = createFakeLlm()
      .onStructured("ping", { ok: true })
      .onStructured("down", new LlmUnavailable("provider down"));
    const { code, out } = await run(
      [
        scenario("answered", askOnce),
        scenario("no-call", async () => ({ got: "offline answer", match: true })),
        scenario("fell-back", async (context) => {
          await askOnce(context);
          context.logger.warn("LLM query generation failed, using heuristic");
          return { got: "heuristic", match: true };
        }),
        scenario("failed-call", async (context) => {
          await context.llm
            .structured({ schema: ping, schemaName: "down", system: "s", messages: [] })
            .catch(() => 0);
          return askOnce(context);
        }),
        scenario("threw", async () => {
          throw new Error("boom");
        }),
      ],
      fake,
    );

    expect(code).toBe(1);
    expect(out).toMatch(/cook\/answered\s+\| match/);
    expect(out).toMatch(/cook\/no-call\s+\| MISMATCH .*\[no model call\]/);
    expect(out).toMatch(/cook\/fell-back\s+\| MISMATCH .*offline fallback: LLM query generation failed/);
    expect(out).toMatch(/cook\/failed-call\s+\| MISMATCH .*1 failed model call/);
    expect(out).toMatch(/cook\/threw\s+\| ERROR .*error: boom/);
    expect(out).toContain(
      "FAILED: cook/no-call (mismatch), cook/fell-back (mismatch), cook/failed-call (mismatch), cook/threw (error)",
    );
  });

  it("exits 0 and says so only when every selected scenario matches", async () => {
    const { code, out } = await run([scenario("a", askOnce), scenario("b", askOnce)]);

    expect(code).toBe(0);
    expect(out).toContain("totals: 2/2 match, 2 calls");
    expect(out).toContain("all 2 live scenarios match expected actions");
  });
});

describe("--area and --scenario", () => {
  it("select by area, by name or area/name, and refuse an unknown area or name with the known ones", () => {
    const names = (args: string[]) => {
      const selected = selectScenarios(ALL_LIVE_SCENARIOS, args);
      return typeof selected === "string" ? selected : selected.map((s) => `${s.area}/${s.name}`);
    };

    expect(names(["--area", "negotiate"])).toHaveLength(8);
    expect(names(["--area", "cook"])).toEqual(["cook/ambiguous-instruction-clarifies"]);
    expect(names(["--scenario", "multi-turn"])).toEqual(["negotiate/multi-turn"]);
    expect(names(["--scenario", "shop/value-order-section-7"])).toEqual(["shop/value-order-section-7"]);
    expect(names(["--area", "shop", "--scenario", "multi-turn"])).toMatch(/^no scenario matches --area shop/);
    expect(names(["--area", "kitchen"])).toMatch(/^unknown area kitchen; known: negotiate, campaign-chat/);
  });

  it("exits 2 on an unknown area before asking any model", async () => {
    let err = "";
    const code = await runLive(["--area", "kitchen"], {
      out: () => undefined,
      err: (t) => (err += t),
      env: ENV,
    });

    expect(code).toBe(2);
    expect(err).toContain("unknown area kitchen");
  });
});

describe("the cost estimate", () => {
  it("prices known models by their dated and Bedrock ids, and is unknown for any other model", () => {
    expect(priceOf("claude-haiku-4-5-20251001")).toEqual({ input: 1, output: 5 });
    expect(priceOf("global.anthropic.claude-sonnet-4-5-20250929-v1:0")).toEqual({ input: 3, output: 15 });
    expect(priceOf("gpt-4o-mini-2024-07-18")).toEqual({ input: 0.15, output: 0.6 });
    expect(priceOf("gpt-5.6-terra")).toBeUndefined();
    expect(priceOf("qwen2.5:7b")).toBeUndefined();

    expect(estimateCost({ "gpt-4o": { inputTokens: 1_000_000, outputTokens: 100_000 } })).toBeCloseTo(3.5);
    expect(
      estimateCost({
        "gpt-4o": { inputTokens: 10, outputTokens: 1 },
        "qwen2.5:7b": { inputTokens: 1, outputTokens: 1 },
      }),
    ).toBeUndefined();
    expect(
      estimateCost(
        { "qwen2.5:7b": { inputTokens: 2_000_000, outputTokens: 0 } },
        parsePriceOverride("0.5/1"),
      ),
    ).toBeCloseTo(1);
    expect(parsePriceOverride("cheap")).toBeUndefined();
  });
});
