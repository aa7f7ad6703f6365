import sparticuzChromium from "@sparticuz/chromium";
import { type Browser, chromium } from "playwright-core";
import {
  chromiumExecutablePath,
  QUIET_CHROMIUM_FLAGS,
} from "../functions/shop/adapters/store/browser/launch-chromium";
import { repositoryRoot } from "../lib/repository-root";
import { createLarderClient, type LarderClient } from "../sdk/larder-client";
import { ensureConsoleBuild } from "./console-build.mjs";
import { readLocalStackConfig } from "./local-config";
import { type LocalStack, startLocalStack } from "./local-stack";
import { NEGOTIATION_SCENARIOS } from "./negotiate/scenarios";
import { REVIEW_STATE } from "./paused-reviews";

/**
 * What the console's browser tests, its screenshots and its bench share: the console's build, Chromium
 * kept on loopback, and a shop run and a draft waiting for a person, made through the API.
 */

/** The console built (or kept) for these sources, as `npm start` serves it. */
export const consoleBuildDir = async (): Promise<string> =>
  (await ensureConsoleBuild({ root: repositoryRoot })).dir;

/**
 * The whole local stack in this process, in memory, on free ports, offline (no model), serving the console
 * at `consoleUrl`; the demo data only when asked (the simulated store's demo household is always there).
 */
export type ConsoleStack = LocalStack & { consoleUrl: string };

export const startConsoleStack = async (
  tableName: string,
  options: { demoData?: boolean } = {},
): Promise<ConsoleStack> => {
  const stack = await startLocalStack(
    readLocalStackConfig({
      PORT: "0",
      STORE_PORT: "0",
      DEMO_DATA: options.demoData ? "on" : "off",
      SCHEDULES: "off",
      LLM_PROVIDER: "none",
      TABLE_NAME: tableName,
    }),
    () => undefined,
    { consoleDir: consoleBuildDir() },
  );
  const { consoleUrl } = stack;
  if (!consoleUrl) throw new Error("the stack serves no console");
  return { ...stack, consoleUrl };
};

/**
 * @sparticuz/chromium through playwright-core; every host but loopback resolves to nothing, so a page
 * cannot reach the network.
 */
export const launchConsoleBrowser = async (): Promise<Browser> =>
  chromium.launch({
    executablePath: await chromiumExecutablePath(),
    args: [
      ...sparticuzChromium.args.filter((arg) => arg !== "--single-process"),
      ...QUIET_CHROMIUM_FLAGS,
      "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
    ],
    headless: true,
  });

const settle = async <T>(
  what: string,
  poll: () => Promise<T | undefined>,
  timeoutMs = 120_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await poll();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export const clientOf = (stack: LocalStack, tenant: string): LarderClient =>
  createLarderClient({ baseUrl: stack.apiUrl, token: `dev:${tenant}` });

/** A finished shop run of `tenant`'s household (the simulated store's demo household for `demo`). */
export const finishedShopRun = async (stack: LocalStack, tenant: string): Promise<string> => {
  const client = clientOf(stack, tenant);
  const created = await client.POST("/shop/runs", { body: {} });
  if (!created.data) throw new Error(`POST /shop/runs: ${JSON.stringify(created.error)}`);
  const { runId } = created.data;
  await settle(`run ${runId} to end`, async () => {
    const run = await client.GET("/shop/runs/{runId}", { params: { path: { runId } } });
    if (run.data && run.data.status !== "running") {
      if (run.data.status !== "succeeded") throw new Error(`run ${runId} ended ${run.data.status}`);
      return true;
    }
    return undefined;
  });
  return runId;
};

/**
 * A negotiation whose supplier email waits for review, its workflow paused at the AwaitReview step (so a
 * review resumes it). Offline the draft is the holding reply of an escalation.
 */
export const draftAwaitingReview = async (
  stack: LocalStack,
  tenant: string,
  company = "Aveia Verde Lda",
): Promise<{ negotiationId: string; messageId: string }> => {
  const client = clientOf(stack, tenant);
  const scenario = NEGOTIATION_SCENARIOS[0];
  const supplierMessage = scenario?.turns[0]?.supplierMessage;
  if (!scenario || !supplierMessage) throw new Error("no negotiation scenario");
  const created = await client.POST("/negotiations", {
    body: {
      orderContext: scenario.orderContext,
      merchantInstructions: scenario.merchantInstructions,
      supplier: { name: "Dana", company },
    },
  });
  if (!created.data) throw new Error(`POST /negotiations: ${JSON.stringify(created.error)}`);
  const { negotiationId } = created.data;
  const posted = await client.POST("/negotiations/{negotiation_id}/messages", {
    params: { path: { negotiation_id: negotiationId } },
    body: { supplierMessage },
  });
  if (!posted.data) throw new Error(`POST messages: ${JSON.stringify(posted.error)}`);
  const { messageId } = posted.data;
  const executionId = `arn:aws:states:local:000000000000:execution:negotiation:${negotiationId}-${messageId}`;
  await settle(`message ${messageId} to wait at its review`, async () => {
    const execution = await stack.workflows.describe(executionId).catch(() => undefined);
    if (execution && execution.status !== "RUNNING") throw new Error(`workflow ended ${execution.status}`);
    return execution?.steps.some((step) => step.name === REVIEW_STATE && step.status === "RUNNING")
      ? true
      : undefined;
  });
  return { negotiationId, messageId };
};
