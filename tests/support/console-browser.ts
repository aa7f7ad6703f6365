import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { type ConsoleStack, startConsoleStack as startStack } from "../../dev/console-demo";

export { clientOf, launchConsoleBrowser } from "../../dev/console-demo";

/**
 * The console's browser tests of issue 48: dev/console-demo's stack (in this process, in memory, free
 * ports, offline, serving the console as `npm start` does) with the demo data: the `demo` tenant's
 * recipes and week, its campaigns and catalog.
 */
export const startConsoleStack = (tableName: string): Promise<ConsoleStack> =>
  startStack(tableName, { demoData: true });

/** axe-core's serious and critical violations on the page as it is now, each with its elements. */
export const seriousViolations = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
