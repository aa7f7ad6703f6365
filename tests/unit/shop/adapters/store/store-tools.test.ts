import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../../../functions/core/errors";
import type {
  StoreBrowser,
  StoreSessionOptions,
} from "../../../../../functions/shop/adapters/store/browser/store-browser";
import { createStoreTools } from "../../../../../functions/shop/adapters/store/store-tools";
import { FakeStoreSession, rawPage, STORE_URL } from "../../../../support/shop/fake-store-session";

const emptyCartSite = () =>
  new FakeStoreSession((url) =>
    rawPage({
      url: url.href,
      emptyMarker: ".auc-cart__empty",
      lists: { lines: { rootSelector: null, records: [] } },
    }),
  );

class CountingBrowser implements StoreBrowser {
  readonly opened: StoreSessionOptions[] = [];
  readonly sessions: FakeStoreSession[] = [];
  failuresLeft = 0;

  async openSession(options: StoreSessionOptions) {
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error("Chromium did not start");
    }
    this.opened.push(options);
    const session = emptyCartSite();
    this.sessions.push(session);
    return session;
  }

  async close() {}
}

describe("createStoreTools", () => {
  it("opens one session for the household on first use, with its cookie, and reuses it", async () => {
    const browser = new CountingBrowser();
    const tools = createStoreTools({ browser, storeUrl: STORE_URL, householdId: "casa-silva" });
    expect(browser.opened).toEqual([]);
    await Promise.all([tools.scanCart(), tools.scanCart(), tools.scanCart()]);
    expect(browser.opened).toEqual([
      { cookies: [{ name: "larder-household", value: "casa-silva", url: "http://store.test" }] },
    ]);
    expect(browser.sessions[0]?.visited).toHaveLength(3);
  });

  it("opens the session with the tools' deadline, which bounds every wait in it", async () => {
    const browser = new CountingBrowser();
    const deadline = Date.now() + 5_000;
    const tools = createStoreTools({ browser, storeUrl: STORE_URL, householdId: "h1", deadline });
    await tools.scanCart();
    expect(browser.opened.map((options) => options.deadline)).toEqual([deadline]);
  });

  it("closes the session on close, and a later call opens a fresh one", async () => {
    const browser = new CountingBrowser();
    const tools = createStoreTools({ browser, storeUrl: STORE_URL, householdId: "h1" });
    await tools.scanCart();
    await tools.close();
    expect(browser.sessions[0]?.closed).toBe(true);
    await tools.scanCart();
    expect(browser.opened).toHaveLength(2);
  });

  it("retries opening the session after a failed start", async () => {
    const browser = new CountingBrowser();
    browser.failuresLeft = 1;
    const tools = createStoreTools({ browser, storeUrl: STORE_URL, householdId: "h1" });
    await expect(tools.scanCart()).rejects.toThrow("Chromium did not start");
    await expect(tools.scanCart()).resolves.toMatchObject({ items: [] });
  });

  it("refuses invalid input with a ValidationError before opening a session", async () => {
    const browser = new CountingBrowser();
    const tools = createStoreTools({ browser, storeUrl: STORE_URL, householdId: "h1" });
    await expect(tools.searchProducts({ query: "leite", maxResults: 500 })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(tools.extractProductInfo({ productId: "a b" })).rejects.toBeInstanceOf(ValidationError);
    await expect(tools.addToCart({ productId: "3010403", quantity: 0 })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(tools.removeFromCart({ productId: "" })).rejects.toBeInstanceOf(ValidationError);
    expect(browser.opened).toEqual([]);
  });

  it("rejects a household id that could not be a cookie value", () => {
    expect(() =>
      createStoreTools({ browser: new CountingBrowser(), storeUrl: STORE_URL, householdId: "a;b" }),
    ).toThrow(/household id/);
  });
});
