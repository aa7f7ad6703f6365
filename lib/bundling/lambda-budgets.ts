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
} as const satisfies Record<string, LambdaBudget>;

/**
 * Functions over their kind's budget, each with its measured ceiling and the reason; the test fails when
 * one grows past it. Keep this short: a new function fits its kind's budget.
 */
export const LAMBDA_BUDGET_EXCEPTIONS: Readonly<Record<string, LambdaBudget>> = {};

/** The budget a function answers to: its exception, else browser when it drives the store, else standard. */
export const sizeBudgetFor = (definition: Pick<FunctionDefinition, "id" | "needs">): LambdaBudget =>
  LAMBDA_BUDGET_EXCEPTIONS[definition.id] ??
  (definition.needs.includes("store") ? LAMBDA_BUNDLE_BUDGETS.browser : LAMBDA_BUNDLE_BUDGETS.standard);
