import type { Browser, BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DependencyUnavailableError } from "../../../../functions/core/errors";
import { createPlaywrightStoreBrowser } from "../../../../functions/shop/store/playwright-store-browser";

const STORE_URL = new URL("http://127.0.0.1:3001");
const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/** A Chromium whose protocol calls hang where asked to (a wedged browser); only what the adapter uses. */
const fakeBrowser = (behaviour: { newContext?: "hangs"; newPage?: "hangs"; close?: "hangs" }) => {
  const closed: string[] = [];
  const context = {
    setDefaultTimeout: () => undefined,
    setDefaultNavigationTimeout: () => undefined,
    route: async () => undefined,
    addCookies: async () => undefined,
    newPage: () => (behaviour.newPage === "hangs" ? never() : Promise.resolve({})),
    close: () => {
      closed.push("context");
      return behaviour.close === "hangs" ? never<void>() : Promise.resolve();
    },
  };
  const browser = {
    on: () => undefined,
    newContext: () =>
      behaviour.newContext === "hangs" ? never() : Promise.resolve(context as unknown as BrowserContext),
    close: async () => undefined,
  };
  return { browser: browser as unknown as Browser, closed };
};

describe("createPlaywrightStoreBrowser bounds the browser's own calls by the store timeout", () => {
  it("fails opening a session when the browser never creates the context", async () => {
    const { browser } = fakeBrowser({ newContext: "hangs" });
    const storeBrowser = createPlaywrightStoreBrowser({
      storeUrl: STORE_URL,
      timeoutMs: 50,
      launch: async () => browser,
    });
    const error = await storeBrowser.openSession({ cookies: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DependencyUnavailableError);
    expect((error as Error).message).toMatch(/did not open a session within 50 ms/);
  });

  it("fails opening a session when the page never opens, and closes the half-made context", async () => {
    const { browser, closed } = fakeBrowser({ newPage: "hangs" });
    const storeBrowser = createPlaywrightStoreBrowser({
      storeUrl: STORE_URL,
      timeoutMs: 50,
      launch: async () => browser,
    });
    await expect(storeBrowser.openSession({ cookies: [] })).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
    await expect.poll(() => closed).toEqual(["context"]);
  });

  it("returns from closing a session whose context never closes", async () => {
    const { browser, closed } = fakeBrowser({ close: "hangs" });
    const storeBrowser = createPlaywrightStoreBrowser({
      storeUrl: STORE_URL,
      timeoutMs: 50,
      launch: async () => browser,
    });
    const session = await storeBrowser.openSession({ cookies: [] });
    await expect(session.close()).resolves.toBeUndefined();
    expect(closed).toEqual(["context"]);
  });
});
