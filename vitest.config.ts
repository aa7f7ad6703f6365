import { defineConfig } from "vitest/config";

// Two projects: unit tests run with fakes only; integration tests get real DynamoDB Local from a
// globalSetup (one JVM for the whole run) and real Chromium / ASL runs where they need them.
export default defineConfig({
  test: {
    setupFiles: ["./dev/polyfills.ts"],
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    env: {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      LOG_LEVEL: "SILENT",
      POWERTOOLS_METRICS_DISABLED: "true",
    },
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["./tests/integration/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
