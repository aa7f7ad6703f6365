import { describe, expect, it } from "vitest";
import {
  API_GATEWAY_CLOCK,
  STORE_DEADLINE_MARGIN_MS,
  storeDeadlineAt,
  storeDeadlineFor,
} from "../../../../../functions/shop/adapters/store/store-deadline-margin";

// Moved from store-tools-for-household.test.ts's storeDeadline (the tools now take the epoch ms this
// computes; an explicit deadline is no longer converted): the same figures.
describe("storeDeadlineAt", () => {
  const now = 1_000_000;
  it("is the Lambda's remaining time less the margin", () => {
    const lambdaContext = { getRemainingTimeInMillis: () => 29_000 };
    expect(storeDeadlineAt(lambdaContext, now)).toBe(1_000_000 + 29_000 - STORE_DEADLINE_MARGIN_MS);
  });

  it("is never before now", () => {
    expect(storeDeadlineAt({ getRemainingTimeInMillis: () => 1_000 }, now)).toBe(1_000_000);
  });

  it("without a Lambda clock is API Gateway's 30 s cut less the margin", () => {
    expect(storeDeadlineAt(API_GATEWAY_CLOCK, now)).toBe(1_000_000 + 30_000 - STORE_DEADLINE_MARGIN_MS);
  });
});

describe("storeDeadlineFor", () => {
  it("is none for a context without the Lambda's clock (a test's partial context)", () => {
    expect(storeDeadlineFor(undefined)).toBeUndefined();
    expect(storeDeadlineFor({})).toBeUndefined();
  });
});
