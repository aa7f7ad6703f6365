import { describe, expect, it } from "vitest";
import { playScenario } from "../../../dev/negotiate/play-scenario";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";
import { scriptedFakeLlm } from "../../../dev/negotiate/scripted-model";
import { MAX_ITERATIONS } from "../../../functions/negotiate/domain/orchestrator";

// The eight scenario fixtures with their scripted model, in process: each turn's action is what the
// fixture expects, and the scripts are consumed exactly (no answer left over, none missing).

describe("negotiation scenarios with a scripted model", () => {
  it("has the eight scenarios the issue names", () => {
    expect(NEGOTIATION_SCENARIOS.map((s) => s.name)).toEqual([
      "accept",
      "counter",
      "clarify",
      "escalate-on-trigger",
      "reconsult-needs",
      "loop-hits-cap",
      "injected-instruction",
      "multi-turn",
    ]);
  });

  it.each(NEGOTIATION_SCENARIOS.map((s) => [s.name, s] as const))(
    "%s: every turn takes its expected action",
    async (_, scenario) => {
      const llm = scriptedFakeLlm(scenario);
      const played = await playScenario(llm, scenario);
      expect(played.map((t) => t.response.action)).toEqual(scenario.turns.map((t) => t.expectedAction));
      const calls = Object.fromEntries(
        Object.entries(scenario.script).map(([name]) => [name, llm.callsNamed(name).length]),
      );
      expect(calls).toEqual(
        Object.fromEntries(Object.entries(scenario.script).map(([n, a]) => [n, a.length])),
      );
    },
  );

  it("the cap scenario ends by the safety valve after MAX_ITERATIONS rounds", async () => {
    const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "loop-hits-cap");
    if (!scenario) throw new Error("missing scenario");
    const [turn] = await playScenario(scriptedFakeLlm(scenario), scenario);
    expect(turn?.response.decidedBy).toBe("safety_valve");
    expect(turn?.response.orchestratorTrace).toHaveLength(MAX_ITERATIONS);
  });

  it("the multi-turn thread gives the second email the approved counter as history", async () => {
    const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "multi-turn");
    if (!scenario) throw new Error("missing scenario");
    const llm = scriptedFakeLlm(scenario);
    await playScenario(llm, scenario);
    const second = llm.callsNamed("extract_quote")[1];
    const text = second?.request.messages.map((m) => ("content" in m ? m.content : "")).join("\n");
    expect(text).toContain("Us (sent):\nThanks. Could you meet us at $4.30");
    expect(text).toContain('"unitPrice": 5.1');
  });
});
