import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientOf,
  draftAwaitingReview,
  finishedShopRun,
  launchConsoleBrowser,
  startConsoleStack,
} from "../../../dev/console-demo";
import type { LocalStack } from "../../../dev/local-stack";
import { scaledTimeout } from "../../support/test-timeouts";
import { waitUntil } from "../../support/wait-until";

// The console as `npm start` serves it (the cached Vite build at /console/), driven by the project's own
// Chromium against the whole local stack: DynamoDB Local, PGlite, the real ASL, the simulated store.
// Every wait is on a condition: a page's text, an API answer, the store's cart.

const savedEnv = { ...process.env };
/** A bound on a wait for the page (a store change through Chromium takes seconds on a busy machine). */
const UI_WAIT_MS = scaledTimeout(60_000);
let stack: LocalStack | undefined;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stack = await startConsoleStack("larder-console-test");
  browser = await launchConsoleBrowser();
}, scaledTimeout(180_000));

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await stack?.stop();
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
});

const running = (): { stack: LocalStack; browser: Browser; consoleUrl: string } => {
  if (!stack?.consoleUrl || !browser) throw new Error("the stack or the browser did not start");
  return { stack, browser, consoleUrl: stack.consoleUrl };
};

/** A page of the console signed in as `tenant` (the local dev token), in `locale`. */
const openConsole = async (tenant: string, locale = "en-GB"): Promise<Page> => {
  const context = await running().browser.newContext({ locale });
  contexts.push(context);
  await context.addInitScript((name) => localStorage.setItem("larder.tenant", name), tenant);
  return context.newPage();
};

const storeCart = async (householdId: string): Promise<Record<string, number>> => {
  const response = await fetch(new URL(`/__test/households/${householdId}`, running().stack.storeUrl));
  const body = (await response.json()) as { state: { cart: { productId: string; quantity: number }[] } };
  return Object.fromEntries(body.state.cart.map((line) => [line.productId, line.quantity]));
};

const runOf = async (tenant: string, runId: string) => {
  const run = await clientOf(running().stack, tenant).GET("/shop/runs/{runId}", {
    params: { path: { runId } },
  });
  const substitutions = run.data?.result?.substitutions.filter((s) => s.candidates.length > 0) ?? [];
  expect(substitutions.length).toBeGreaterThanOrEqual(2);
  return substitutions;
};

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );

describe("a household decides a shop run's substitutes in the console", () => {
  let runId = "";
  beforeAll(async () => {
    runId = await finishedShopRun(running().stack, "demo");
  }, scaledTimeout(180_000));

  it("accepts a substitute: the store's cart swaps the original for it, and a second tab is told it was decided", async () => {
    const [first] = await runOf("demo", runId);
    if (!first) throw new Error("no substitution");
    const candidate = first.candidates[0];
    if (!candidate) throw new Error("no candidate");
    const before = await storeCart("demo");
    expect(before[first.originalItem.productId]).toBeGreaterThan(0);
    expect(before[candidate.productId]).toBeUndefined();

    const page = await openConsole("demo");
    const other = await openConsole("demo");
    await page.goto(`${running().consoleUrl}shop/runs/${runId}`);
    await other.goto(`${running().consoleUrl}shop/runs/${runId}`);
    const item = page.getByRole("region", { name: first.originalItem.name, exact: true });
    await item.getByRole("button", { name: `Accept ${candidate.name}`, exact: true }).click();
    // The store change runs in Chromium against the simulated store: seconds, not a frame.
    await item.locator('[data-outcome="applied"]').waitFor({ timeout: UI_WAIT_MS });
    const after = await storeCart("demo");
    expect(after[first.originalItem.productId]).toBeUndefined();
    expect(after[candidate.productId]).toBeGreaterThan(0);
    // Focus moved on to the next open item.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.tagName), { timeout: UI_WAIT_MS })
      .toBe("H3");

    // The second tab still shows the buttons: its Accept is answered "already decided", nothing again.
    const stale = other.getByRole("region", { name: first.originalItem.name, exact: true });
    await stale.getByRole("button", { name: `Accept ${candidate.name}`, exact: true }).click();
    await stale.getByText(/Already decided/).waitFor({ timeout: UI_WAIT_MS });
    expect(await storeCart("demo")).toEqual(after);
  });

  it("rejects a product's substitutes: the cart stays as it was", async () => {
    const [, second] = await runOf("demo", runId);
    if (!second) throw new Error("no second substitution");
    const before = await storeCart("demo");
    const page = await openConsole("demo");
    await page.goto(`${running().consoleUrl}shop/runs/${runId}`);
    const item = page.getByRole("region", { name: second.originalItem.name, exact: true });
    await item
      .getByRole("button", { name: `Reject every substitute for ${second.originalItem.name}` })
      .click();
    await item.locator('[data-outcome="recorded"]').waitFor({ timeout: UI_WAIT_MS });
    expect(await storeCart("demo")).toEqual(before);
  });
});

describe("a merchant reviews drafts in the console", () => {
  it("approves a draft with the keyboard only, and it leaves the inbox", async () => {
    const tenant = "merchant-keyboard";
    const { negotiationId, messageId } = await draftAwaitingReview(running().stack, tenant);
    const page = await openConsole(tenant);
    await page.goto(running().consoleUrl);
    const item = page.getByRole("link", { name: "Draft reply to Aveia Verde Lda" });
    await item.waitFor();
    expect(await page.title()).toMatch(/^\(1\) Inbox/);

    await page.keyboard.press("j");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "Draft reply to Aveia Verde Lda",
    );
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/negotiations/${negotiationId}`);
    await page.getByRole("button", { name: "Approve", exact: true }).waitFor();
    let reached = false;
    for (let presses = 0; presses < 60 && !reached; presses++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(() => document.activeElement?.textContent === "Approve");
    }
    expect(reached).toBe(true);
    await page.keyboard.press("Enter");

    await page.waitForURL(/\/console\/?$/);
    await page.getByText("Nothing waits for you.").waitFor();
    const client = clientOf(running().stack, tenant);
    await waitUntil("the API to list no draft awaiting review", async () => {
      const list = await client.GET("/negotiations", { params: { query: { status: "awaiting_review" } } });
      return list.data?.negotiations.every((row) => row.messageId !== messageId) ?? false;
    });
    const message = await client.GET("/negotiations/{negotiation_id}/messages/{message_id}", {
      params: { path: { negotiation_id: negotiationId, message_id: messageId } },
    });
    expect(message.data?.review?.decision).toBe("approve");
  });

  it("sends an edited approval's text, after showing what changed from the draft", async () => {
    const tenant = "merchant-edit";
    const { negotiationId, messageId } = await draftAwaitingReview(running().stack, tenant, "Moinho Lda");
    const page = await openConsole(tenant);
    await page.goto(`${running().consoleUrl}negotiations/${negotiationId}`);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const edited = "Hello Dana,\nThank you: we will come back to you on the price this week.\nBest regards";
    await page.getByLabel("Edited reply").fill(edited);
    await page.locator(".diff ins", { hasText: "we will come back to you on the price this week" }).waitFor();
    await page.getByRole("button", { name: "Approve edited reply" }).click();
    await page.waitForURL(/\/console\/?$/);

    const client = clientOf(running().stack, tenant);
    let approved: string | null | undefined;
    await waitUntil("the edited reply to be the approved one", async () => {
      const message = await client.GET("/negotiations/{negotiation_id}/messages/{message_id}", {
        params: { path: { negotiation_id: negotiationId, message_id: messageId } },
      });
      approved = message.data?.approvedReply;
      return approved !== null && approved !== undefined;
    });
    expect(approved).toBe(edited);
  });
});

describe("every page of the console", () => {
  it("has no serious or critical accessibility violation (axe-core)", async () => {
    const tenant = "axe";
    const runId = await finishedShopRun(running().stack, tenant);
    const { negotiationId } = await draftAwaitingReview(running().stack, tenant, "Axe Lda");
    const page = await openConsole(tenant);
    await page.goto(running().consoleUrl);
    await page.getByRole("link", { name: "Draft reply to Axe Lda" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${running().consoleUrl}shop/runs/${runId}`);
    await page.getByRole("heading", { name: "Proposed delivery slot" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${running().consoleUrl}negotiations/${negotiationId}`);
    await page.getByRole("button", { name: "Approve", exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByLabel("Edited reply").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("speaks Portuguese to a pt-PT browser, and switches tenant on request", async () => {
    const page = await openConsole("demo", "pt-PT");
    await page.goto(running().consoleUrl);
    await page.getByRole("heading", { name: "Caixa de entrada", level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt-PT");

    await page.getByLabel("Idioma").selectOption("en");
    await page.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");

    await page.getByLabel("Tenant", { exact: true }).fill("someone-else");
    await page.getByLabel("Tenant", { exact: true }).press("Enter");
    await page.getByTestId("current-tenant").getByText("someone-else", { exact: true }).waitFor();
    await page.getByText("Nothing waits for you.").waitFor();
  });
});
