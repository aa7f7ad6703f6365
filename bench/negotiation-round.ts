/**
 * Seed 003's first round runs the extraction and escalation experts at once: its wall time should be the
 * slower expert's, not the sum. With a simulated model latency per call, this prints round 1's wall time
 * against the slower of the two experts run alone (goal ≤ 1.15), and, per scenario fixture, the model calls
 * and tokens one supplier email costs and its wall time when every call takes the simulated latency.
 * Tokens are estimated as 4 characters a token of the prompt (system + user text) and of the answer.
 *
 *   npx tsx bench/negotiation-round.ts
 */
import { startLocalNegotiation } from "../dev/negotiate/local-negotiation";
import { NEGOTIATION_SCENARIOS } from "../dev/negotiate/scenarios";
import { scriptedFakeLlm } from "../dev/negotiate/scripted-model";
import type { LlmPort } from "../functions/core/llm/llm-port";
import { consultExpert } from "../functions/negotiate/domain/consult-expert";
import type { MessageContext } from "../functions/negotiate/domain/message-context";
import type { ClassifiedInstructions } from "../functions/negotiate/domain/roles/types";
import { median } from "./lib/stats";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const EXTRACTION_MS = 400;
const ESCALATION_MS = 600;
const OTHER_CALL_MS = 500;
const RUNS = 15;

interface Counted {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

/** The port with a fixed latency per schema name, counting calls and estimated tokens. */
const withLatency = (llm: LlmPort, latencyOf: (schemaName: string) => number, counted: Counted): LlmPort => ({
  async structured(request) {
    counted.calls += 1;
    const prompt = request.system + request.messages.map((m) => ("content" in m ? m.content : "")).join("");
    counted.inputTokens += Math.ceil(prompt.length / 4);
    await sleep(latencyOf(request.schemaName));
    const result = await llm.structured(request);
    counted.outputTokens += Math.ceil(JSON.stringify(result.value).length / 4);
    return result;
  },
  turn: (request) => llm.turn(request),
});

const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "accept");
if (!scenario) throw new Error("the accept scenario is missing");
const classified = scenario.script.classify_instructions?.[0] as ClassifiedInstructions;
const context: MessageContext = {
  supplierMessage: scenario.turns[0]?.supplierMessage ?? "",
  orderContext: scenario.orderContext,
  classifiedInstructions: classified,
};
const latency = (name: string) =>
  name === "extract_quote" ? EXTRACTION_MS : name === "evaluate_escalation" ? ESCALATION_MS : OTHER_CALL_MS;
const newLlm = () =>
  withLatency(scriptedFakeLlm({ ...scenario, script: repeatScript(scenario.script) }), latency, {
    calls: 0,
    inputTokens: 0,
    outputTokens: 0,
  });
/** Enough answers for every run: each schema's first answer, many times. */
function repeatScript(script: Record<string, object[]>): Record<string, object[]> {
  return Object.fromEntries(
    Object.entries(script).map(([k, v]) => [k, Array.from({ length: 100 }, () => v[0] ?? {})]),
  );
}

const time = async (work: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

const extractionAlone: number[] = [];
const escalationAlone: number[] = [];
const roundOne: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const llm = newLlm();
  extractionAlone.push(await time(() => consultExpert(llm, "extraction", context, [], null)));
  escalationAlone.push(await time(() => consultExpert(llm, "escalation", context, [], null)));
  roundOne.push(
    await time(() =>
      Promise.all([
        consultExpert(llm, "extraction", context, [], null),
        consultExpert(llm, "escalation", context, [], null),
      ]),
    ),
  );
}
const slower = Math.max(median(extractionAlone), median(escalationAlone));
console.log(
  `simulated latency: extract_quote ${EXTRACTION_MS} ms, evaluate_escalation ${ESCALATION_MS} ms, other calls ${OTHER_CALL_MS} ms; ${RUNS} runs, medians`,
);
console.log(`extraction alone        ${median(extractionAlone).toFixed(0)} ms`);
console.log(`escalation alone        ${median(escalationAlone).toFixed(0)} ms`);
console.log(`round 1 (both at once)  ${median(roundOne).toFixed(0)} ms`);
console.log(`round 1 / slower expert ${(median(roundOne) / slower).toFixed(3)} (goal <= 1.15)`);

console.log("\nper supplier email (scripted model, simulated latency on every call):");
console.log("scenario               turn  action    LLM calls  input tok  output tok  wall ms");
for (const fixture of NEGOTIATION_SCENARIOS) {
  // Every email through the negotiation workflow itself (the ASL in the local runner); the thread grows
  // as a reviewer approves each draft, as in `npm run pipeline`.
  const counted: Counted = { calls: 0, inputTokens: 0, outputTokens: 0 };
  const negotiation = await startLocalNegotiation(
    withLatency(scriptedFakeLlm(fixture), latency, counted),
    fixture,
  );
  try {
    for (const [index, turn] of fixture.turns.entries()) {
      const before = { ...counted };
      const started = performance.now();
      const { messageId, response } = await negotiation.receive(turn.supplierMessage);
      const wall = performance.now() - started;
      if (!response) throw new Error(`${fixture.name}: the workflow ended without a response`);
      console.log(
        `${fixture.name.padEnd(22)} ${String(index + 1).padStart(4)}  ${response.action.padEnd(9)} ${String(counted.calls - before.calls).padStart(9)}  ${String(counted.inputTokens - before.inputTokens).padStart(9)}  ${String(counted.outputTokens - before.outputTokens).padStart(10)}  ${wall.toFixed(0).padStart(7)}`,
      );
      if (response.draft) await negotiation.approve(messageId, response.draft.body);
      else await negotiation.reject(messageId);
    }
  } finally {
    await negotiation.stop();
  }
}
