import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type StartedLocalStack, startLocalStack } from "../../../bench/lib/start-local-stack";
import { scaledTimeout } from "../../support/test-timeouts";
import { waitUntil } from "../../support/wait-until";

const AUTH = { authorization: "Bearer dev:demo", "content-type": "application/json" };
/** More than the resumer carries on at once (8), so a review can arrive before its own is reached. */
const REVIEWS = 10;
const dataDir = mkdtempSync(join(tmpdir(), "larder-paused-reviews-test-"));
const started: StartedLocalStack[] = [];
afterAll(async () => {
  for (const stack of started) await stack.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async () => {
  const stack = await startLocalStack({ LLM_PROVIDER: "none", LARDER_DATA_DIR: dataDir });
  started.push(stack);
  return stack;
};

const call = async (apiUrl: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: AUTH,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

/** One negotiation and one supplier message, through the API: offline, its workflow stops at the review wait. */
const pausedReview = async (apiUrl: string, i: number) => {
  const negotiation = await call(apiUrl, "POST", "/negotiations", {
    orderContext: {
      skuName: `Organic oat milk 1 L (${i})`,
      supplierSku: `OAT-1L-ORG-${i}`,
      quantityRequested: "2,000 units",
      targetPrice: 4.37,
      currency: "USD",
    },
    merchantInstructions: "Aim for our target. Walk away above $5.19.",
    supplier: { name: "Dana", company: "Oat Co" },
  });
  expect(negotiation.status, JSON.stringify(negotiation.json)).toBe(201);
  const negotiationId = String(negotiation.json.negotiationId);
  const message = await call(apiUrl, "POST", `/negotiations/${negotiationId}/messages`, {
    supplierMessage: "We can do $5.00 per unit, 12 days, net 30.",
  });
  expect(message.status, JSON.stringify(message.json)).toBe(202);
  return { negotiationId, messageId: String(message.json.messageId) };
};

const statusOf = async (apiUrl: string, path: string) => (await call(apiUrl, "GET", path)).json;

describe("a restart on a folder with reviews waiting", () => {
  it(
    "reports ready before carrying them on, in one summary line; reviews sent at once each carry their own on, and every other is reviewable after",
    async () => {
      const first = await start();
      const negotiations = await Promise.all(
        Array.from({ length: REVIEWS }, (_, i) => pausedReview(first.apiUrl, i)),
      );
      const paths = negotiations.map(
        ({ negotiationId, messageId }) => `/negotiations/${negotiationId}/messages/${messageId}`,
      );
      await waitUntil(
        "every message to reach the review wait",
        async () => {
          const statuses = await Promise.all(
            paths.map(async (p) => (await statusOf(first.apiUrl, p)).status),
          );
          return statuses.every((status) => status === "awaiting_review");
        },
        120_000,
      );
      await first.stop();
      started.pop();

      const again = await start();
      // Ready came first: no review was carried on before it, and none printed a line of its own.
      expect(again.output()).not.toMatch(/Kept work|Awaiting review|Workflow execution started/);

      // A review sent at once to every other one: some the carrying on has reached (their token being
      // renewed), some it has not. Each is taken, and saved on its own message.
      const reply = "Thank you, Dana: we accept $5.00 per unit.";
      const atOnce = paths.filter((_, i) => i % 2 === 1);
      const later = paths.filter((_, i) => i % 2 === 0);
      const reviews = await Promise.all(
        atOnce.map((path) =>
          call(again.apiUrl, "POST", `${path}/review`, { decision: "approve", text: reply }),
        ),
      );
      for (const review of reviews) expect(review.status, JSON.stringify(review.json)).toBe(202);
      let approved: Record<string, unknown>[] = [];
      await waitUntil(
        "the reviewed messages' workflows to save the decision",
        async () => {
          approved = await Promise.all(atOnce.map((path) => statusOf(again.apiUrl, path)));
          return approved.every((message) => message.status !== "awaiting_review");
        },
        60_000,
      );
      for (const message of approved)
        expect(message).toMatchObject({ status: "approved", approvedReply: reply });

      await waitUntil("the kept work's summary line", () => /Kept work/.test(again.output()), 120_000);
      expect(again.output()).toMatch(
        new RegExp(
          `Kept work\\s+${REVIEWS} negotiation messages awaiting review carried on from the review wait`,
        ),
      );
      expect(again.output()).not.toMatch(/Workflow execution started/);
      // No other message took a review meant for another: each of the rest still waits for its own.
      for (const path of later)
        expect((await statusOf(again.apiUrl, path)).status, path).toBe("awaiting_review");

      // Every other one is reviewable now.
      const rejections = await Promise.all(
        later.map((path) => call(again.apiUrl, "POST", `${path}/review`, { decision: "reject" })),
      );
      for (const rejection of rejections) expect(rejection.status, JSON.stringify(rejection.json)).toBe(202);
      let rejected: Record<string, unknown>[] = [];
      await waitUntil(
        "the rejected messages' workflows to save the decision",
        async () => {
          rejected = await Promise.all(later.map((path) => statusOf(again.apiUrl, path)));
          return rejected.every((message) => message.status !== "awaiting_review");
        },
        60_000,
      );
      for (const message of rejected) expect(message).toMatchObject({ status: "rejected" });
    },
    scaledTimeout(600_000),
  );
});
