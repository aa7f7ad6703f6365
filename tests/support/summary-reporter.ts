import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints one plain closing line, `vitest: N passed, N failed, N skipped`, after the default reporter, so a
 * CI log reader that does not know vitest's colored summary still sees how many tests ran.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
    }
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
