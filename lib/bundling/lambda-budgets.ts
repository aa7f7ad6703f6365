import { allRoutes } from "../areas";
import type { FunctionDefinition } from "../definition-types";

/**
 * Cold-start budgets, per kind of function. `coldStartBytes`: the minified JS a cold start loads (the
 * entry and the chunks it imports statically; chunks behind a dynamic import() load when their path runs
 * and are not counted). `initRatio`: the init time (importing the bundle in a fresh Node process, with
 * the deployed environment) over the baseline's, a minimal Larder handler bundled the same way, in the
 * same benchmark run. tests/unit/cdk/lambda-bundle-budgets.test.ts enforces the sizes; bench/lambda-init.ts
 * reports both (figures in bench/README.md, "Lambda bundle size and init").
 */
export interface LambdaBudget {
  name: string;
  coldStartBytes: number;
  initRatio: number;
  /** Why a function has a budget other than its kind's (exceptions only). */
  reason?: string;
}

export const LAMBDA_BUNDLE_BUDGETS = {
  /** Every function that drives no browser. */
  standard: { name: "standard", coldStartBytes: 600 * 1024, initRatio: 2 },
  /**
   * The store tools (Chromium). Their bundle is small (about 324 KB), but playwright-core ships unbundled
   * beside it (it reads its own files) and is imported at cold start; Chromium itself starts on the first
   * call. Measured 2026-11-24 (bench/README.md): init about 1.7-2.5 s, 10-15× the baseline.
   */
  browser: { name: "browser", coldStartBytes: 400 * 1024, initRatio: 16 },
  /**
   * The coordinator steps that drive the store and also read or write the run in the table (ShopScanCart,
   * ShopScoutSlots). They load playwright-core and the store's page code on first use, so their cold start
   * is a table step's: zod (200 KB) plus the bundled DynamoDB client (about 230 KB), the floor a table-only
   * step pays too (ShopRecordItem: 464 KB), which alone is over the browser budget. Measured 2026-11-24:
   * ShopScanCart 464 KB, ShopScoutSlots 465 KB (507-508 KB before the store code was made lazy); their
   * import takes what a table step's does (5 runs, medians: 184 and 198 ms, ShopRecordItem 152 ms), hence
   * the standard init ratio.
   */
  browserWithTable: { name: "browser with table", coldStartBytes: 480 * 1024, initRatio: 2 },
} as const satisfies Record<string, LambdaBudget>;

/**
 * Functions over their kind's budget, each with its measured ceiling and the reason; the test fails when
 * one grows past it. Keep this short: a new function fits its kind's budget.
 */
export const LAMBDA_BUDGET_EXCEPTIONS: Readonly<Record<string, LambdaBudget>> = {};

/** Functions that serve HTTP routes: APIs, held to the standard budget even when a route drives the store. */
const apiFunctionIds = new Set(allRoutes().map((route) => route.functionId));

/**
 * A function's kind: standard when it drives no browser, or when it is an API (its store path, like its
 * LLM path, loads on the route that uses it); else browser with table when it also uses the table; else
 * browser (the store tools and the store-only steps).
 */
export const kindBudgetFor = (definition: Pick<FunctionDefinition, "id" | "needs">): LambdaBudget => {
  if (!definition.needs.includes("store") || apiFunctionIds.has(definition.id)) {
    return LAMBDA_BUNDLE_BUDGETS.standard;
  }
  return definition.needs.includes("table")
    ? LAMBDA_BUNDLE_BUDGETS.browserWithTable
    : LAMBDA_BUNDLE_BUDGETS.browser;
};

/** The budget a function answers to: its exception, else its kind's. */
export const sizeBudgetFor = (definition: Pick<FunctionDefinition, "id" | "needs">): LambdaBudget =>
  LAMBDA_BUDGET_EXCEPTIONS[definition.id] ?? kindBudgetFor(definition);
