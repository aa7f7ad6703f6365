import { describe, expect, it } from "vitest";
import { DependencyUnavailableError } from "../../../../../functions/core/errors";
import { translatePlaywrightError } from "../../../../../functions/shop/adapters/store/browser/translate-playwright-error";
import {
  StoreDeadlineExceededError,
  StoreUnreachableError,
} from "../../../../../functions/shop/adapters/store/store-errors";

const timeout = Object.assign(new Error("page.goto: Timeout 500ms exceeded."), { name: "TimeoutError" });
const url = "http://127.0.0.1:3001/pesquisa";

describe("translatePlaywrightError", () => {
  it("turns a closed browser into DependencyUnavailableError, saying when", () => {
    const gone = new Error("page.goto: Target page, context or browser has been closed");
    const error = translatePlaywrightError(gone, {
      what: "opening a session",
      during: "while opening a session",
    });
    expect(error).toBeInstanceOf(DependencyUnavailableError);
    expect((error as Error).message).toBe("The browser closed while opening a session");
  });

  it("turns a timeout the deadline set into StoreDeadlineExceededError", () => {
    const error = translatePlaywrightError(timeout, {
      what: "opening the page",
      url,
      bound: { timeoutMs: 500, byDeadline: true },
    });
    expect(error).toBeInstanceOf(StoreDeadlineExceededError);
  });

  it("turns a timeout the store timeout set into StoreUnreachableError with a reason", () => {
    const error = translatePlaywrightError(timeout, {
      what: "opening the page",
      url,
      bound: { timeoutMs: 500, byDeadline: false },
    });
    expect(error).toBeInstanceOf(StoreUnreachableError);
    expect((error as Error).message).toContain("no answer within 500 ms");
  });

  it("passes a store error and, without a bound, any other failure unchanged", () => {
    const unreachable = new StoreUnreachableError(url, "the store answered HTTP 503");
    expect(translatePlaywrightError(unreachable, { what: "opening the page", url })).toBe(unreachable);
    const other = new Error("boom");
    expect(translatePlaywrightError(other, { what: "reading the page", url })).toBe(other);
  });
});
