import type { Reporter, SerializedError, TestModule, TestRunEndReason } from "vitest/node";

export interface RunCounts {
  passed: number;
  /** Failed tests, plus each module or suite that failed outside a test, plus errors outside any module. */
  failed: number;
  skipped: number;
  /** Modules and suites that failed outside a test: a hook, an import, collection. */
  failedOutsideTests: string[];
  unhandledErrors: number;
}

/**
 * Counts a run so that a red run never reads "0 failed": vitest marks the tests of a module whose
 * `beforeAll` threw (or whose import failed) as skipped, so counting tests alone hides the failure.
 */
export const countRun = (
  testModules: ReadonlyArray<TestModule>,
  unhandledErrors: ReadonlyArray<SerializedError>,
  reason: TestRunEndReason,
): RunCounts => {
  let passed = 0;
  let failedTests = 0;
  let skipped = 0;
  const failedOutsideTests: string[] = [];
  for (const module of testModules) {
    let failedInModule = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === "passed") passed++;
      else if (state === "failed") failedInModule++;
      else skipped++;
    }
    failedTests += failedInModule;
    // A suite or module whose own errors (hooks, collection) were recorded failed outside its tests.
    for (const suite of module.children.allSuites()) {
      if (suite.errors().length > 0)
        failedOutsideTests.push(`${module.relativeModuleId} > ${suite.fullName}`);
    }
    const moduleFailedAlone = module.state() === "failed" && failedInModule === 0;
    if (
      module.errors().length > 0 ||
      (moduleFailedAlone && !failedOutsideTests.some((f) => f.startsWith(`${module.relativeModuleId} >`)))
    ) {
      failedOutsideTests.push(module.relativeModuleId);
    }
  }
  let failed = failedTests + failedOutsideTests.length + unhandledErrors.length;
  // Whatever else made vitest call the run failed (a threshold, a setup error) still counts once.
  if (reason === "failed" && failed === 0) failed = 1;
  return { passed, failed, skipped, failedOutsideTests, unhandledErrors: unhandledErrors.length };
};

/** The plain closing line, `vitest: N passed, N failed, N skipped`, that CI log readers count. */
export const closingLine = (counts: RunCounts): string =>
  `vitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;

/**
 * Prints the closing line after the default reporter, preceded by what failed outside a test, so a
 * reader who sees only the last lines is told the truth of a red run.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ): void {
    const counts = countRun(testModules, unhandledErrors, reason);
    const lines = [""];
    for (const where of counts.failedOutsideTests)
      lines.push(`vitest: failed outside a test (hook, import or collection): ${where}`);
    if (counts.unhandledErrors > 0)
      lines.push(`vitest: ${counts.unhandledErrors} unhandled error(s) outside any test`);
    lines.push(closingLine(counts));
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}
