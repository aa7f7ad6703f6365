import { playScenario } from "../../../dev/negotiate/play-scenario";
import { NEGOTIATION_SCENARIOS, type NegotiationScenario } from "../../../dev/negotiate/scenarios";
import type { LiveScenario } from "../types";

/**
 * Seed 003: the eight negotiation scenarios (dev/negotiate/scenarios.ts, their scripts ignored), each
 * email through the negotiation workflow run locally (the ASL and the step handlers the Lambdas export),
 * every drafted reply approved so it joins the thread. A match is every email's action among the right ones
 * (where the seed allows several, e.g. loop-hits-cap: escalate or clarify; the ten-round cap itself is
 * checked against the scripted model only, in CI).
 */
/** Every action the seed allows on a turn: the scripted one first, then the others a sound model may take. */
const rightActions = (turn: NegotiationScenario["turns"][number]): string[] => [
  turn.expectedAction,
  ...(turn.alsoRight ?? []),
];

export const NEGOTIATE_LIVE_SCENARIOS: LiveScenario[] = NEGOTIATION_SCENARIOS.map((scenario) => ({
  area: "negotiate",
  name: scenario.name,
  seed: "003",
  expected: scenario.turns.map((turn) => rightActions(turn).join("|")).join(" → "),
  async run({ llm }) {
    const played = await playScenario(llm, scenario);
    return {
      got: played.map((turn) => turn.response.action).join(" → "),
      match:
        played.length === scenario.turns.length &&
        played.every((turn, index) => {
          const asked = scenario.turns[index];
          return asked !== undefined && rightActions(asked).includes(turn.response.action);
        }),
    };
  },
}));
