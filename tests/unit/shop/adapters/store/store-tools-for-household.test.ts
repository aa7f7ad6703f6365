import { describe, expect, it } from "vitest";
import { createLambdaContext } from "../../../../../dev/lambda-context";
import { ValidationError } from "../../../../../functions/core/errors";
import type {
  StoreBrowser,
  StoreSessionOptions,
} from "../../../../../functions/shop/adapters/store/browser/store-browser";
import type { StoreConfig } from "../../../../../functions/shop/adapters/store/store-config";
import { storeDeadlineAt } from "../../../../../functions/shop/adapters/store/store-deadline-margin";
import {
  StorePageChangedError,
  StoreUnreachableError,
} from "../../../../../functions/shop/adapters/store/store-errors";
import {
  STORE_DEADLINE_MARGIN_MS,
  storeToolsForHousehold,
  withHouseholdStoreTools,
} from "../../../../../functions/shop/adapters/store/store-tools-for-household";
import {
  FakeStoreSession,
  rawPage,
  rawRecord,
  rawTile,
  STORE_URL,
} from "../../../../support/shop/fake-store-session";

// Moved from the store tool Lambdas' handler tests (the Lambdas are gone; the coordinator's steps and
// ShopApi build the tools through this factory): the same assertions on the household's session.

/** A fake store whose search answers one milk tile, and whose other pages are an empty cart. */
const milkStorePage = (url: URL) =>
  url.pathname === "/pt/pesquisa"
    ? rawPage({
        url: url.href,
        values: rawRecord({ resultCount: "1" }),
        lists: {
          tiles: {
            rootSelector: ".product-grid .product-tile[data-pid]",
            records: [
              rawTile({ productId: "3010403", name: "leite 1l", price: "0.86", pricePerUnit: "0.86 €/Lt" }),
            ],
          },
        },
      })
    : rawPage({
        url: url.href,
        emptyMarker: ".auc-cart__empty",
        lists: { lines: { rootSelector: null, records: [] } },
      });

/** A StoreBrowser that hands out fake sessions and records what it was asked for. */
class RecordingBrowser implements StoreBrowser {
  readonly sessionOptions: StoreSessionOptions[] = [];
  readonly sessions: FakeStoreSession[] = [];

  constructor(
    private readonly newSession: () => FakeStoreSession = () => new FakeStoreSession(milkStorePage),
  ) {}

  async openSession(options: StoreSessionOptions) {
    this.sessionOptions.push(options);
    const session = this.newSession();
    this.sessions.push(session);
    return session;
  }

  async close() {}
}

const config: StoreConfig = { storeUrl: STORE_URL, timeoutMs: 1_000, requiresAccount: false };
const inLambda = (seconds = 60) => ({
  deadline: storeDeadlineAt(createLambdaContext("ShopSearchCandidates", seconds)),
});

const searchOver = (browser: StoreBrowser, householdId = "casa-silva", when = inLambda()) =>
  withHouseholdStoreTools({ householdId, config, browser, ...when }, (tools) =>
    tools.searchProducts({ query: "leite" }),
  );

const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error("expected the call to reject");
    },
    (error: unknown) => error,
  );

describe("storeToolsForHousehold: the household's session", () => {
  it("refuses a household id that could not be a session cookie before opening a browser", () => {
    const browser = new RecordingBrowser();
    expect(() =>
      storeToolsForHousehold({ householdId: "a;b", config, browser, deadline: Date.now() }),
    ).toThrow(ValidationError);
    expect(browser.sessions).toEqual([]);
  });

  it("names the input's own field (query) when the tool's input is invalid", async () => {
    const tools = storeToolsForHousehold({
      householdId: "casa-silva",
      config,
      browser: new RecordingBrowser(),
      ...inLambda(),
    });
    const error = await rejectionOf(tools.searchProducts({ query: "" }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(["query"]);
  });

  it("returns the tool's result for the household, read in a session carrying its cookie", async () => {
    const browser = new RecordingBrowser();
    const result = await searchOver(browser);
    expect(result.products.map((product) => [product.productId, product.name, product.price])).toEqual([
      ["3010403", "leite 1l", 0.86],
    ]);
    expect(browser.sessionOptions).toEqual([
      {
        cookies: [{ name: "larder-household", value: "casa-silva", url: STORE_URL.origin }],
        deadline: expect.any(Number),
      },
    ]);
    expect(browser.sessions[0]?.visited[0]).toMatch(/\/pt\/pesquisa\?q=leite/);
  });

  it("gives the household's session the Lambda's remaining time less the margin as its deadline", async () => {
    const browser = new RecordingBrowser();
    const before = Date.now();
    await searchOver(browser, "casa-silva", inLambda(20));
    const deadline = browser.sessionOptions[0]?.deadline ?? Number.NaN;
    expect(deadline).toBeGreaterThanOrEqual(before + 20_000 - STORE_DEADLINE_MARGIN_MS - 100);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 20_000 - STORE_DEADLINE_MARGIN_MS);
  });

  it("opens a fresh session for each household on a shared browser", async () => {
    const browser = new RecordingBrowser();
    await searchOver(browser, "casa-silva");
    await searchOver(browser, "casa-costa");
    expect(browser.sessionOptions.map((options) => options.cookies[0]?.value)).toEqual([
      "casa-silva",
      "casa-costa",
    ]);
  });

  it("closes the household's session after each call", async () => {
    const browser = new RecordingBrowser();
    await searchOver(browser);
    expect(browser.sessions.map((session) => session.closed)).toEqual([true]);
    await searchOver(browser);
    expect(browser.sessions.map((session) => session.closed)).toEqual([true, true]);
  });

  it("closes the household's session when the tool fails too", async () => {
    const browser = new RecordingBrowser(
      () =>
        new FakeStoreSession((url) => {
          throw new StoreUnreachableError(url.href, "connection refused (is the store running?)");
        }),
    );
    await expect(searchOver(browser, "h1")).rejects.toThrow();
    expect(browser.sessions.map((session) => session.closed)).toEqual([true]);
  });

  it("lets a store error through with its class and name, which Step Functions Retry/Catch match", async () => {
    const browser = new RecordingBrowser(
      () =>
        new FakeStoreSession((url) => {
          throw new StoreUnreachableError(url.href, "connection refused (is the store running?)");
        }),
    );
    const error = await rejectionOf(searchOver(browser, "h1"));
    expect(error).toBeInstanceOf(StoreUnreachableError);
    expect((error as Error).name).toBe("StoreUnreachableError");
  });

  it("lets a changed page's error through from the tool itself, naming the selector and URL", async () => {
    // Search results with neither tiles nor the "no results" marker: a redesign, never an empty list.
    const browser = new RecordingBrowser(
      () =>
        new FakeStoreSession((url) =>
          rawPage({ url: url.href, lists: { tiles: { rootSelector: null, records: [] } } }),
        ),
    );
    const error = await rejectionOf(searchOver(browser, "h1"));
    expect(error).toBeInstanceOf(StorePageChangedError);
    expect((error as StorePageChangedError).name).toBe("StorePageChangedError");
    expect((error as StorePageChangedError).url).toMatch(/\/pt\/pesquisa\?q=leite/);
    expect((error as StorePageChangedError).selectors.length).toBeGreaterThan(0);
  });

  it("still returns the result when closing the session fails afterwards", async () => {
    class SessionFailingToClose extends FakeStoreSession {
      override async close(): Promise<void> {
        throw new Error("context already gone");
      }
    }
    const browser = new RecordingBrowser(() => new SessionFailingToClose(milkStorePage));
    const result = await searchOver(browser, "h1");
    expect(result.products).toHaveLength(1);
  });
});

describe("listPastOrders through the household's tools", () => {
  /** A history of one order, its detail page with one line. */
  const historyStore = () =>
    new FakeStoreSession((url) =>
      url.pathname === "/pt/historico-encomendas"
        ? rawPage({
            url: url.href,
            lists: {
              orders: {
                rootSelector: ".auc-orders .auc-orders__order-summary",
                records: [
                  rawRecord({
                    orderNumber: "001234567",
                    date: "2026-01-02T14:00:30+00:00",
                    total: "5,16 €",
                    href: "/pt/detalhes-encomenda?orderID=a176",
                  }),
                ],
              },
            },
          })
        : rawPage({
            url: url.href,
            values: rawRecord({ orderNumber: "001234567", date: "2026-01-02T14:00:30+00:00" }),
            lists: {
              lines: {
                rootSelector: ".auc-orders .auc-orders__product-card",
                records: [rawRecord({ name: "leite 1l", href: "/pt/a/leite/3010403.html", quantity: "x6" })],
              },
            },
          }),
    );
  const toolsOver = (browser: StoreBrowser) =>
    storeToolsForHousehold({ householdId: "casa-silva", config, browser, ...inLambda() });

  it("reads the latest orders' lines when the input is absent, and none when asked for none", async () => {
    const tools = toolsOver(new RecordingBrowser(historyStore));
    const withLines = await tools.listPastOrders();
    expect(withLines.orders[0]?.lines.map((line) => [line.productId, line.quantity])).toEqual([
      ["3010403", 6],
    ]);
    const without = await tools.listPastOrders({ linesForRecentOrders: 0 });
    expect(without.orders[0]?.lines).toEqual([]);
    await tools.close();
  });

  it("refuses more detail pages than the bound, naming linesForRecentOrders", async () => {
    const tools = toolsOver(new RecordingBrowser(historyStore));
    const error = await rejectionOf(tools.listPastOrders({ linesForRecentOrders: 11 }));
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(["linesForRecentOrders"]);
  });
});
