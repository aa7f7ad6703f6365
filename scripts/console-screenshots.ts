import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  clientOf,
  draftAwaitingReview,
  finishedShopRun,
  launchConsoleBrowser,
  startConsoleStack,
} from "../dev/console-demo";
import { closeContainerStoreBrowser } from "../functions/shop/adapters/store/browser/playwright-store-browser";
import { repositoryRoot } from "../lib/repository-root";

/**
 * `npx tsx scripts/console-screenshots.ts`: the README's pictures of the console, taken from the real
 * page. Starts the local stack in memory (offline, its own ports), makes a shop run of the demo household
 * and a supplier draft waiting for review, a variant of Monday's dinner and a campaign question, and writes
 * docs/console/inbox.png, run.png, week.png (the week with a modified meal) and campaigns.png (the cards).
 */
const out = join(repositoryRoot, "docs", "console");
mkdirSync(out, { recursive: true });
const stack = await startConsoleStack("larder-console-screenshots", { demoData: true });
const browser = await launchConsoleBrowser();
try {
  const runId = await finishedShopRun(stack, "demo");
  await draftAwaitingReview(stack, "demo", "Aveia Verde Lda");
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  await page.goto(stack.consoleUrl);
  await page.getByRole("link", { name: "Draft reply to Aveia Verde Lda" }).waitFor();
  await page.screenshot({ path: join(out, "inbox.png") });
  await page.goto(`${stack.consoleUrl}shop/runs/${runId}`);
  await page.getByRole("heading", { name: "Unavailable products and their substitutes" }).waitFor();
  // The first unavailable product beside its substitutes, as the household sees it.
  await page
    .locator(".substitution")
    .first()
    .screenshot({ path: join(out, "run.png") });
  // The week with a modified meal: the variant is made through the API, as the console's box would.
  const api = clientOf(stack, "demo");
  const made = await api.POST("/plans/{snapshot_id}/meals/{date}/{meal_type}/variant", {
    params: { path: { snapshot_id: "demo-week", date: "2025-01-06", meal_type: "dinner" } },
    body: { instruction: "replace chicken breast with 400 g firm tofu" },
  });
  if (!made.data || made.data.needs_clarification)
    throw new Error(`no variant: ${JSON.stringify(made.error ?? made.data)}`);
  await page.goto(`${stack.consoleUrl}plans/demo-week`);
  await page.locator(".badge.modified").first().waitFor();
  await page.screenshot({ path: join(out, "week.png"), fullPage: true });
  // A campaign question answered with cards.
  await page.goto(`${stack.consoleUrl}chat/campaigns`);
  const box = page.getByLabel("Your question");
  await box.fill("show me campaigns");
  await box.press("Enter");
  await page.locator(".campaign-cards .card").first().waitFor();
  await page.screenshot({ path: join(out, "campaigns.png"), fullPage: true });
  console.log(`Wrote inbox.png, run.png, week.png and campaigns.png in ${out}`);
} finally {
  await browser.close();
  await stack.stop();
  // The shop run's steps ran in this process on the store's one Chromium, which a container keeps open.
  await closeContainerStoreBrowser();
}
