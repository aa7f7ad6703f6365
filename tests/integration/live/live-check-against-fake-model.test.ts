import { afterEach, describe, expect, it } from "vitest";
import { type FakeLlmServer, startFakeLlmServer } from "../../../dev/fake-llm";
import { ALL_LIVE_SCENARIOS } from "../../../scripts/live/scenarios";
import { goodModelScript, type ReplyOverride } from "../../support/live/good-model";
import { runProjectScript, type ScriptOutcome } from "../../support/project-script";

/** Runs `npm run test:live` as its package.json line does (`tsx scripts/test-live.ts`), with only `env` set. */
const runTestLive = (args: string[], env: Record<string, string>): Promise<ScriptOutcome> =>
  runProjectScript(
    "scripts/test-live.ts",
    args,
    { LOG_LEVEL: "SILENT", ...env },
    { timeoutMs: 180_000, maxBuffer: 8 * 1024 * 1024 },
  );

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const fakeModel = async (override?: ReplyOverride) => {
  server = await startFakeLlmServer({ script: goodModelScript(override) });
  return server;
};

const MODELS = { LLM_MODEL: "gpt-4o", LLM_FAST_MODEL: "gpt-4o-mini", LLM_MAX_RETRIES: "0" };
const openAiAt = (fake: FakeLlmServer) => ({
  LLM_PROVIDER: "openai",
  OPENAI_BASE_URL: fake.openaiBaseUrl,
  OPENAI_API_KEY: "fake",
  ...MODELS,
});
const anthropicAt = (fake: FakeLlmServer) => ({
  LLM_PROVIDER: "anthropic",
  ANTHROPIC_BASE_URL: fake.url,
  ANTHROPIC_API_KEY: "fake",
  LLM_MODEL: "claude-sonnet-4-5",
  LLM_FAST_MODEL: "claude-haiku-4-5",
  LLM_MAX_RETRIES: "0",
});

/** The table's scenario rows: `area/name | result | ...`. */
const rowsOf = (stdout: string): Map<string, string> =>
  new Map(
    stdout
      .split("\n")
      .map((line) => line.split(" | ").map((cell) => cell.trim()))
      .filter((cells) => cells.length >= 7 && cells[0] !== "scenario")
      .map((cells) => [cells[0] as string, cells[1] as string]),
  );

const scenarioCount = ALL_LIVE_SCENARIOS.length;

describe("npm run test:live against the fake model server", () => {
  it("exits 0 with every scenario of every area a match when the model answers as a good model does", async () => {
    const fake = await fakeModel();

    const outcome = await runTestLive([], openAiAt(fake));

    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    const rows = rowsOf(outcome.stdout);
    expect(rows.size).toBe(scenarioCount);
    expect(new Set(rows.values())).toEqual(new Set(["match"]));
    expect(new Set(ALL_LIVE_SCENARIOS.map((s) => s.area))).toEqual(
      new Set(["negotiate", "campaign-chat", "catalog-chat", "shop", "cook"]),
    );
    expect(outcome.stdout).toContain(`totals: ${scenarioCount}/${scenarioCount} match`);
    // Seed 004's ten examples, the three added ones among them.
    for (const name of ["ru-search-cheap-samsung-phones", "ru-filter-brand-asus", "ru-filter-rating-above"])
      expect(rows.get(`catalog-chat/${name}`)).toBe("match");
    expect([...rows.keys()].filter((name) => name.startsWith("catalog-chat/"))).toHaveLength(12);
    // A good model asks which price applies where the scripted one loops to the cap: a right action too.
    const loop = outcome.stdout.split("\n").find((line) => line.startsWith("negotiate/loop-hits-cap "));
    expect(loop).toMatch(/\| match +\| escalate\|clarify +\| clarify /);
    // gpt-4o and gpt-4o-mini have list prices: the estimate is a dollar figure, not "unknown".
    expect(outcome.stdout).toMatch(/estimated cost: \$\d+\.\d{4}/);
    expect(outcome.stdout).toContain(`all ${scenarioCount} live scenarios match expected actions`);
  });

  it("exits 1 naming the negotiation whose orchestrator chose a wrong action, the others still matching", async () => {
    const fake = await fakeModel((request) =>
      request.forcedToolName === "orchestrate_decision" &&
      JSON.stringify(request.body).includes("$4.20 per unit")
        ? {
            toolCalls: [
              {
                name: "orchestrate_decision",
                arguments: {
                  readyToAct: true,
                  action: "escalate",
                  reasoning: "Unsure.",
                  nextExpert: null,
                  questionForExpert: null,
                  counterTerms: null,
                },
              },
            ],
          }
        : undefined,
    );

    const outcome = await runTestLive([], anthropicAt(fake));

    expect(outcome.code).toBe(1);
    const rows = rowsOf(outcome.stdout);
    expect(rows.get("negotiate/accept")).toBe("MISMATCH");
    expect([...rows].filter(([, result]) => result !== "match").map(([name]) => name)).toEqual([
      "negotiate/accept",
    ]);
    expect(outcome.stdout).toContain("FAILED: negotiate/accept (mismatch)");
  });

  it('exits 1 when the campaign chat reads "Premium" as a value prop instead of a sentiment (seed 002)', async () => {
    const fake = await fakeModel((request) =>
      request.toolNames.includes("filter_campaigns") && request.lastMessageText.includes("Cash Back, Premium")
        ? {
            toolCalls: [
              {
                name: "filter_campaigns",
                arguments: { value_prop: ["Cash Back / Rewards", "Premium"], date_range: "recent" },
              },
            ],
          }
        : undefined,
    );

    const outcome = await runTestLive(["--area", "campaign-chat"], openAiAt(fake));

    expect(outcome.code).toBe(1);
    const rows = rowsOf(outcome.stdout);
    expect([...rows.keys()].every((name) => name.startsWith("campaign-chat/"))).toBe(true);
    expect(rows.get("campaign-chat/offers-cash-back-premium")).toBe("MISMATCH");
    expect(outcome.stdout).toContain("FAILED: campaign-chat/offers-cash-back-premium (mismatch)");
  });

  it("counts a near miss the chat maps onto the stored values ('cash back', 'premium') as right", async () => {
    const fake = await fakeModel((request) =>
      request.toolNames.includes("filter_campaigns") &&
      request.lastMessageText.includes("Cash Back, Premium") &&
      !JSON.stringify(request.body).includes("tool_call_id")
        ? {
            toolCalls: [
              {
                name: "filter_campaigns",
                arguments: { value_prop: ["cash back"], sentiment: ["premium"], date_range: "recent" },
              },
            ],
          }
        : undefined,
    );

    const outcome = await runTestLive(["--area", "campaign-chat"], openAiAt(fake));

    expect(rowsOf(outcome.stdout).get("campaign-chat/offers-cash-back-premium")).toBe("match");
    expect(outcome.code).toBe(0);
  });

  it("exits 2 with a message saying it did not run, never a pass, when no provider is configured", async () => {
    const explicitNone = await runTestLive([], { LLM_PROVIDER: "none" });
    const noKey = await runTestLive([], {});
    const keyMissing = await runTestLive([], { LLM_PROVIDER: "anthropic" });

    for (const outcome of [explicitNone, noKey, keyMissing]) {
      expect(outcome.code).toBe(2);
      expect(outcome.stdout).toBe("");
      expect(outcome.stderr).toContain("test:live: NOT RUN, no model to check against");
      expect(outcome.stderr).toContain("This is not a pass.");
    }
    expect(explicitNone.stderr).toContain("LLM_PROVIDER=none");
    expect(keyMissing.stderr).toContain("ANTHROPIC_API_KEY is missing");
  });
});
