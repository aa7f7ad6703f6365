import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalStack } from "../../../dev/local-stack";
import { householdForTenant } from "../../../functions/shop/domain/household-for-tenant";
import {
  clientOf,
  consolePages,
  launchConsoleBrowser,
  seriousViolations,
  startConsoleStack,
} from "../../support/console-browser";
import { scaledTimeout } from "../../support/test-timeouts";
import { waitUntil } from "../../support/wait-until";

// Issue 48's pages as `npm start` serves them, driven by the project's Chromium against the whole local
// stack (offline: the rule-based instruction parser, campaign router and catalog agent answer), with the
// demo tenant's week, campaigns and catalog. Every wait is on a condition: a page's text or an API answer.

const savedEnv = { ...process.env };
const UI_WAIT_MS = scaledTimeout(60_000);
const PLAN = "demo-week";
const DINNER = { date: "2025-01-06", meal_type: "dinner" } as const;
let stack: (LocalStack & { consoleUrl: string }) | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  stack = await startConsoleStack("larder-console-48-test");
  browser = await launchConsoleBrowser();
}, scaledTimeout(240_000));

afterAll(async () => {
  await pages.closeAll();
  await browser?.close();
  await stack?.stop();
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
});

const running = () => {
  if (!stack || !browser) throw new Error("the stack or the browser did not start");
  return { stack, browser, consoleUrl: stack.consoleUrl, api: clientOf(stack, "demo") };
};

const pages = consolePages(running);
const openConsole = (path: string, locale = "en-GB") =>
  pages.open("demo", { path, locale, timeoutMs: UI_WAIT_MS });

const dinnerOf = async () => {
  const plan = await running().api.GET("/plans/{snapshot_id}", { params: { path: { snapshot_id: PLAN } } });
  return plan.data?.planned_meals.find((m) => m.date === DINNER.date && m.meal_type === DINNER.meal_type);
};

describe("the plan week", () => {
  it(
    "a variant made from the console shows its badge on the week and its marked changes; Clear removes both",
    async () => {
      const page = await openConsole(`plans/${PLAN}/meals/${DINNER.date}/${DINNER.meal_type}/cook`);
      await page.getByRole("heading", { level: 1, name: "Chicken Stir Fry" }).waitFor();
      expect(await page.locator("h1 .badge.modified").count()).toBe(0);

      // An instruction the parser cannot map asks back; the question is answered in place.
      const unclear = "make it tastier";
      const asked = await running().api.POST("/plans/{snapshot_id}/meals/{date}/{meal_type}/variant", {
        params: { path: { snapshot_id: PLAN, ...DINNER } },
        body: { instruction: unclear },
      });
      const question = asked.data?.needs_clarification ? asked.data.clarification_message : undefined;
      expect(question).toBeTruthy();
      await page.getByLabel("Instruction").fill(unclear);
      await page.getByRole("button", { name: "Make the change" }).click();
      await page.locator(".question", { hasText: question }).waitFor();
      const answer = page.getByLabel("Your answer (a clearer instruction)");
      expect(await answer.inputValue()).toBe(unclear);
      await answer.fill("replace chicken breast with 400 g firm tofu");
      await page.getByRole("button", { name: "Send answer" }).click();
      await page.locator("h1 .badge.modified", { hasText: "Modified" }).waitFor();
      const replaced = page.locator('tr[data-change="replaced"]');
      await replaced.waitFor();
      expect(await replaced.innerText()).toContain("chicken breast");
      expect(await replaced.innerText()).toContain("400 g firm tofu");
      expect(await replaced.innerText()).toContain("replaced");
      const stored = await dinnerOf();
      expect(stored?.modified).toBe(true);
      expect(stored?.variant?.compiled_recipe.ingredients_raw).toContain("400 g firm tofu");
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole("link", { name: "Back to the week" }).click();
      const cell = page.getByTestId(`meal-${DINNER.date}-${DINNER.meal_type}`);
      await cell.locator(".badge.modified", { hasText: "Modified" }).waitFor();

      await cell.getByRole("link").click();
      await page.getByRole("button", { name: "Clear" }).click();
      await page.locator("h1 .badge.modified").waitFor({ state: "detached" });
      expect(await page.locator("tr[data-change]").count()).toBe(0);
      expect((await dinnerOf())?.modified).toBe(false);
      await page.getByRole("link", { name: "Back to the week" }).click();
      await cell.getByRole("link", { name: "Chicken Stir Fry" }).waitFor();
      expect(await cell.locator(".badge.modified").count()).toBe(0);
    },
    scaledTimeout(120_000),
  );

  it(
    "a meal's warnings are folded with their count, and open and close by keyboard",
    async () => {
      const made = await running().api.POST("/plans/{snapshot_id}/meals/{date}/{meal_type}/variant", {
        params: { path: { snapshot_id: PLAN, ...DINNER } },
        body: { instruction: "replace chicken breast with 400 g firm tofu" },
      });
      const warnings = made.data && !made.data.needs_clarification ? made.data.variant?.warnings : undefined;
      expect(warnings?.length).toBeGreaterThan(0);
      const page = await openConsole(`plans/${PLAN}`);
      const details = page.getByTestId(`meal-${DINNER.date}-${DINNER.meal_type}`).locator("details.warnings");
      const summary = details.locator("summary");
      await summary.waitFor();
      expect(await summary.innerText()).toBe(
        `${warnings?.length} warning${warnings?.length === 1 ? "" : "s"}`,
      );
      expect(await details.getAttribute("open")).toBeNull();
      expect(await details.locator("li").first().isVisible()).toBe(false);
      await summary.focus();
      await page.keyboard.press("Enter");
      await details.locator("li").first().waitFor({ state: "visible" });
      expect(await details.locator("li").allInnerTexts()).toEqual(warnings);
      await page.keyboard.press("Space");
      await details.locator("li").first().waitFor({ state: "hidden" });
      expect(await seriousViolations(page)).toEqual([]);
      await running().api.DELETE("/plans/{snapshot_id}/meals/{date}/{meal_type}/variant", {
        params: { path: { snapshot_id: PLAN, ...DINNER } },
      });
    },
    scaledTimeout(120_000),
  );

  it(
    "the bundle shows its main and side sections, and the shopping list starts a shop run and opens it",
    async () => {
      const page = await openConsole(`plans/${PLAN}`);
      const bundle = page.getByTestId("meal-2025-01-08-dinner");
      await bundle.getByRole("region", { name: "Side" }).getByText("Garlic Bread").waitFor();
      expect(await bundle.getByRole("region", { name: "Main" }).innerText()).toContain("Spaghetti Bolognese");
      const list = await running().api.GET("/plans/{snapshot_id}/shopping-list", {
        params: { path: { snapshot_id: PLAN } },
      });
      const first = list.data?.items[0];
      if (!first) throw new Error("the demo plan has no shopping list");
      await page.getByText(first.display, { exact: true }).first().waitFor();
      await page.getByRole("button", { name: "Start a shop run from this list" }).click();
      await page.waitForURL(/\/console\/shop\/runs\/[^/]+$/);
      const runId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
      const run = await running().api.GET("/shop/runs/{runId}", { params: { path: { runId } } });
      expect(run.response.status).toBe(200);
      await waitUntil(
        `run ${runId} to end`,
        async () =>
          (await running().api.GET("/shop/runs/{runId}", { params: { path: { runId } } })).data?.status !==
          "running",
        120_000,
      );
    },
    scaledTimeout(180_000),
  );
});

describe("the kitchen chat on the plan page", () => {
  it(
    "a change it makes shows on the week without a reload, and so does its undo",
    async () => {
      const page = await openConsole(`plans/${PLAN}`);
      const cell = page.getByTestId(`meal-${DINNER.date}-${DINNER.meal_type}`);
      await cell.getByRole("link", { name: "Chicken Stir Fry" }).waitFor();
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      const box = page.getByLabel("Ask about this plan or change a meal");
      await box.fill("Swap the chicken for tofu on Monday");
      await box.press("Enter");
      await cell.locator(".badge.modified").waitFor();
      expect((await dinnerOf())?.modified).toBe(true);
      await box.fill("Remove modifications on Monday dinner");
      await box.press("Enter");
      await cell.locator(".badge.modified").waitFor({ state: "detached" });
      expect((await dinnerOf())?.modified).toBe(false);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      );
      expect(await page.locator(".conversation .answer").count()).toBe(2);
    },
    scaledTimeout(120_000),
  );
});

describe("the campaign chat", () => {
  it(
    "a question sent with Enter shows cards whose companies are those of the API's answer",
    async () => {
      const question = "show me campaigns";
      const answer = await running().api.POST("/chat/campaigns", { body: { message: question } });
      const companies = answer.data?.campaigns.map((campaign) => campaign.company) ?? [];
      expect(companies.length).toBeGreaterThan(0);
      const page = await openConsole("chat/campaigns");
      const box = page.getByLabel("Your question");
      await box.fill(question);
      await box.press("Enter");
      await page.locator(".campaign-cards .card").first().waitFor();
      expect(await page.locator(".campaign-cards .company").allInnerTexts()).toEqual(companies);
      // Which tool the agent used, quietly under the answer: the API's toolsUsed.
      const tools = answer.data?.toolsUsed ?? [];
      expect(tools.length).toBeGreaterThan(0);
      expect(await page.locator(".answer .tools-used").innerText()).toContain(
        `${tools.length === 1 ? "tool used" : "tools used"}: ${tools.join(", ")}`,
      );
      expect(await box.inputValue()).toBe("");
      await box.fill("one line");
      await box.press("Shift+Enter");
      await box.type("two lines");
      expect(await box.inputValue()).toBe("one line\ntwo lines");
      expect(await page.locator(".said").count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
    },
    scaledTimeout(120_000),
  );
});

describe("the catalog chat", () => {
  it(
    "a search, a filter and a rollback leave the deltas the API reports, at an address that reloads",
    async () => {
      const page = await openConsole("chat/catalog");
      const box = page.getByLabel("Your request");
      await box.fill("phones");
      await box.press("Enter");
      await page.waitForURL(/\/console\/chat\/catalog\/[^/]+$/);
      await page.locator('[data-step="1"]').waitFor();
      await box.fill("only Samsung");
      await box.press("Enter");
      await page.locator('[data-step="2"]').waitFor();
      await page.getByRole("button", { name: "Return to step 1" }).click();
      await page.locator('[data-step="3"]').waitFor();

      const sessionId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
      const deltas = await running().api.GET("/chat/catalog/{sessionId}/deltas", {
        params: { path: { sessionId } },
      });
      const actions = deltas.data?.deltas.map((delta) => delta?.action.type);
      expect(actions).toEqual(["SEARCH", "FILTER", "ROLLBACK"]);
      const session = await running().api.GET("/chat/catalog/{sessionId}", {
        params: { path: { sessionId } },
      });
      const ids = session.data?.state.current.data.products.map((product) => product.id) ?? [];
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(deltas.data?.deltas[0]?.result.product_ids);

      await page.reload();
      await page.locator('[data-step="3"]').waitFor();
      expect(
        await page
          .locator("[data-action]")
          .evaluateAll((items) => items.map((item) => item.getAttribute("data-action"))),
      ).toEqual(actions);
      await page.locator("[data-product]").first().waitFor();
      expect(
        await page
          .locator("[data-product]")
          .evaluateAll((items) => items.map((item) => item.getAttribute("data-product"))),
      ).toEqual(ids);
      expect(await seriousViolations(page)).toEqual([]);
    },
    scaledTimeout(120_000),
  );
});

describe("the store account and preferences", () => {
  it(
    "preferences refuse an hour of 25 with the API's message at the hour field",
    async () => {
      const stored = await running().api.GET("/shop/preferences");
      const refused = await running().api.PUT("/shop/preferences", {
        body: { ...stored.data, weeklyRun: { weekday: "mon", hour: 25 } },
      });
      const issues = (refused.error?.error.details as { issues?: { path: string; message: string }[] })
        ?.issues;
      const message = issues?.find((issue) => issue.path === "body.weeklyRun.hour")?.message;
      expect(message).toBeTruthy();
      const page = await openConsole("shop/account");
      await page.getByLabel("Day").selectOption("mon");
      await page.getByLabel("Hour (UTC)").fill("25");
      await page.getByRole("button", { name: "Save preferences" }).click();
      const error = page.getByTestId("pref-hour-error");
      await error.waitFor();
      expect(await error.innerText()).toBe(message);
      expect(await page.getByLabel("Hour (UTC)").getAttribute("aria-invalid")).toBe("true");
      expect(await seriousViolations(page)).toEqual([]);
    },
    scaledTimeout(120_000),
  );

  it(
    "connecting with a wrong password shows sign_in_failed after a run, the password never shown again",
    async () => {
      const household = householdForTenant("demo");
      const registered = await fetch(new URL("/__test/accounts", running().stack.storeUrl), {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: "demo@example.com",
          password: "Right-pass-1",
          householdId: household,
          name: "Demo",
        }),
      });
      expect(registered.ok).toBe(true);
      const page = await openConsole("shop/account");
      await page.getByText("No store account connected.").waitFor();
      await page.getByLabel("Email").fill("demo@example.com");
      await page.getByLabel("Password").fill("Wrong-pass-2");
      await page.getByRole("button", { name: "Connect" }).click();
      await page.getByText("Connected as", { exact: false }).waitFor();
      expect(await page.content()).not.toContain("Wrong-pass-2");

      const created = await running().api.POST("/shop/runs", { body: {} });
      const runId = created.data?.runId ?? "";
      await waitUntil(
        `run ${runId} to end`,
        async () =>
          (await running().api.GET("/shop/runs/{runId}", { params: { path: { runId } } })).data?.status !==
          "running",
        120_000,
      );
      const account = await running().api.GET("/shop/store-account");
      expect(account.data?.status).toBe("sign_in_failed");
      await page.reload();
      const status = page.getByTestId("account-status");
      await page.getByText("Sign-in failed", { exact: false }).waitFor();
      expect(await status.getAttribute("data-status")).toBe("sign_in_failed");
      expect(await status.innerText()).toContain(account.data?.why ?? "(no words)");
      expect(await page.content()).not.toContain("Wrong-pass-2");
      await page.getByRole("button", { name: "Remove" }).click();
      await page.getByText("No store account connected.").waitFor();
    },
    scaledTimeout(180_000),
  );
});

describe("the pages in a Portuguese browser", () => {
  it(
    "speak pt-PT",
    async () => {
      const page = await openConsole(`plans/${PLAN}`, "pt-PT");
      await page.getByRole("heading", { level: 1, name: `Plano ${PLAN}` }).waitFor();
      expect(await page.getByRole("columnheader", { name: "Jantar" }).count()).toBe(1);
      expect(await page.getByRole("heading", { name: "Lista de compras" }).count()).toBe(1);
      expect(await page.locator("html").getAttribute("lang")).toBe("pt-PT");
      await page.getByRole("link", { name: "Conta da loja" }).click();
      await page.getByRole("heading", { name: "Preferências de compra" }).waitFor();
      await page.getByRole("link", { name: "Conversa de campanhas" }).click();
      await page.getByLabel("A sua pergunta").waitFor();
    },
    scaledTimeout(60_000),
  );
});
