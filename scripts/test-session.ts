/**
 * `npm run test-session -- [--scenario NAME] [--scripted]`: seed 003's interactive negotiation session in
 * the terminal. One negotiation (a scenario's order and instructions) runs through the negotiation
 * workflow (statemachines/negotiation.asl.json, run locally, records in memory) turn after turn: type the
 * supplier's email on one line (or press Enter for the scenario's next fixture email), see the verbose
 * trace (each expert's opinion, every orchestrator round, the draft and its leak check, calls and tokens),
 * then review it: `a` approves the draft, `e <text>` approves your own text, `r` rejects, `x` escalates.
 * An approved reply joins the thread the next email sees. `q` (or the end of input) ends the session with
 * a summary. The model is the configured provider (LLM_PROVIDER; offline every email escalates), or with
 * `--scripted` the scenario's scripted model. Nothing is sent to anyone.
 */
import { createInterface } from "node:readline/promises";
import { startLocalNegotiation } from "../dev/negotiate/local-negotiation";
import { NEGOTIATION_SCENARIOS } from "../dev/negotiate/scenarios";
import { scriptedFakeLlm } from "../dev/negotiate/scripted-model";
import { createLlm } from "../functions/core/llm/create-llm";
import { readLlmConfig } from "../functions/core/llm/llm-config";
import type { Review } from "../functions/negotiate/domain/negotiation";
import { formatTotals, formatVerbose } from "./negotiate/format-response";

export interface SessionIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
  /** The next line typed; undefined at the end of input. */
  readLine: () => Promise<string | undefined>;
}

const USAGE = "usage: npm run test-session -- [--scenario NAME] [--scripted]";

const flagValue = (args: string[], flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};

interface TurnSummary {
  turn: number;
  action: string;
  expected: string | null;
  review: string;
  calls: number;
  tokens: number;
}

/** Reads the review of a turn; asks again on an answer it does not understand. */
const readReview = async (io: SessionIo, canApproveDraft: boolean): Promise<Review | "quit" | undefined> => {
  for (;;) {
    io.out(
      `review [${canApproveDraft ? "a approve draft / " : ""}e <text> approve your text / r reject / x escalate / q quit]> `,
    );
    const line = await io.readLine();
    if (line === undefined) return undefined;
    const answer = line.trim();
    if (answer === "q") return "quit";
    if (answer === "a" && canApproveDraft) return { decision: "approve" };
    if (answer.startsWith("e ") && answer.slice(2).trim())
      return { decision: "approve", text: answer.slice(2).trim() };
    if (answer === "r") return { decision: "reject" };
    if (answer === "x") return { decision: "escalate" };
    io.out(
      answer === "a"
        ? "there is no draft to approve as is (none, or the leak check blocked it): use e <text>\n"
        : "unknown answer\n",
    );
  }
};

export const runTestSession = async (args: string[], io: SessionIo): Promise<number> => {
  const name = flagValue(args, "--scenario") ?? "multi-turn";
  const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === name);
  if (!scenario) {
    io.err(
      `No scenario named ${name}; known: ${NEGOTIATION_SCENARIOS.map((s) => s.name).join(", ")}\n${USAGE}\n`,
    );
    return 2;
  }
  const scripted = args.includes("--scripted");
  const llm = scripted ? scriptedFakeLlm(scenario) : createLlm(readLlmConfig(io.env), { logger: null });
  const { orderContext } = scenario;
  io.out(
    `Test session: scenario ${scenario.name} (${scripted ? "scripted model" : `model ${io.env.LLM_PROVIDER ?? "from the environment"}`})\n` +
      `Order: ${orderContext.skuName} (${orderContext.supplierSku}), ${orderContext.quantityRequested}` +
      `${orderContext.targetPrice === undefined ? "" : `, target ${orderContext.targetPrice} ${orderContext.currency}`}\n` +
      `Instructions:\n${scenario.merchantInstructions}\n`,
  );
  const negotiation = await startLocalNegotiation(llm, scenario);
  const turns: TurnSummary[] = [];
  try {
    let fixture = 0;
    // A turn's header once, however many times its prompt is asked again (an empty line past the fixtures).
    let headedTurn = 0;
    for (;;) {
      const next = scenario.turns[fixture];
      const turn = turns.length + 1;
      io.out(
        `${headedTurn === turn ? "" : `\n--- turn ${turn} ---\n`}supplier email${next ? " (Enter: the scenario's next email)" : ""}, or q> `,
      );
      headedTurn = turn;
      const line = await io.readLine();
      if (line === undefined || line.trim() === "q") break;
      const typed = line.trim();
      if (!typed && !next) {
        io.out("the scenario has no more emails: type one, or q\n");
        continue;
      }
      const email = typed || (next?.supplierMessage ?? "");
      const expected = typed ? null : (next?.expectedAction ?? null);
      if (!typed) {
        fixture += 1;
        io.out(`${email}\n`);
      }
      const started = performance.now();
      const { messageId, response, steps } = await negotiation.receive(email);
      if (!response) throw new Error(`the workflow ended without a response (steps: ${steps.join(", ")})`);
      io.out(`\nworkflow: ${steps.join(" → ")}\n`);
      io.out(
        `decision: ${response.action}${expected ? ` (expected ${expected}: ${response.action === expected ? "match" : "MISMATCH"})` : ""} — ${formatTotals(response, performance.now() - started)}\n`,
      );
      io.out(`${formatVerbose(response)}\n`);
      const review = await readReview(io, Boolean(response.draft && !response.leakCheck?.blocked));
      const summary: TurnSummary = {
        turn: turns.length + 1,
        action: response.action,
        expected,
        review: "none",
        calls: response.totalLLMCalls,
        tokens: response.totalInputTokens + response.totalOutputTokens,
      };
      turns.push(summary);
      if (review === undefined || review === "quit") {
        await negotiation.reject(messageId);
        summary.review = "ended unreviewed (rejected)";
        break;
      }
      await negotiation.review(messageId, review);
      summary.review =
        review.decision === "approve" ? `approved${review.text ? " (your text)" : ""}` : review.decision;
      io.out(
        review.decision === "approve"
          ? "approved: the reply joins the thread (nothing is sent)\n"
          : `${review.decision === "reject" ? "rejected" : "escalated to a person"}\n`,
      );
    }
  } finally {
    await negotiation.stop();
  }
  const mismatches = turns.filter((t) => t.expected !== null && t.expected !== t.action).length;
  io.out("\n=== session summary ===\n");
  for (const t of turns) {
    io.out(
      `turn ${t.turn}: ${t.action}${t.expected ? ` (expected ${t.expected})` : ""}, review: ${t.review}, ${t.calls} LLM calls, ${t.tokens} tokens\n`,
    );
  }
  io.out(
    `${turns.length} turn(s), ${turns.reduce((n, t) => n + t.calls, 0)} LLM calls, ${turns.reduce((n, t) => n + t.tokens, 0)} tokens${mismatches ? `, ${mismatches} action(s) differ from the scenario` : ""}\n`,
  );
  return mismatches === 0 ? 0 : 1;
};

const isMain = process.argv[1]?.endsWith("test-session.ts") ?? false;
if (isMain) {
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  const code = await runTestSession(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    readLine: async () => {
      const next = await lines.next();
      return next.done ? undefined : next.value;
    },
  }).catch((error: unknown) => {
    process.stderr.write(`test-session failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  });
  rl.close();
  process.exitCode = code;
}
