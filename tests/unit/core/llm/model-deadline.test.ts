import { describe, expect, it } from "vitest";
import {
  API_GATEWAY_TIMEOUT_MS,
  API_OFFLINE_RESERVE_MS,
  apiModelDeadline,
  STEP_OFFLINE_RESERVE_MS,
  stepModelDeadline,
} from "../../../../functions/core/llm/model-deadline";

const remaining = (ms: number) => ({ getRemainingTimeInMillis: () => ms });

describe("model deadlines", () => {
  it("gives an API request's model API Gateway's 30 s from arrival less the offline reserve", () => {
    const receivedAt = 1_000_000;
    // A 29 s Lambda invoked 200 ms after arrival ends later than API Gateway's cut: the cut wins.
    expect(apiModelDeadline(receivedAt, remaining(29_000 + 900), receivedAt + 200)).toBe(
      receivedAt + API_GATEWAY_TIMEOUT_MS - API_OFFLINE_RESERVE_MS,
    );
  });

  it("uses the Lambda's remaining time when it ends first", () => {
    const now = 5_000_000;
    expect(apiModelDeadline(now, remaining(10_000), now)).toBe(now + 10_000 - API_OFFLINE_RESERVE_MS);
  });

  it("bounds a request without a Lambda context (tests, the local server without one) by API Gateway's cut", () => {
    expect(apiModelDeadline(7_000, undefined, 7_000)).toBe(
      7_000 + API_GATEWAY_TIMEOUT_MS - API_OFFLINE_RESERVE_MS,
    );
  });

  it("gives a step's model its remaining time less the reserve, never a time in the past", () => {
    expect(stepModelDeadline(remaining(90_000), 100)).toBe(100 + 90_000 - STEP_OFFLINE_RESERVE_MS);
    expect(stepModelDeadline(remaining(1_000), 100)).toBe(100);
  });
});
