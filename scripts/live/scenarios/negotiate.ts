import { playScenario } from "../../../dev/negotiate/play-scenario";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";
import type { LiveScenario } from "../types";

/**
 * Seed 003: the eight negotiation scenarios (dev/negotiate/scenarios.ts, their scripts ignored), each
 * email through the negotiation workflow run locally (the ASL and the step handlers the Lambdas export),
 * every drafted reply approved so it joins the thread. A match is every email's action as expected.
 */
export const NEGOTIATE_LIVE_SCENARIOS: LiveScenario[] = NEGOTIATION_SCENARIOS.map((scenario) => ({
  area: "negotiate",
  name: scenario.name,
  seed: "003",
  expected: scenario.turns.map((turn) => turn.expectedAction).join(" → "),
  async run({ llm }) {
    const played = await playScenario(llm, scenario);
    return {
      got: played.map((turn) => turn.response.action).join(" → "),
      match:
        played.length === scenario.turns.length &&
        played.every((turn) => turn.response.action === turn.expectedAction),
    };
  },
}));
