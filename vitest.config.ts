import { defineConfig } from "vitest/config";
import {
  INTEGRATION_TEST_TIMEOUT_MS,
  scaledTimeout,
  UNIT_TEST_TIMEOUT_MS,
} from "./tests/support/test-timeouts";

// Two projects: unit tests run with fakes only; integration tests get real DynamoDB Local from a
// globalSetup (one JVM for the whole run) and real Chromium / ASL runs where they need them.
export default defineConfig({
  test: {
    setupFiles: ["./dev/polyfills.ts", "./tests/support/reset-provider-breakers.ts"],
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    // Closing workers and the global setup (DynamoDB Local's JVM) can take long on a busy machine.
    teardownTimeout: scaledTimeout(60_000),
    env: {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      LOG_LEVEL: "SILENT",
      POWERTOOLS_METRICS_DISABLED: "true",
    },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          // Timeouts bound hangs only; TEST_TIMEOUT_SCALE stretches them for slow machines.
          testTimeout: scaledTimeout(UNIT_TEST_TIMEOUT_MS),
          hookTimeout: scaledTimeout(UNIT_TEST_TIMEOUT_MS),
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["./tests/integration/global-setup.ts"],
          testTimeout: scaledTimeout(INTEGRATION_TEST_TIMEOUT_MS),
          hookTimeout: scaledTimeout(INTEGRATION_TEST_TIMEOUT_MS),
        },
      },
    ],
  },
});
