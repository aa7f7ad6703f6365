import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { type ConsoleStack, startConsoleStack as startStack } from "../../dev/console-demo";

export { clientOf, launchConsoleBrowser } from "../../dev/console-demo";

/**
 * The console's browser tests of issue 48: dev/console-demo's stack (in this process, in memory, free
 * ports, offline, serving the console as `npm start` does) with the demo data: the `demo` tenant's
 * recipes and week, its campaigns and catalog.
 */
export const startConsoleStack = (tableName: string): Promise<ConsoleStack> =>
  startStack(tableName, { demoData: true });

/**
 * Pages of the console, each in its own browser context (its own localStorage) signed in as a tenant with
 * the local dev token, in a locale; `closeAll` closes every context opened (the tests' afterAll).
 */
export const consolePages = (running: () => { browser: Browser; consoleUrl: string }) => {
  const contexts: BrowserContext[] = [];
  return {
    async open(
      tenant: string,
      options: { locale?: string; path?: string; timeoutMs?: number } = {},
    ): Promise<Page> {
      const context = await running().browser.newContext({ locale: options.locale ?? "en-GB" });
      contexts.push(context);
      await context.addInitScript((name) => localStorage.setItem("larder.tenant", name), tenant);
      const page = await context.newPage();
      if (options.timeoutMs !== undefined) page.setDefaultTimeout(options.timeoutMs);
      if (options.path !== undefined) await page.goto(`${running().consoleUrl}${options.path}`);
      return page;
    },
    async closeAll(): Promise<void> {
      for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    },
  };
};

/** axe-core's serious and critical violations on the page as it is now, each with its elements. */
export const seriousViolations = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
