import { beforeEach } from "vitest";
import { resetProviderBreakers } from "../../functions/core/llm/provider-breaker";

// A provider breaker lives for the process; each test starts with every provider closed, so one test's
// planted failure never skips the next test's model calls.
beforeEach(() => {
  resetProviderBreakers();
});
