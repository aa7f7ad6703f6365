import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCampaigns } from "../../../dev/demo/demo-campaigns";
import { checkedClient } from "../../support/checked-client";
import {
  isSameProcessRunning,
  killIfRunning,
  killIfSameProcess,
  type ProcessInfo,
  processGroupMembers,
} from "../../support/processes";
import { QUIET_STACK_ENV } from "../../support/quiet-stack-env";
import { scaledTimeout } from "../../support/test-timeouts";
import { waitUntil } from "../../support/wait-until";

// What a client developer's script does after `npm start` (wait-on, a compose health check, CI): wait
// for GET /health to answer 200, then make the README's first calls at once. Healthy must mean ready.

const ROOT = resolve(import.meta.dirname, "../../..");

let child: ChildProcess | undefined;
/** The group's members, recorded while the stack runs (after npm start ends, its pids may be reused). */
let seenMembers: ProcessInfo[] = [];
const childRuns = () => child !== undefined && child.exitCode === null && child.signalCode === null;
// npm start runs in its own process group (node, the JVM of DynamoDB Local): end the whole group by its id,
// politely first, and by SIGKILL when it has not ended within the bound, even when the test failed. The
// group id is used only while its leader runs (the OS then cannot give it to another process), and each
// recorded member by id only while the same process runs.
afterAll(async () => {
  const groupId = child?.pid;
  if (groupId === undefined) return;
  if (childRuns()) {
    seenMembers = [...seenMembers, ...processGroupMembers(groupId)];
    killIfRunning(-groupId, "SIGTERM");
    await waitUntil(
      "npm start's process group to end",
      () => !seenMembers.some(isSameProcessRunning),
      30_000,
    ).catch(() => undefined);
  }
  for (const member of seenMembers) killIfSameProcess(member);
  child = undefined;
  seenMembers = [];
});

// Ctrl-C or a kill of the test run skips afterAll, and the detached group is out of the signal's reach:
// end it here too, then die of the signal as before.
const onRunSignal = (signal: NodeJS.Signals) => {
  if (childRuns() && child?.pid !== undefined) killIfRunning(-child.pid);
  for (const member of seenMembers) killIfSameProcess(member);
  process.kill(process.pid, signal);
};
beforeAll(() => {
  process.once("SIGINT", onRunSignal);
  process.once("SIGTERM", onRunSignal);
});
afterAll(() => {
  process.off("SIGINT", onRunSignal);
  process.off("SIGTERM", onRunSignal);
});

/** The API's URL as soon as `npm start` logs it (before the demo data is loaded), and the later ready line. */
const startStack = () => {
  child = spawn(process.execPath, ["dev/start.mjs"], {
    cwd: ROOT,
    env: { ...process.env, ...QUIET_STACK_ENV, DEMO_DATA: "on" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  let resolveApiUrl: (url: string) => void = () => undefined;
  let rejectApiUrl: (error: Error) => void = () => undefined;
  const apiUrl = new Promise<string>((resolvePromise, reject) => {
    resolveApiUrl = resolvePromise;
    rejectApiUrl = reject;
  });
  const ready = { printed: false };
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    const api = output.match(/^API\s+(http:\/\/127\.0\.0\.1:\d+)/m);
    if (api?.[1]) resolveApiUrl(api[1]);
    if (/Larder is up in/.test(output)) ready.printed = true;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.once("exit", (code) => {
    const failure = new Error(`npm start exited with ${code}; output:\n${output}`);
    rejectApiUrl(failure);
  });
  return { apiUrl, ready, output: () => output };
};

/**
 * Polls GET /health as wait-on does, keeping every answer up to the first 200 and whether the ready line
 * had been printed when the answer came.
 */
const waitForHealthy = async (apiUrl: string, ready: { printed: boolean }, output: () => string) => {
  const anonymous = checkedClient(apiUrl, null);
  const seen: {
    status: number;
    health: string | undefined;
    readyLinePrinted: boolean;
    /** The checks neither ok nor disabled, with their status and detail, for the failure's message. */
    notOk: string;
  }[] = [];
  let checks: Record<string, { status?: string } | undefined> = {};
  await waitUntil(
    "GET /health to answer 200",
    async () => {
      const readyLinePrinted = ready.printed;
      const { data, error, response } = await anonymous.GET("/health");
      const body = data ?? error;
      seen.push({
        status: response.status,
        health: body && "status" in body ? body.status : undefined,
        readyLinePrinted,
        notOk: JSON.stringify(
          Object.entries(body && "checks" in body ? body.checks : {}).filter(
            ([, check]) => check.status !== "ok" && check.status !== "disabled",
          ),
        ),
      });
      if (response.status !== 200) return false;
      checks = data?.checks ?? {};
      return true;
    },
    90_000,
  ).catch((error: unknown) => {
    // npm start's own words say why it stopped answering (it exits when a part fails to start).
    throw new Error(
      `${(error as Error).message} (${String((error as Error).cause ?? "")}); last answer: ${JSON.stringify(seen.at(-1))}; ` +
        `npm start's output:\n${output().slice(-4000)}`,
    );
  });
  return { seen, checks };
};

describe("npm start with demo data, as a client waiting on GET /health meets it", () => {
  it(
    "answers 503 starting until the demo data is in, then serves the README's first calls at once",
    async () => {
      const dayBefore = new Date();
      const { apiUrl: apiUrlPromise, ready, output } = startStack();
      const apiUrl = await apiUrlPromise;
      if (child?.pid !== undefined) seenMembers = processGroupMembers(child.pid);
      const { seen, checks } = await waitForHealthy(apiUrl, ready, output);

      // Before the first 200: only 503 starting, and no ready line yet.
      for (const { notOk, ...answer } of seen.slice(0, -1)) {
        expect(answer, `checks not ok: ${notOk}`).toEqual({
          status: 503,
          health: "starting",
          readyLinePrinted: false,
        });
      }
      expect(seen.at(-1)?.health).toBe("ok");
      expect(checks.demo_data?.status).toBe("ok");

      // The README's first calls, through the typed client, straight after the first 200.
      const demo = checkedClient(apiUrl, "demo");
      const monday = { path: { snapshot_id: "demo-week", date: "2025-01-06", meal_type: "dinner" as const } };
      const plan = await demo.GET("/plans/{snapshot_id}", { params: { path: { snapshot_id: "demo-week" } } });
      expect(plan.data?.planned_meals.length).toBeGreaterThan(0);
      const variant = await demo.POST("/plans/{snapshot_id}/meals/{date}/{meal_type}/variant", {
        params: monday,
        body: { instruction: "replace chicken breast with 400 g firm tofu" },
      });
      expect(variant.response.status).toBe(200);
      const cook = await demo.GET("/cook/{id}", {
        params: { path: { id: "variant:demo-week:2025-01-06:dinner" } },
      });
      expect(JSON.stringify(cook.data)).toMatch(/tofu/i);
      const list = await demo.GET("/plans/{snapshot_id}/shopping-list", {
        params: { path: { snapshot_id: "demo-week" } },
      });
      expect(list.data?.items.length).toBeGreaterThan(0);
      const chat = await demo.POST("/chat/kitchen", {
        body: { snapshot_id: "demo-week", message: "remove modifications on Monday" },
      });
      expect(chat.response.status).toBe(200);
      // The demo campaigns are dated back from the day the stack started (the cached demo database is dated
      // from a fixed day and moved to it): as loaded that day, whichever day the test runs.
      const lounge = await demo.GET("/campaigns/{id}", { params: { path: { id: "demo-anchor-lounge" } } });
      const datedFrom = [dayBefore, new Date()].map(
        (day) => demoCampaigns(day).find((campaign) => campaign.id === "demo-anchor-lounge")?.capture_date,
      );
      expect(datedFrom).toContain(lounge.data?.capture_date);
      const document = await checkedClient(apiUrl, null).GET("/openapi.json");
      expect(document.response.status).toBe(200);
    },
    scaledTimeout(150_000),
  );
});
