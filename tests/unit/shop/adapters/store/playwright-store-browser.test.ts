import type { Browser, BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DependencyUnavailableError } from "../../../../../functions/core/errors";
import {
  createPlaywrightStoreBrowser,
  READY_GRACE_MS,
} from "../../../../../functions/shop/adapters/store/browser/playwright-store-browser";
import { auchanPtSelectorRegistry } from "../../../../../functions/shop/adapters/store/selectors/selector-registry";
import {
  StoreDeadlineExceededError,
  StorePageChangedError,
  StoreUnreachableError,
} from "../../../../../functions/shop/adapters/store/store-errors";
import { scaledTimeout } from "../../../../support/test-timeouts";
import { waitUntil } from "../../../../support/wait-until";

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

/** Rejects after `timeout` ms the way Playwright's bounded calls do (a TimeoutError). */
const playwrightTimeout = (call: string, timeout: number): Promise<never> =>
  new Promise<never>((_, reject) =>
    setTimeout(() => {
      const error = new Error(`${call}: Timeout ${timeout}ms exceeded.`);
      error.name = "TimeoutError";
      reject(error);
    }, timeout),
  );

/**
 * A browser over a store that never answers where asked (a navigation, a page marker that never appears,
 * a form post), each bounded only by the timeout the adapter passes, as Playwright's calls are. Records
 * the timeouts it was given.
 */
const slowStoreBrowser = (slow: "goto" | "marker" | "form") => {
  const timeouts: number[] = [];
  const page = {
    goto: (_url: string, options: { timeout: number }) => {
      timeouts.push(options.timeout);
      return slow === "goto"
        ? playwrightTimeout("page.goto", options.timeout)
        : Promise.resolve({ status: () => 200 });
    },
    url: () => "http://127.0.0.1:3001/pt/carrinho-compras",
    evaluate: async () => ({ values: {}, lists: {}, emptyMarker: null, readyMarker: null }),
    // The page has loaded; only its markers never come.
    waitForLoadState: async () => undefined,
    waitForSelector: (_selector: string, options: { timeout: number }) => {
      timeouts.push(options.timeout);
      return playwrightTimeout("page.waitForSelector", options.timeout);
    },
  };
  const post = (_url: string, options: { timeout: number }) => {
    timeouts.push(options.timeout);
    return slow === "form" ? playwrightTimeout("apiRequestContext.post", options.timeout) : never();
  };
  const context = {
    setDefaultTimeout: () => undefined,
    setDefaultNavigationTimeout: () => undefined,
    route: async () => undefined,
    addCookies: async () => undefined,
    newPage: async () => page,
    request: { post },
    close: async () => undefined,
  };
  const browser = {
    on: () => undefined,
    newContext: async () => context as unknown as BrowserContext,
    close: async () => undefined,
  };
  return { browser: browser as unknown as Browser, timeouts };
};

describe("createPlaywrightStoreBrowser reading a page that is not the one expected", () => {
  const productSpec = auchanPtSelectorRegistry().product;
  const cartUrl = "http://127.0.0.1:3001/pt/carrinho-compras";

  it("reads a page at another path than expected at once, without waiting for its markers", async () => {
    const { browser, timeouts } = slowStoreBrowser("marker");
    const storeBrowser = createPlaywrightStoreBrowser({
      storeUrl: STORE_URL,
      timeoutMs: 10_000,
      launch: async () => browser,
    });
    const session = await storeBrowser.openSession({ cookies: [] });
    const page = await session.readPage(cartUrl, productSpec, { expectedPath: /\/\d+\.html$/ });
    expect(page).toMatchObject({ url: cartUrl, status: 200 });
    // The navigation's timeout only: a wait for the markers would have added its own (and spent 10 s).
    expect(timeouts).toEqual([10_000]);
  });

  it("still waits for the markers of a page at the expected path", async () => {
    const { browser } = slowStoreBrowser("marker");
    const storeBrowser = createPlaywrightStoreBrowser({
      storeUrl: STORE_URL,
      timeoutMs: 50,
      launch: async () => browser,
    });
    const session = await storeBrowser.openSession({ cookies: [] });
    await expect(
      session.readPage(cartUrl, productSpec, { expectedPath: /\/carrinho-compras$/ }),
    ).rejects.toBeInstanceOf(StorePageChangedError);
  });
});

describe("createPlaywrightStoreBrowser stops every wait at the session's deadline", () => {
  const cartSpec = auchanPtSelectorRegistry().cart;
  const cartUrl = "http://127.0.0.1:3001/pt/carrinho-compras";

  // Far enough for the call to start on a busy machine (a deadline already passed starts nothing), and far
  // below the store timeout, so which of the two bounded the call is plain from the timeout it was given.
  const DEADLINE_IN_MS = scaledTimeout(2_000);

  const sessionOver = async (slow: "goto" | "marker" | "form", timeoutMs: number, deadline: number) => {
    const { browser, timeouts } = slowStoreBrowser(slow);
    const storeBrowser = createPlaywrightStoreBrowser({
      storeUrl: STORE_URL,
      timeoutMs,
      launch: async () => browser,
    });
    return { session: await storeBrowser.openSession({ cookies: [], deadline }), timeouts };
  };

  it("cuts a navigation short at the deadline with StoreDeadlineExceededError, not after the store timeout", async () => {
    const { session, timeouts } = await sessionOver("goto", 60_000, Date.now() + DEADLINE_IN_MS);
    const error = await session.readPage(cartUrl, cartSpec).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreDeadlineExceededError);
    expect((error as StoreDeadlineExceededError).code).toBe("store_deadline_exceeded");
    expect((error as Error).message).toContain(cartUrl);
    // The fake navigation fails only at the timeout it was given: the deadline's, not the store's 60 s.
    expect(timeouts).toHaveLength(1);
    expect(timeouts[0]).toBeLessThanOrEqual(DEADLINE_IN_MS);
  });

  it("cuts the wait for a page marker short at the deadline instead of calling the page changed", async () => {
    // Within the marker grace whatever TEST_TIMEOUT_SCALE says: past it, the grace (not the deadline)
    // rightly bounds the wait and the page is called changed.
    const deadlineInMs = Math.min(DEADLINE_IN_MS, READY_GRACE_MS);
    const { session, timeouts } = await sessionOver("marker", 60_000, Date.now() + deadlineInMs);
    const error = await session.readPage(cartUrl, cartSpec).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreDeadlineExceededError);
    expect(timeouts).toHaveLength(2);
    expect(timeouts[1]).toBeLessThanOrEqual(deadlineInMs);
  });

  it("cuts a form post short at the deadline", async () => {
    const { session } = await sessionOver("form", 60_000, Date.now() + DEADLINE_IN_MS);
    const error = await session
      .sendForm({ method: "POST", url: `${STORE_URL.origin}/cart`, form: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreDeadlineExceededError);
  });

  it("starts no navigation once the deadline has passed", async () => {
    const deadline = Date.now() + 30;
    const { session, timeouts } = await sessionOver("goto", 10_000, deadline);
    await waitUntil("the session's deadline to pass", () => Date.now() > deadline);
    await expect(session.readPage(cartUrl, cartSpec)).rejects.toBeInstanceOf(StoreDeadlineExceededError);
    expect(timeouts).toEqual([]);
  });

  it("refuses to open a session once the deadline has passed", async () => {
    const { browser } = slowStoreBrowser("goto");
    const storeBrowser = createPlaywrightStoreBrowser({
      storeUrl: STORE_URL,
      timeoutMs: 10_000,
      launch: async () => browser,
    });
    await expect(storeBrowser.openSession({ cookies: [], deadline: Date.now() - 1 })).rejects.toBeInstanceOf(
      StoreDeadlineExceededError,
    );
  });

  it("keeps the store timeout's own errors when the deadline is farther away", async () => {
    const unreachable = await sessionOver("goto", 50, Date.now() + 10_000);
    await expect(unreachable.session.readPage(cartUrl, cartSpec)).rejects.toBeInstanceOf(
      StoreUnreachableError,
    );
    expect(unreachable.timeouts).toEqual([50]);
    const changed = await sessionOver("marker", 50, Date.now() + 10_000);
    await expect(changed.session.readPage(cartUrl, cartSpec)).rejects.toBeInstanceOf(StorePageChangedError);
  });
});

/** A browser that counts the contexts it makes and closes; each context's page fails `goto` on request. */
const countingBrowser = () => {
  const made: string[] = [];
  const closed: string[] = [];
  const browser = {
    on: () => undefined,
    newContext: async () => {
      const id = `context-${made.length + 1}`;
      made.push(id);
      const page = {
        id,
        isClosed: () => closed.includes(id),
        goto: async (url: string) => {
          if (url.includes("fail")) throw new Error("net::ERR_CONNECTION_RESET");
          return { status: () => 200 };
        },
        url: () => "http://127.0.0.1:3001/pt/pesquisa",
        evaluate: async () => ({ values: {}, lists: {}, emptyMarker: null, readyMarker: "ready" }),
      };
      return {
        setDefaultTimeout: () => undefined,
        setDefaultNavigationTimeout: () => undefined,
        route: async () => undefined,
        addCookies: async () => undefined,
        newPage: async () => page,
        close: async () => {
          closed.push(id);
        },
      } as unknown as BrowserContext;
    },
    close: async () => undefined,
  };
  return { browser: browser as unknown as Browser, made, closed };
};

const householdCookies = (household: string) => [
  { name: "larder_household", value: household, url: STORE_URL.href },
];

describe("createPlaywrightStoreBrowser keeps idle sessions for the same household", () => {
  const searchSpec = auchanPtSelectorRegistry().search;

  it("reuses a closed session's context for the same household's next session, never for another's", async () => {
    const { browser, made, closed } = countingBrowser();
    const storeBrowser = createPlaywrightStoreBrowser({
      storeUrl: STORE_URL,
      timeoutMs: 1_000,
      launch: async () => browser,
      idleSessions: 4,
    });
    const first = await storeBrowser.openSession({ cookies: householdCookies("alice") });
    await first.readPage(`${STORE_URL.href}pt/pesquisa?q=arroz`, searchSpec);
    await first.close();
    expect(closed).toEqual([]);

    const again = await storeBrowser.openSession({ cookies: householdCookies("alice") });
    const other = await storeBrowser.openSession({ cookies: householdCookies("bob") });
    expect(made).toEqual(["context-1", "context-2"]);
    await again.close();
    await other.close();
    await storeBrowser.close();
  });

  it("closes a session whose call failed instead of keeping it", async () => {
    const { browser, made, closed } = countingBrowser();
    const storeBrowser = createPlaywrightStoreBrowser({
      storeUrl: STORE_URL,
      timeoutMs: 1_000,
      launch: async () => browser,
      idleSessions: 4,
    });
    const session = await storeBrowser.openSession({ cookies: householdCookies("alice") });
    await expect(session.readPage(`${STORE_URL.href}fail`, searchSpec)).rejects.toBeInstanceOf(
      StoreUnreachableError,
    );
    await session.close();
    expect(closed).toEqual(["context-1"]);
    await storeBrowser.openSession({ cookies: householdCookies("alice") });
    expect(made).toEqual(["context-1", "context-2"]);
    await storeBrowser.close();
  });

  it("keeps no more idle sessions than asked, closing the rest", async () => {
    const { browser, closed } = countingBrowser();
    const storeBrowser = createPlaywrightStoreBrowser({
      storeUrl: STORE_URL,
      timeoutMs: 1_000,
      launch: async () => browser,
      idleSessions: 1,
    });
    const a = await storeBrowser.openSession({ cookies: householdCookies("alice") });
    const b = await storeBrowser.openSession({ cookies: householdCookies("alice") });
    await a.close();
    await b.close();
    expect(closed).toEqual(["context-2"]);
    await storeBrowser.close();
  });
});

describe("createPlaywrightStoreBrowser bounds the sessions open at once", () => {
  it("makes a session beyond the bound wait for one to close, then opens it", async () => {
    const { browser, made } = countingBrowser();
    const storeBrowser = createPlaywrightStoreBrowser({
      storeUrl: STORE_URL,
      timeoutMs: 5_000,
      launch: async () => browser,
      maxOpenSessions: 1,
    });
    const first = await storeBrowser.openSession({ cookies: householdCookies("alice") });
    let secondOpened = false;
    const second = storeBrowser.openSession({ cookies: householdCookies("bob") }).then((session) => {
      secondOpened = true;
      return session;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondOpened).toBe(false);
    await first.close();
    await (await second).close();
    expect(made).toEqual(["context-1", "context-2"]);
    await storeBrowser.close();
  });

  it("fails a session that waits longer than the store timeout for its turn, and frees nothing twice", async () => {
    const { browser } = countingBrowser();
    const storeBrowser = createPlaywrightStoreBrowser({
      storeUrl: STORE_URL,
      timeoutMs: 50,
      launch: async () => browser,
      maxOpenSessions: 1,
    });
    const first = await storeBrowser.openSession({ cookies: householdCookies("alice") });
    await expect(storeBrowser.openSession({ cookies: householdCookies("bob") })).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
    await first.close();
    // The slot is free again: one session opens, and a second still waits its turn (bound kept at 1).
    const third = await storeBrowser.openSession({ cookies: householdCookies("carol") });
    await expect(storeBrowser.openSession({ cookies: householdCookies("dan") })).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
    await third.close();
    await storeBrowser.close();
  });
});

/**
 * A browser whose context fetches answer `answer` and whose page reads `extracted` from whatever it is
 * given; records whether a page was navigated and what was evaluated.
 */
const fetchingBrowser = (
  answer: { status: number; contentType?: string; body?: string },
  extracted: { readyMarker: string | null; emptyMarker?: string | null },
) => {
  const calls = { goto: 0, get: [] as { url: string; maxRedirects?: number }[], evaluated: [] as string[] };
  const page = {
    goto: async () => {
      calls.goto += 1;
      return { status: () => 200 };
    },
    url: () => "http://127.0.0.1:3001/pt/pesquisa?q=leite",
    evaluate: async (expression: string) => {
      calls.evaluated.push(expression);
      return { values: {}, lists: {}, emptyMarker: extracted.emptyMarker ?? null, readyMarker: "ready" };
    },
  };
  let firstRead = true;
  const context = {
    setDefaultTimeout: () => undefined,
    setDefaultNavigationTimeout: () => undefined,
    route: async () => undefined,
    addCookies: async () => undefined,
    newPage: async () => ({
      ...page,
      // The first read is the HTML's (when fetched); it finds what the case says.
      evaluate: async (expression: string) => {
        const result = await page.evaluate(expression);
        if (firstRead && calls.get.length > 0) {
          firstRead = false;
          return { ...result, readyMarker: extracted.readyMarker };
        }
        return result;
      },
    }),
    request: {
      get: async (url: string, options: { maxRedirects?: number }) => {
        calls.get.push({ url, maxRedirects: options.maxRedirects });
        return {
          status: () => answer.status,
          headers: () => (answer.contentType ? { "content-type": answer.contentType } : {}),
          text: async () => answer.body ?? "",
          dispose: async () => undefined,
        };
      },
    },
    close: async () => undefined,
  };
  const browser = {
    on: () => undefined,
    newContext: async () => context as unknown as BrowserContext,
    close: async () => undefined,
  };
  return { browser: browser as unknown as Browser, calls };
};

describe("createPlaywrightStoreBrowser reading a server-rendered page from its HTML", () => {
  const spec = auchanPtSelectorRegistry().search;
  const url = "http://127.0.0.1:3001/pt/pesquisa?q=leite";
  const read = async (fake: ReturnType<typeof fetchingBrowser>, serverRendered = true) => {
    const storeBrowser = createPlaywrightStoreBrowser({
      storeUrl: STORE_URL,
      timeoutMs: 5_000,
      launch: async () => fake.browser,
    });
    const session = await storeBrowser.openSession({ cookies: [] });
    return session.readPage(url, spec, { serverRendered });
  };

  it("reads the fetched HTML parsed inert in the page, without navigating, following no redirect", async () => {
    const fake = fetchingBrowser(
      { status: 200, contentType: "text/html; charset=utf-8", body: "<div class='product-grid'></div>" },
      { readyMarker: ".product-grid" },
    );
    const page = await read(fake);
    expect(page).toMatchObject({ url, status: 200 });
    expect(fake.calls.goto).toBe(0);
    expect(fake.calls.get).toEqual([{ url, maxRedirects: 0 }]);
    expect(fake.calls.evaluated[0]).toContain("new DOMParser().parseFromString(");
    expect(fake.calls.evaluated[0]).toContain("product-grid");
  });

  it("opens the page in the browser when the store redirects (its guards then apply to the target)", async () => {
    const fake = fetchingBrowser({ status: 302, contentType: "text/html" }, { readyMarker: ".product-grid" });
    await read(fake);
    expect(fake.calls.goto).toBe(1);
  });

  it("opens the page in the browser when its HTML shows no known state (it builds itself with scripts)", async () => {
    const fake = fetchingBrowser(
      { status: 200, contentType: "text/html", body: "<div id='app'></div>" },
      { readyMarker: null },
    );
    await read(fake);
    expect(fake.calls.goto).toBe(1);
  });

  it("opens the page in the browser when the answer is not HTML", async () => {
    const fake = fetchingBrowser(
      { status: 200, contentType: "application/json", body: "{}" },
      { readyMarker: "x" },
    );
    await read(fake);
    expect(fake.calls.goto).toBe(1);
  });

  it("answers a 5xx as the store being unreachable, as a navigation would", async () => {
    const fake = fetchingBrowser({ status: 503, contentType: "text/html" }, { readyMarker: "x" });
    await expect(read(fake)).rejects.toBeInstanceOf(StoreUnreachableError);
    expect(fake.calls.goto).toBe(0);
  });

  it("navigates as before for a page not marked server-rendered", async () => {
    const fake = fetchingBrowser({ status: 200, contentType: "text/html" }, { readyMarker: "x" });
    await read(fake, false);
    expect(fake.calls).toMatchObject({ goto: 1, get: [] });
  });
});
