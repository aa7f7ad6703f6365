import AxeBuilder from "@axe-core/playwright";
import sparticuzChromium from "@sparticuz/chromium";
import { type Browser, chromium, type Page } from "playwright-core";
import { ensureConsoleBuild } from "../../dev/console-build.mjs";
import { readLocalStackConfig } from "../../dev/local-config";
import { type LocalStack, startLocalStack } from "../../dev/local-stack";
import {
  chromiumExecutablePath,
  QUIET_CHROMIUM_FLAGS,
} from "../../functions/shop/adapters/store/browser/launch-chromium";
import { repositoryRoot } from "../../lib/repository-root";
import { createLarderClient, type LarderClient } from "../../sdk/larder-client";

/**
 * The console's browser tests of issue 48: the whole local stack in this process (in memory, free ports,
 * offline, with the demo data: the `demo` tenant's recipes and week, its campaigns and catalog), serving
 * the console as `npm start` does, and the project's own Chromium kept on loopback.
 */
export const startConsoleStack = async (tableName: string): Promise<LocalStack & { consoleUrl: string }> => {
  const stack = await startLocalStack(
    readLocalStackConfig({
      PORT: "0",
      STORE_PORT: "0",
      DEMO_DATA: "on",
      SCHEDULES: "off",
      LLM_PROVIDER: "none",
      TABLE_NAME: tableName,
    }),
    () => undefined,
    { consoleDir: ensureConsoleBuild({ root: repositoryRoot }).then((build) => build.dir) },
  );
  const { consoleUrl } = stack;
  if (!consoleUrl) throw new Error("the stack serves no console");
  return { ...stack, consoleUrl };
};

/** @sparticuz/chromium through playwright-core; every host but loopback resolves to nothing. */
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

export const clientOf = (stack: LocalStack, tenant: string): LarderClient =>
  createLarderClient({ baseUrl: stack.apiUrl, token: `dev:${tenant}` });

/** axe-core's serious and critical violations on the page as it is now, each with its elements. */
export const seriousViolations = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
