import { describe, expect, it } from "vitest";
import { playScenario } from "../../../dev/negotiate/play-scenario";
import { NEGOTIATION_SCENARIOS, type NegotiationScenario } from "../../../dev/negotiate/scenarios";
import {
  call,
  createRealisticFakeLlm,
  type RealisticHandler,
  type RealisticReply,
} from "../../support/llm/realistic-fake-llm";

// The negotiation (seed 003) against a model that answers as real Claude / GPT models do: the values a
// schema allows written in another form, numbers as text, a counter that contradicts the quote, a draft
// with a placeholder. Each is read as meant, asked again once naming what is wrong, or refused with the
// reason; never a needless escalation and never a wrong decision presented as right.

const scenarioNamed = (name: string): NegotiationScenario => {
  const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === name);
  if (!scenario) throw new Error(`the ${name} scenario is missing`);
  return scenario;
};

type Override = (attempt: number, scripted: Record<string, unknown>) => RealisticReply;

/** The scenario's scripted answers as tool calls, except the tools given, answered by their override. */
const modelFor = (scenario: NegotiationScenario, overrides: Record<string, Override> = {}) => {
  const handler =
    (tool: string): RealisticHandler =>
    ({ attempt }) => {
      const answers = scenario.script[tool] ?? [];
      // Each scripted answer is one call; an override's re-asks do not move the script on.
      const scripted = answers[Math.min(attempt - 1, answers.length - 1)] as Record<string, unknown>;
      const override = overrides[tool];
      return override ? override(attempt, answers[0] as Record<string, unknown>) : call(tool, scripted);
    };
  return createRealisticFakeLlm(
    Object.fromEntries(Object.keys(scenario.script).map((tool) => [tool, handler(tool)])),
  );
};

const reasksOf = (llm: ReturnType<typeof modelFor>, tool: string): string[] =>
  llm.requests
    .filter((r) => r.handler === tool)
    .slice(1)
    .map((r) => JSON.stringify(r.request.messages.slice(1)));

describe("the orchestrator's enum values as a real model writes them", () => {
  it('"Counter-offer" every time is read as counter, not escalated after two rejections', async () => {
    const scenario = scenarioNamed("counter");
    const llm = modelFor(scenario, {
      orchestrate_decision: (_attempt, scripted) =>
        call("orchestrate_decision", { ...scripted, action: "Counter-offer" }),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.action).toBe("counter");
    expect(turn?.response.decidedBy).toBe("orchestrator");
    expect(turn?.response.counterTerms).toEqual({ targetPrice: 4.45 });
  });

  it('"Needs Expert" as nextExpert and "Ask for clarification" as action reach the needs expert and a clarify', async () => {
    const scenario = scenarioNamed("reconsult-needs");
    const llm = modelFor(scenario, {
      orchestrate_decision: (attempt) =>
        attempt === 1
          ? call("orchestrate_decision", {
              readyToAct: false,
              action: null,
              reasoning: "We need the needs expert's questions first.",
              nextExpert: "Needs Expert",
              questionForExpert: "Which missing terms matter most, and what should we ask?",
              counterTerms: null,
            })
          : call("orchestrate_decision", {
              readyToAct: true,
              action: "Ask for clarification",
              reasoning: "The supplier gave no terms; ask for them in priority order.",
              nextExpert: null,
              questionForExpert: null,
              counterTerms: null,
            }),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.action).toBe("clarify");
    expect(turn?.response.expertOpinions.map((o) => o.expert)).toContain("needs");
  });

  it('"Escalate to human" is escalate, and the schema sent to the model names the four actions', async () => {
    const scenario = scenarioNamed("escalate-on-trigger");
    const llm = modelFor(scenario, {
      orchestrate_decision: (_attempt, scripted) =>
        call("orchestrate_decision", { ...scripted, action: "Escalate to human" }),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.action).toBe("escalate");
    expect(turn?.response.decidedBy).toBe("orchestrator");
    const tool = llm.requests.find((r) => r.handler === "orchestrate_decision")?.request.tools[0];
    expect(JSON.stringify(tool?.inputSchema)).toContain('["accept","counter","escalate","clarify"]');
  });

  it("an action that names two values is not guessed at: asked again, then a person decides", async () => {
    const scenario = scenarioNamed("counter");
    const llm = modelFor(scenario, {
      orchestrate_decision: (_attempt, scripted) =>
        call("orchestrate_decision", { ...scripted, action: "accept or counter" }),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.action).toBe("escalate");
    expect(reasksOf(llm, "orchestrate_decision")[0]).toMatch(
      /accept.{1,6}counter.{1,6}escalate.{1,6}clarify/,
    );
  });
});
