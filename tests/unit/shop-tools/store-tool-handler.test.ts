import { describe, expect, it } from "vitest";
import { createLambdaContext } from "../../../dev/lambda-context";
import { ValidationError } from "../../../functions/core/errors";
import { createLogger } from "../../../functions/core/logger";
import type {
  StoreBrowser,
  StoreSessionOptions,
} from "../../../functions/shop/adapters/store/browser/store-browser";
import type { StoreConfig } from "../../../functions/shop/adapters/store/store-config";
import {
  StorePageChangedError,
  StoreUnreachableError,
} from "../../../functions/shop/adapters/store/store-errors";
import { listPastOrdersInputSchema } from "../../../functions/shop/adapters/store/tools/list-past-orders";
import { searchProductsInputSchema } from "../../../functions/shop/adapters/store/tools/search-products";
import { emptyToolInputSchema } from "../../../functions/shop/tools/empty-tool-input";
import {
  createStoreToolHandler,
  STORE_DEADLINE_MARGIN_MS,
  type StoreToolPorts,
} from "../../../functions/shop/tools/store-tool-handler";
import { FakeStoreSession, rawPage, rawRecord, rawTile, STORE_URL } from "../shop/store/fake-store-session";

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

const storeConfig: StoreConfig = { storeUrl: STORE_URL, timeoutMs: 1_000 };

/** Ports over one recording browser; `browsersOpened` counts how often the handler asked for one. */
const fakePorts = (browser: StoreBrowser) => {
  const counts = { browsersOpened: 0 };
  const ports: StoreToolPorts = {
    storeConfig,
    openBrowser: () => {
      counts.browsersOpened += 1;
      return browser;
    },
    logger: createLogger("shop-tools-test"),
  };
  return { ports, counts };
};

const searchHandlerOver = (browser: StoreBrowser) => {
  const { ports, counts } = fakePorts(browser);
  const handler = createStoreToolHandler(
    "searchProducts",
    searchProductsInputSchema,
    (tools, input) => tools.searchProducts(input),
    ports,
  );
  return { handler, counts };
};

const context = () => createLambdaContext("ShopSearchProductsTool", 60);

const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error("expected the handler to reject");
    },
    (error: unknown) => error,
  );

describe("createStoreToolHandler: validating the event", () => {
  it("refuses an event without householdId with a ValidationError naming that field, before opening a browser", async () => {
    const browser = new RecordingBrowser();
    const { handler, counts } = searchHandlerOver(browser);
    const error = await rejectionOf(handler({ input: { query: "leite" } }, context()));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(["householdId"]);
    expect((error as ValidationError).message).toContain("searchProducts event");
    expect(counts.browsersOpened).toBe(0);
    expect(browser.sessions).toEqual([]);
  });

  it("names the input's own field (input.query) when the tool's input is invalid", async () => {
    const { handler } = searchHandlerOver(new RecordingBrowser());
    const error = await rejectionOf(handler({ householdId: "casa-silva", input: { query: "" } }, context()));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(["input.query"]);
  });

  it("refuses a household id that could not be a session cookie, naming householdId", async () => {
    const { handler } = searchHandlerOver(new RecordingBrowser());
    const error = await rejectionOf(handler({ householdId: "a;b", input: { query: "leite" } }, context()));
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(["householdId"]);
  });

  it("refuses an event that is not an object at all", async () => {
    const { handler } = searchHandlerOver(new RecordingBrowser());
    await expect(handler("leite", context())).rejects.toBeInstanceOf(ValidationError);
  });

  it("lets a tool without input run with the input left out or carrying the seed's extra keys", async () => {
    const browser = new RecordingBrowser();
    const { ports } = fakePorts(browser);
    const handler = createStoreToolHandler(
      "scanCart",
      emptyToolInputSchema,
      (tools) => tools.scanCart(),
      ports,
    );
    await expect(handler({ householdId: "h1" }, context())).resolves.toMatchObject({ items: [] });
    await expect(
      handler({ householdId: "h1", input: { expandAll: true } }, context()),
    ).resolves.toMatchObject({
      items: [],
    });
  });
});

describe("createStoreToolHandler: running the tool", () => {
  it("returns the tool's result for the household, read in a session carrying its cookie", async () => {
    const browser = new RecordingBrowser();
    const { handler } = searchHandlerOver(browser);
    const result = await handler({ householdId: "casa-silva", input: { query: "leite" } }, context());
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
    const { handler } = searchHandlerOver(browser);
    const before = Date.now();
    await handler(
      { householdId: "casa-silva", input: { query: "leite" } },
      createLambdaContext("ShopSearchProductsTool", 20),
    );
    const deadline = browser.sessionOptions[0]?.deadline ?? Number.NaN;
    expect(deadline).toBeGreaterThanOrEqual(before + 20_000 - STORE_DEADLINE_MARGIN_MS - 100);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 20_000 - STORE_DEADLINE_MARGIN_MS);
  });

  it("creates the browser once and reuses it across invocations, with a fresh session for each", async () => {
    const browser = new RecordingBrowser();
    const { handler, counts } = searchHandlerOver(browser);
    await handler({ householdId: "casa-silva", input: { query: "leite" } }, context());
    await handler({ householdId: "casa-costa", input: { query: "leite" } }, context());
    expect(counts.browsersOpened).toBe(1);
    expect(browser.sessionOptions.map((options) => options.cookies[0]?.value)).toEqual([
      "casa-silva",
      "casa-costa",
    ]);
  });

  it("closes the household's session after each call", async () => {
    const browser = new RecordingBrowser();
    const { handler } = searchHandlerOver(browser);
    await handler({ householdId: "casa-silva", input: { query: "leite" } }, context());
    expect(browser.sessions.map((session) => session.closed)).toEqual([true]);
    await handler({ householdId: "casa-silva", input: { query: "leite" } }, context());
    expect(browser.sessions.map((session) => session.closed)).toEqual([true, true]);
  });

  it("closes the household's session when the tool fails too", async () => {
    const browser = new RecordingBrowser(
      () =>
        new FakeStoreSession((url) => {
          throw new StoreUnreachableError(url.href, "connection refused (is the store running?)");
        }),
    );
    const { handler } = searchHandlerOver(browser);
    await expect(handler({ householdId: "h1", input: { query: "leite" } }, context())).rejects.toThrow();
    expect(browser.sessions.map((session) => session.closed)).toEqual([true]);
  });

  it("lets a store error through with its class and name, which Step Functions Retry/Catch match", async () => {
    const browser = new RecordingBrowser(
      () =>
        new FakeStoreSession((url) => {
          throw new StoreUnreachableError(url.href, "connection refused (is the store running?)");
        }),
    );
    const { handler } = searchHandlerOver(browser);
    const error = await rejectionOf(handler({ householdId: "h1", input: { query: "leite" } }, context()));
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
    const { handler } = searchHandlerOver(browser);
    const error = await rejectionOf(handler({ householdId: "h1", input: { query: "leite" } }, context()));
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
    const { handler } = searchHandlerOver(browser);
    const result = await handler({ householdId: "h1", input: { query: "leite" } }, context());
    expect(result.products).toHaveLength(1);
  });
});

describe("ShopListPastOrdersTool's input", () => {
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
  const handlerOver = (browser: StoreBrowser) =>
    createStoreToolHandler(
      "listPastOrders",
      listPastOrdersInputSchema.optional(),
      (tools, input) => tools.listPastOrders(input ?? {}),
      fakePorts(browser).ports,
    );

  it("reads the latest orders' lines when the input is absent, and none when asked for none", async () => {
    const browser = new RecordingBrowser(historyStore);
    const handler = handlerOver(browser);
    const withLines = await handler({ householdId: "casa-silva" }, context());
    expect(withLines.orders[0]?.lines.map((line) => [line.productId, line.quantity])).toEqual([
      ["3010403", 6],
    ]);
    const without = await handler(
      { householdId: "casa-silva", input: { linesForRecentOrders: 0 } },
      context(),
    );
    expect(without.orders[0]?.lines).toEqual([]);
  });

  it("refuses more detail pages than the bound, naming input.linesForRecentOrders", async () => {
    const error = await rejectionOf(
      handlerOver(new RecordingBrowser(historyStore))(
        { householdId: "casa-silva", input: { linesForRecentOrders: 11 } },
        context(),
      ),
    );
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([
      "input.linesForRecentOrders",
    ]);
  });
});
