import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  draftAwaitingReview,
  finishedShopRun,
  launchConsoleBrowser,
  startConsoleStack,
} from "../dev/console-demo";
import { repositoryRoot } from "../lib/repository-root";

/**
 * `npx tsx scripts/console-screenshots.ts`: the README's pictures of the console, taken from the real
 * page. Starts the local stack in memory (offline, its own ports), makes a shop run of the demo household
 * and a supplier draft waiting for review, and writes docs/console/inbox.png and docs/console/run.png.
 */
const out = join(repositoryRoot, "docs", "console");
mkdirSync(out, { recursive: true });
const stack = await startConsoleStack("larder-console-screenshots");
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
  console.log(`Wrote ${join(out, "inbox.png")} and ${join(out, "run.png")}`);
} finally {
  await browser.close();
  await stack.stop();
}
