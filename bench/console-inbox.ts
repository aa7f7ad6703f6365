import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ensureConsoleBuild } from "../dev/console-build.mjs";
import { draftAwaitingReview, launchConsoleBrowser, startConsoleStack } from "../dev/console-demo";
import { repositoryRoot } from "../lib/repository-root";

/**
 * `npx tsx bench/console-inbox.ts`: the console inbox's weight and time to usable.
 * - JavaScript: every script index.html loads (the entry and what it preloads), raw and gzip (level 9,
 *   as a CDN would serve it). Budget: 250 KB gzip.
 * - Time to usable: a fresh browser context (empty cache) opens /console/ on the local stack (in memory,
 *   offline) with one draft waiting; from navigation start to the first inbox item's link on screen, as
 *   the page's own clock says. Median and worst of RUNS loads.
 */
const BUDGET_GZIP_KB = 250;
const RUNS = 15;

const { dir } = await ensureConsoleBuild({ root: repositoryRoot });
const index = readFileSync(join(dir, "index.html"), "utf8");
const scripts = [...index.matchAll(/(?:src|href)="\/console\/(assets\/[^"]+\.js)"/g)].map(
  (match) => match[1] ?? "",
);
let raw = 0;
let gzip = 0;
for (const script of scripts) {
  const body = readFileSync(join(dir, script));
  raw += body.length;
  gzip += gzipSync(body, { level: 9 }).length;
}
console.log(
  `inbox JavaScript: ${scripts.length} file(s), ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip (budget ${BUDGET_GZIP_KB} KB): ${gzip / 1024 <= BUDGET_GZIP_KB ? "within" : "OVER"}`,
);

const stack = await startConsoleStack("larder-console-bench");
const browser = await launchConsoleBrowser();
try {
  await draftAwaitingReview(stack, "demo", "Aveia Verde Lda");
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ locale: "en-GB" });
    const page = await context.newPage();
    await page.goto(stack.consoleUrl);
    await page.getByRole("link", { name: "Draft reply to Aveia Verde Lda" }).waitFor();
    times.push(await page.evaluate(() => performance.now()));
    await context.close();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(
    `inbox usable (first item shown), ${RUNS} cold loads: median ${median.toFixed(0)} ms, worst ${(times.at(-1) ?? 0).toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  await stack.stop();
}
