import { describe, expect, it } from "vitest";
import { runPipelineCommand } from "../../../scripts/pipeline";

const run = async (
  args: string[],
  env: Record<string, string> = { LLM_PROVIDER: "none" },
  input: string[] = [],
) => {
  let out = "";
  let err = "";
  const lines = [...input];
  const code = await runPipelineCommand(args, {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    env,
    readLine: async () => lines.shift(),
  });
  return { code, out, err };
};

describe("npm run pipeline", () => {
  it("--all-scenarios --scripted prints expected and actual action per email and exits 0", async () => {
    const { code, out } = await run(["--all-scenarios", "--scripted"]);
    expect(code).toBe(0);
    expect(out.match(/^PASS /gm)).toHaveLength(9);
    expect(out).toContain("PASS multi-turn turn 2: expected accept, got accept");
  });

  it("--verbose shows the opinions and the orchestrator trace", async () => {
    const { out } = await run(["--scenario", "loop-hits-cap", "--scripted", "--verbose"]);
    expect(out).toContain("expert opinions:");
    expect(out).toContain("10. ask extraction: Which price applies?");
    expect(out).toContain("decided by: safety_valve");
  });

  it("without a provider (and without --scripted) says NOT RUN, runs nothing and exits 2", async () => {
    const { code, out, err } = await run(["--all-scenarios"]);
    expect(code).toBe(2);
    expect(err).toContain("pipeline: NOT RUN, no model to play the scenarios with");
    expect(err).toContain("LLM_PROVIDER=none");
    expect(out).not.toMatch(/^(PASS|FAIL) /m);
  });

  it("exits 1 when an action differs", async () => {
    // A provider whose every answer is refused: each email escalates, so "accept" differs.
    const { code, out } = await run(["--scenario", "accept"], {
      LLM_PROVIDER: "openai",
      OPENAI_API_KEY: "unit-test-key",
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
    });
    expect(code).toBe(1);
    expect(out).toContain("FAIL accept turn 1: expected accept, got escalate");
  });

  it("names the known scenarios for an unknown one, and prints usage without a command", async () => {
    expect((await run(["--scenario", "nope"])).err).toContain("known: accept, counter");
    expect((await run([])).code).toBe(2);
  });

  it("chat plays the typed emails and shows each decision", async () => {
    const { code, out } = await run(["chat"], { LLM_PROVIDER: "none" }, ["We quote $5.00 per unit.", "."]);
    expect(code).toBe(0);
    expect(out).toContain("decision: escalate");
    expect(out).toContain("LLM_PROVIDER=none");
  });
});
