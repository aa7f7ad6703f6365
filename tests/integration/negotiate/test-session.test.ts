import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "../../../lib/repository-root";
import { scaledTimeout } from "../../support/test-timeouts";

// `npm run test-session` as a person runs it, with its stdin piped: the script in its own process (tsx),
// the negotiation workflow run locally, several turns, each with the verbose trace and a review.

const runSession = (args: string[], input: string, env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
    const child = spawn(join(repositoryRoot, "node_modules/.bin/tsx"), ["scripts/test-session.ts", ...args], {
      cwd: repositoryRoot,
      env: { ...process.env, LLM_PROVIDER: "none", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), scaledTimeout(90_000));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
    child.stdin.end(input);
  });

describe("npm run test-session", () => {
  it("plays the scenario's turns with the trace, takes each review, and ends with a summary", async () => {
    const { code, out, err } = await runSession(
      ["--scripted", "--scenario", "multi-turn"],
      "\na\n\ne Thanks, confirmed.\n\nq\n",
    );
    expect(err).toBe("");
    expect(code).toBe(0);
    expect(out).toContain("--- turn 1 ---");
    expect(out).toContain("--- turn 2 ---");
    expect(out).toContain("decision: counter (expected counter: match)");
    expect(out).toContain("decision: accept (expected accept: match)");
    expect(out).toContain("expert opinions:");
    expect(out).toContain("orchestrator trace:");
    expect(out).toContain("workflow: ClassifyInstructions → CheckClassification → ConsultExperts");
    expect(out).toContain("turn 2: accept (expected accept), review: approved (your text)");
    expect(out).toMatch(/2 turn\(s\), \d+ LLM calls/);
    // An empty line past the scenario's emails asks again without a second header for the same turn.
    expect(out).toContain("the scenario has no more emails: type one, or q");
    expect(out.match(/--- turn 3 ---/g)).toHaveLength(1);
  });

  it("offline, takes a typed email, escalates it with the reason, and the holding reply can be approved", async () => {
    const { code, out } = await runSession([], "We can do $5.00 per unit, 12 days, net 30.\nb\na\nq\n");
    expect(code).toBe(0);
    expect(out).toContain("decision: escalate —");
    expect(out).toContain("LLM_PROVIDER=none");
    expect(out).toContain("unknown answer");
    expect(out).toContain("approved: the reply joins the thread");
    expect(out).toContain("turn 1: escalate, review: approved, 0 LLM calls");
  });
});
