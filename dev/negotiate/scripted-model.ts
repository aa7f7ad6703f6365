import { createFakeLlm, type FakeLlm } from "../../tests/support/llm/fake-llm";
import { type FakeLlmRequest, type FakeLlmStep, routeByToolName } from "../fake-llm";
import type { NegotiationScenario } from "./scenarios";

/** The scenario's scripted answers as an in-process fake LLM port (queues by schema name). */
export const scriptedFakeLlm = (scenario: NegotiationScenario): FakeLlm => {
  const llm = createFakeLlm();
  for (const [schemaName, answers] of Object.entries(scenario.script))
    llm.onStructured(schemaName, [...answers]);
  return llm;
};

/** The same answers for the fake LLM server, as forced tool calls the official SDKs read back. */
export const scriptedServerScript = (
  scenario: NegotiationScenario,
): ((request: FakeLlmRequest) => FakeLlmStep | Promise<FakeLlmStep>) =>
  routeByToolName(
    Object.fromEntries(
      Object.entries(scenario.script).map(([name, answers]) => [
        name,
        answers.map((args) => ({ reply: { toolCalls: [{ name, arguments: args }] } })),
      ]),
    ),
  ) as (request: FakeLlmRequest) => FakeLlmStep;
