import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startTarpitServer, type TarpitServer } from "../../../dev/fake-llm/tarpit-server";
import { QUIET_STACK_ENV } from "../../support/quiet-stack-env";
import { scaledTimeout } from "../../support/test-timeouts";
import { waitUntil } from "../../support/wait-until";

const ROOT = resolve(import.meta.dirname, "../../..");
const AUTH = { authorization: "Bearer dev:demo", "content-type": "application/json" };

interface Started {
  child: ChildProcess;
  apiUrl: string;
  output: () => string;
}

const running = new Set<ChildProcess>();
const endOf = (child: ChildProcess): Promise<string> =>
  new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null)
      return done(child.signalCode ?? `${child.exitCode}`);
    child.once("exit", (code, signal) => done(signal ?? `${code}`));
  });

/** `npm start` (dev/start.mjs) on `dataDir`, until its ready line; rejects with its output if it exits. */
const start = (dataDir: string, env: Record<string, string> = {}, args: string[] = []): Promise<Started> => {
  const child = spawn(process.execPath, ["dev/start.mjs", ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...QUIET_STACK_ENV,
      DEMO_DATA: "on",
      LARDER_DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ready line within the bound; output:\n${output}`)),
      scaledTimeout(150_000),
    );
    child.stdout?.on("data", () => {
      const match = output.match(/curl -s (http:\/\/127\.0\.0\.1:\d+)\/health/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolvePromise({ child, apiUrl: match[1], output: () => output });
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`npm start ended with ${signal ?? code}; output:\n${output}`));
    });
  });
};

const stopWith = async (started: Started, signal: NodeJS.Signals): Promise<string> => {
  const ended = endOf(started.child);
  started.child.kill(signal);
  return ended;
};

const call = async (apiUrl: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: AUTH,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

const dataDir = mkdtempSync(join(tmpdir(), "larder-kept-data-test-"));
let tarpit: TarpitServer | undefined;

afterEach(async () => {
  for (const child of running) {
    child.kill("SIGKILL");
    await endOf(child);
  }
});
afterAll(async () => {
  await tarpit?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start keeps what was done in its data folder", () => {
  it(
    "reads back a variant, a shop decision, a negotiation awaiting review, a catalog session and the events after SIGINT and SIGKILL, marks a killed run interrupted, and --fresh starts clean",
    async () => {
      // 1. An empty folder: the demo data goes in; the four kinds of work are made.
      const first = await start(dataDir);
      expect(first.output()).toMatch(/Demo data\s+10 recipes/);
      const api = first.apiUrl;

      const variant = await call(api, "POST", "/plans/demo-week/meals/2025-01-06/dinner/variant", {
        instruction: "replace chicken breast with 400 g firm tofu",
      });
      expect(variant.status).toBe(200);
      const variantId = String((variant.json.variant as { variant_id?: string }).variant_id);

      const run = await call(api, "POST", "/shop/runs", {});
      expect(run.status).toBe(202);
      const runId = String(run.json.runId);
      let runJson: Record<string, unknown> = {};
      await waitUntil(
        "the demo household's shop run to end",
        async () => {
          runJson = (await call(api, "GET", `/shop/runs/${runId}`)).json;
          return runJson.status !== "running";
        },
        120_000,
      );
      expect(runJson.status).toBe("succeeded");
      const substitutions = (runJson.result as { substitutions: { originalItem: { productId: string } }[] })
        .substitutions;
      expect(substitutions.length).toBeGreaterThan(0);
      const decided = substitutions[0]?.originalItem.productId ?? "";
      const decision = await call(api, "POST", `/shop/runs/${runId}/decisions`, {
        decisions: [{ originalProductId: decided, action: "reject" }],
      });
      expect(decision.status).toBe(200);

      const negotiation = await call(api, "POST", "/negotiations", {
        orderContext: {
          skuName: "Organic oat milk 1 L",
          supplierSku: "OAT-1L-ORG",
          quantityRequested: "2,000 units",
          targetPrice: 4.37,
          currency: "USD",
        },
        merchantInstructions: "Aim for our target. Walk away above $5.19.",
        supplier: { name: "Dana", company: "Oat Co" },
      });
      expect(negotiation.status).toBe(201);
      const negotiationId = String(negotiation.json.negotiationId);
      const message = await call(api, "POST", `/negotiations/${negotiationId}/messages`, {
        supplierMessage: "We can do $5.00 per unit, 12 days, net 30.",
      });
      const messageId = String(message.json.messageId);
      const messagePath = `/negotiations/${negotiationId}/messages/${messageId}`;
      // One line after the ready line, however many there are.
      const reviewCarriedOn =
        /Kept work\s+1 negotiation message awaiting review carried on from the review wait/;
      await waitUntil(
        "the supplier message to be worked on",
        async () => (await call(api, "GET", messagePath)).json.status !== "running",
        120_000,
      );
      expect((await call(api, "GET", messagePath)).json.status).toBe("awaiting_review");

      const catalog = await call(api, "POST", "/chat/catalog", { query: "show laptops" });
      expect(catalog.status).toBe(200);
      const sessionId = String(catalog.json.sessionId);

      const readBack = async (apiUrl: string) => {
        expect((await call(apiUrl, "GET", `/cook/${variantId}`)).status).toBe(200);
        const kept = await call(apiUrl, "GET", `/shop/runs/${runId}`);
        expect(kept.json.status).toBe("succeeded");
        expect(kept.json.decisions).toEqual([
          expect.objectContaining({ productId: decided, action: "reject", outcome: "recorded" }),
        ]);
        expect((await call(apiUrl, "GET", messagePath)).json.status).toBe("awaiting_review");
        const session = await call(apiUrl, "GET", `/chat/catalog/${sessionId}`);
        expect(session.status).toBe(200);
        // GET /dev/events is kept with the rest: the run's announcement is still there after a restart.
        const events = (await call(apiUrl, "GET", "/dev/events?detailType=shop.run.succeeded")).json
          .events as { detail: { runId?: string } }[];
        expect(events.filter((event) => event.detail.runId === runId)).toHaveLength(1);
      };
      await readBack(api);
      // Ctrl-C: the stack stops (exit 0, or 130 when a part ends on the signal first, as npm-start.test.ts).
      expect(["0", "130"]).toContain(await stopWith(first, "SIGINT"));

      // 2. The same folder after SIGINT: everything is there, the demo data is not loaded over it. The
      // store never answers this time, so the run started now is still running when the process is killed.
      tarpit = await startTarpitServer();
      const second = await start(dataDir, { STORE_URL: tarpit.url });
      expect(second.output()).toContain("carrying on from the last start");
      expect(second.output()).toMatch(/Demo data\s+kept from/);
      await waitUntil("the kept work's summary line", () => reviewCarriedOn.test(second.output()), 60_000);
      expect(second.output()).not.toMatch(/Workflow execution started/);
      await readBack(second.apiUrl);
      const cutShort = await call(second.apiUrl, "POST", "/shop/runs", {});
      expect(cutShort.status).toBe(202);
      const cutShortId = String(cutShort.json.runId);
      expect((await call(second.apiUrl, "GET", `/shop/runs/${cutShortId}`)).json.status).toBe("running");
      expect(await stopWith(second, "SIGKILL")).toBe("SIGKILL");

      // 3. After SIGKILL: still all there, and the run cut short is reported interrupted.
      const third = await start(dataDir);
      await waitUntil("the kept work's summary line", () => /Kept work/.test(third.output()), 60_000);
      expect(third.output()).toMatch(
        new RegExp(
          `Kept work .*1 shop run marked interrupted \\(${cutShortId}; a new POST /shop/runs starts one again\\)`,
        ),
      );
      await readBack(third.apiUrl);
      const interrupted = await call(third.apiUrl, "GET", `/shop/runs/${cutShortId}`);
      expect(interrupted.json).toMatchObject({ status: "interrupted", error: { code: "interrupted" } });
      // The negotiation paused for review before both stops is reviewed now: its workflow, started again
      // at the AwaitReview wait, carries on to SaveOutcome and records the decision.
      expect(third.output()).toMatch(reviewCarriedOn);
      const reply = "Thank you, Dana: we accept $5.00 per unit, 12 days, net 30.";
      const review = await call(third.apiUrl, "POST", `${messagePath}/review`, {
        decision: "approve",
        text: reply,
      });
      expect(review.status).toBe(202);
      let reviewed: Record<string, unknown> = {};
      await waitUntil(
        "the approved message's workflow to save the decision",
        async () => {
          reviewed = (await call(third.apiUrl, "GET", messagePath)).json;
          return reviewed.status !== "awaiting_review";
        },
        30_000,
      );
      expect(reviewed).toMatchObject({
        status: "approved",
        approvedReply: reply,
        review: { decision: "approve", text: reply },
      });
      expect(["0", "130"]).toContain(await stopWith(third, "SIGINT"));

      // 4. --fresh: says so, and what was made is gone; the demo data is back.
      const fresh = await start(dataDir, {}, ["--fresh"]);
      expect(fresh.output()).toContain(`Starting clean (--fresh): removed the data kept in ${dataDir}`);
      expect(fresh.output()).toMatch(/Demo data\s+10 recipes/);
      expect((await call(fresh.apiUrl, "GET", `/cook/${variantId}`)).status).toBe(404);
      expect((await call(fresh.apiUrl, "GET", `/shop/runs/${runId}`)).status).toBe(404);
      expect((await call(fresh.apiUrl, "GET", messagePath)).status).toBe(404);
      const freshEvents = (await call(fresh.apiUrl, "GET", "/dev/events")).json.events as unknown[];
      expect(freshEvents.some((event) => JSON.stringify(event).includes(runId))).toBe(false);
      expect(["0", "130"]).toContain(await stopWith(fresh, "SIGINT"));
    },
    scaledTimeout(600_000),
  );
});
