/**
 * `npm run pipeline -- --all-scenarios [--verbose] [--scripted]` runs the negotiation scenario fixtures
 * (dev/negotiate/scenarios.ts) through the negotiation workflow (statemachines/negotiation.asl.json, run locally) with the configured provider and prints, per
 * email, the expected and the actual action; `--scenario NAME` runs one; `--verbose` shows each expert's
 * opinion and the orchestrator trace; `--scripted` replays the fixtures' scripted model instead (no key
 * needed). Exits 1 when an action differs, 2 (NOT RUN) without a provider and without `--scripted`.
 *
 * `npm run pipeline -- chat [--scenario NAME]` plays a thread interactively: type the supplier's email (end
 * it with a line holding only "."), see the decision, the trace and the draft, and approve it or not; an
 * approved reply joins the thread. Nothing is sent to anyone.
 */
import { createInterface } from "node:readline/promises";
import { startLocalNegotiation } from "../dev/negotiate/local-negotiation";
import { playScenario } from "../dev/negotiate/play-scenario";
import { NEGOTIATION_SCENARIOS, type NegotiationScenario } from "../dev/negotiate/scenarios";
import { scriptedFakeLlm } from "../dev/negotiate/scripted-model";
import { ConfigError } from "../functions/core/errors";
import { createLlm } from "../functions/core/llm/create-llm";
import { readLlmConfig } from "../functions/core/llm/llm-config";
import type { LlmPort } from "../functions/core/llm/llm-port";
import { formatTotals, formatVerbose } from "./negotiate/format-response";

const USAGE_TEXT =
  "usage: npm run pipeline -- --all-scenarios [--verbose] [--scripted]\n" +
  "       npm run pipeline -- --scenario NAME [--verbose] [--scripted]\n" +
  "       npm run pipeline -- chat [--scenario NAME]";

export interface PipelineIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
  /** Lines typed by the user (chat); undefined at the end of input. */
  readLine?: () => Promise<string | undefined>;
}

const flagValue = (args: string[], flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};

const configuredLlm = (env: PipelineIo["env"]): LlmPort => createLlm(readLlmConfig(env), { logger: null });

const runScenarios = async (args: string[], io: PipelineIo): Promise<number> => {
  const name = flagValue(args, "--scenario");
  const scenarios = name ? NEGOTIATION_SCENARIOS.filter((s) => s.name === name) : NEGOTIATION_SCENARIOS;
  if (scenarios.length === 0) {
    io.err(`No scenario named ${name}; known: ${NEGOTIATION_SCENARIOS.map((s) => s.name).join(", ")}\n`);
    return 2;
  }
  const scripted = args.includes("--scripted");
  const verbose = args.includes("--verbose");
  if (!scripted) {
    let config: ReturnType<typeof readLlmConfig>;
    try {
      config = readLlmConfig(io.env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      config = { provider: "none", reason: error.message };
    }
    if (config.provider === "none") {
      // As test:live: without a model there is nothing to compare, and that is not a failure of the scenarios.
      io.err(
        `pipeline: NOT RUN, no model to play the scenarios with: ${config.reason}.\n` +
          "Set a provider (README, Configuration), or add --scripted to replay the fixtures' scripted model. " +
          "This is not a pass.\n",
      );
      return 2;
    }
  }
  const shared = scripted ? undefined : configuredLlm(io.env);
  let mismatches = 0;
  for (const scenario of scenarios) {
    const played = await playScenario(shared ?? scriptedFakeLlm(scenario), scenario);
    played.forEach((turn, index) => {
      const ok = turn.response.action === turn.expectedAction;
      if (!ok) mismatches += 1;
      io.out(
        `${ok ? "PASS" : "FAIL"} ${scenario.name} turn ${index + 1}: expected ${turn.expectedAction}, got ${turn.response.action} (${formatTotals(turn.response, turn.wallMs)})\n`,
      );
      if (verbose) io.out(`${formatVerbose(turn.response)}\n`);
    });
  }
  io.out(`${mismatches === 0 ? "all actions as expected" : `${mismatches} action(s) differ`}\n`);
  return mismatches === 0 ? 0 : 1;
};

const readEmail = async (io: PipelineIo): Promise<string | undefined> => {
  const lines: string[] = [];
  for (;;) {
    const line = await io.readLine?.();
    if (line === undefined) return lines.length > 0 ? lines.join("\n") : undefined;
    if (line.trim() === ".") return lines.join("\n");
    lines.push(line);
  }
};

const chat = async (args: string[], io: PipelineIo): Promise<number> => {
  const name = flagValue(args, "--scenario") ?? "counter";
  const scenario: NegotiationScenario | undefined = NEGOTIATION_SCENARIOS.find((s) => s.name === name);
  if (!scenario) {
    io.err(`No scenario named ${name}\n`);
    return 2;
  }
  const llm = configuredLlm(io.env);
  io.out(
    `Order: ${scenario.orderContext.skuName}, ${scenario.orderContext.quantityRequested}, target ${scenario.orderContext.targetPrice} ${scenario.orderContext.currency}\n` +
      `Instructions:\n${scenario.merchantInstructions}\n\nType the supplier's email, then a line with only ".". Ctrl-D ends.\n`,
  );
  // The negotiation workflow itself (the ASL, run locally): each email is one execution, paused at its review.
  const negotiation = await startLocalNegotiation(llm, scenario);
  try {
    for (;;) {
      io.out("\nsupplier> ");
      const email = await readEmail(io);
      if (email === undefined || email.trim() === "") return 0;
      const started = performance.now();
      const { messageId, response } = await negotiation.receive(email);
      if (!response) throw new Error("the workflow ended without a response");
      io.out(`\ndecision: ${response.action} (${formatTotals(response, performance.now() - started)})\n`);
      io.out(`${formatVerbose(response)}\n`);
      let approved = false;
      if (response.draft && !response.leakCheck?.blocked) {
        io.out("approve the draft as the reply? [y/N] ");
        approved = (await io.readLine?.())?.trim().toLowerCase() === "y";
      }
      if (approved) {
        await negotiation.approve(messageId);
        io.out("approved (not sent: the approved reply is the output)\n");
      } else {
        await negotiation.reject(messageId);
      }
    }
  } finally {
    await negotiation.stop();
  }
};

export const runPipelineCommand = async (args: string[], io: PipelineIo): Promise<number> => {
  try {
    if (args[0] === "chat") return await chat(args.slice(1), io);
    if (args.includes("--all-scenarios") || args.includes("--scenario")) return await runScenarios(args, io);
    io.err(`${USAGE_TEXT}\n`);
    return 2;
  } catch (error) {
    io.err(`pipeline failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
};

const isMain = process.argv[1]?.endsWith("pipeline.ts") ?? false;
if (isMain) {
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  const code = await runPipelineCommand(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    readLine: async () => {
      const next = await lines.next();
      return next.done ? undefined : next.value;
    },
  });
  rl.close();
  process.exitCode = code;
}
