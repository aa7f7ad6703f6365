import { ConfigError } from "../../functions/core/errors";
import { createLlm } from "../../functions/core/llm/create-llm";
import { type LlmConfig, readLlmConfig } from "../../functions/core/llm/llm-config";
import type { LlmPort } from "../../functions/core/llm/llm-port";
import { createUsageRecorder } from "../../functions/core/llm/usage-recorder";
import { recordingUsage } from "../../functions/core/llm/usage-recording-llm";
import { parsePriceOverride } from "./cost";
import { ALL_LIVE_SCENARIOS } from "./scenarios";
import { formatTable, type LiveRow } from "./table";
import {
  capturingToolCalls,
  createWarningLogger,
  LIVE_AREAS,
  type LiveArea,
  type LiveRunContext,
  type LiveScenario,
} from "./types";

export const LIVE_USAGE =
  "usage: npm run test:live [-- --area negotiate|campaign-chat|catalog-chat|shop|cook] [--scenario NAME]";

/** Exit codes: 0 every scenario matched, 1 a mismatch or an error, 2 no provider or bad arguments. */
export const EXIT_ALL_MATCH = 0;
export const EXIT_MISMATCH = 1;
export const EXIT_NOT_RUN = 2;

export interface LiveIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
}

const flagValue = (args: readonly string[], flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};

/** The scenarios `--area` and `--scenario` select (a scenario is named `name` or `area/name`). */
export const selectScenarios = (
  scenarios: readonly LiveScenario[],
  args: readonly string[],
): LiveScenario[] | string => {
  const area = flagValue(args, "--area");
  const name = flagValue(args, "--scenario");
  if (args.includes("--area") && !LIVE_AREAS.includes(area as LiveArea))
    return `unknown area ${area ?? "(none)"}; known: ${LIVE_AREAS.join(", ")}`;
  const selected = scenarios.filter(
    (s) =>
      (area === undefined || s.area === area) &&
      (name === undefined || s.name === name || `${s.area}/${s.name}` === name),
  );
  if (selected.length === 0)
    return `no scenario matches${area ? ` --area ${area}` : ""}${name ? ` --scenario ${name}` : ""}; known: ${scenarios.map((s) => `${s.area}/${s.name}`).join(", ")}`;
  return selected;
};

/** The provider, or why none: a live check never passes without a model. */
const configuredProvider = (
  env: LiveIo["env"],
): { config: Exclude<LlmConfig, { provider: "none" }> } | string => {
  try {
    const config = readLlmConfig(env);
    if (config.provider === "none") return config.reason;
    return { config };
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
};

const describeProvider = (config: Exclude<LlmConfig, { provider: "none" }>): string =>
  `${config.provider}${config.baseUrl ? ` at ${config.baseUrl}` : ""}, models ${config.models.default} / ${config.models.fast}`;

/** Runs one scenario with its own usage record; an exception is a row, never a crash of the whole run. */
const runScenario = async (scenario: LiveScenario, shared: LlmPort): Promise<LiveRow> => {
  const recorder = createUsageRecorder();
  const toolCalls: LiveRunContext["toolCalls"] = [];
  const logger = createWarningLogger();
  const llm = capturingToolCalls(recordingUsage(shared, recorder), toolCalls);
  const started = performance.now();
  let got: string;
  let status: LiveRow["status"];
  try {
    const outcome = await scenario.run({ llm, logger, toolCalls });
    // A live check is about the model: an answer from an offline path, or after a failed call, never passes.
    const { failedCalls, calls } = recorder.totals();
    const notes = [
      ...(logger.warnings.length > 0 ? [`offline fallback: ${logger.warnings[0]}`] : []),
      ...(failedCalls > 0 ? [`${failedCalls} failed model call(s)`] : []),
      ...(calls === 0 ? ["no model call"] : []),
    ];
    got = notes.length > 0 ? `${outcome.got} [${notes.join("; ")}]` : outcome.got;
    status = outcome.match && notes.length === 0 ? "match" : "MISMATCH";
  } catch (error) {
    got = `error: ${error instanceof Error ? error.message : String(error)}`.replace(/\s+/g, " ");
    status = "ERROR";
  }
  const totals = recorder.totals();
  return {
    area: scenario.area,
    name: scenario.name,
    expected: scenario.expected,
    got,
    status,
    calls: totals.calls,
    inputTokens: totals.inputTokens,
    cachedInputTokens: totals.cachedInputTokens ?? 0,
    outputTokens: totals.outputTokens,
    latencyMs: performance.now() - started,
    byModel: totals.byModel,
  };
};

/**
 * `npm run test:live`: every selected scenario against the configured provider, one table row each, then
 * the totals and the estimated cost. Never a pass without a provider (exit 2).
 */
export const runLive = async (
  args: readonly string[],
  io: LiveIo,
  options: {
    scenarios?: readonly LiveScenario[];
    /** The port over the configured provider; tests of the runner pass an in-process fake. */
    createPort?: (config: Exclude<LlmConfig, { provider: "none" }>) => LlmPort;
  } = {},
): Promise<number> => {
  const scenarios = options.scenarios ?? ALL_LIVE_SCENARIOS;
  if (args.includes("--help") || args.includes("-h")) {
    io.out(`${LIVE_USAGE}\n`);
    return EXIT_ALL_MATCH;
  }
  const selected = selectScenarios(scenarios, args);
  if (typeof selected === "string") {
    io.err(`test:live: ${selected}\n${LIVE_USAGE}\n`);
    return EXIT_NOT_RUN;
  }
  const provider = configuredProvider(io.env);
  if (typeof provider === "string") {
    io.err(
      `test:live: NOT RUN, no model to check against: ${provider}.\n` +
        "Set LLM_PROVIDER (anthropic, openai or bedrock) with ANTHROPIC_API_KEY, OPENAI_API_KEY, AWS_REGION, " +
        "or LLM_PROVIDER=openai with OPENAI_BASE_URL for an OpenAI-compatible server (llama.cpp, vLLM, Ollama). This is not a pass.\n",
    );
    return EXIT_NOT_RUN;
  }
  io.out(`test:live: ${selected.length} scenario(s) against ${describeProvider(provider.config)}\n`);
  // No circuit breaker: one slow answer must not fail every later scenario at once; each one asks the model.
  const shared = (options.createPort ?? ((config) => createLlm(config, { logger: null })))({
    ...provider.config,
    breakerOpenMs: 0,
  });
  const rows: LiveRow[] = [];
  for (const scenario of selected) {
    const row = await runScenario(scenario, shared);
    rows.push(row);
    io.out(`${row.status === "match" ? "." : "x"} ${row.area}/${row.name}: ${row.status}\n`);
  }
  io.out(`\n${formatTable(rows, parsePriceOverride(io.env.LIVE_PRICE_USD_PER_MTOK))}\n`);
  const failed = rows.filter((r) => r.status !== "match");
  if (failed.length > 0) {
    io.out(`FAILED: ${failed.map((r) => `${r.area}/${r.name} (${r.status.toLowerCase()})`).join(", ")}\n`);
    return EXIT_MISMATCH;
  }
  io.out(`all ${rows.length} live scenarios match expected actions\n`);
  return EXIT_ALL_MATCH;
};
