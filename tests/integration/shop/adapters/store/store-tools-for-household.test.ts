import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLambdaContext } from "../../../../../dev/lambda-context";
import { type SimulatedStore, startSimulatedStore } from "../../../../../dev/store/start-simulated-store";
import {
  type StoreProduct,
  type StoreTools,
  storeDeadlineAt,
  withHouseholdStoreTools,
} from "../../../../../functions/shop/adapters/store";
import { productNamed } from "../../../../support/shop/catalog-fixture";

// Moved from the store tool Lambdas' test (the Lambdas are gone): the coordinator's steps and ShopApi
// reach the store through storeToolsForHousehold, here on the container's browser as in a Lambda.

let store: SimulatedStore;

/** One call on the household's tools, bounded by a Lambda's remaining time (60 s unless given). */
const invoke = <Result>(
  householdId: string,
  call: (tools: StoreTools) => Promise<Result>,
  lambdaContext = createLambdaContext("ShopSearchCandidates", 60),
): Promise<Result> =>
  withHouseholdStoreTools(
    {
      householdId,
      config: { storeUrl: new URL(store.url), timeoutMs: 10_000, requiresAccount: false },
      deadline: storeDeadlineAt(lambdaContext),
    },
    call,
  );

/**
 * The seed's candidate fields, as the catalog (the store's own data) says they should read. An unavailable
 * cart line shows no unit price, as on the real cart (`onCartLine`).
 */
const expectCandidateFieldsOf = (product: StoreProduct, onCartLine = false) => {
  const expected = productNamed(product.name);
  expect(product).toMatchObject({
    productId: expected.productId,
    name: expected.name,
    price: expected.priceCents / 100,
    pricePerUnit: onCartLine && !expected.available ? undefined : expected.unitPriceLabel,
    brand: expected.brand,
    size: expected.size,
    available: expected.available,
  });
};

beforeAll(async () => {
  store = await startSimulatedStore({ port: 0 });
});

afterAll(async () => {
  // Every call shares the container's browser; close it once.
  const { containerStoreBrowser } = await import("../../../../../functions/shop/adapters/store/playwright");
  await containerStoreBrowser({ storeUrl: new URL(store.url), timeoutMs: 10_000 }).close();
  await store?.close();
});

describe("the household's store tools in real Chromium against the simulated store", () => {
  it("searchProducts returns products carrying the seed's candidate fields, in the order asked for", async () => {
    const result = await invoke("lambda-search", (tools) =>
      tools.searchProducts({ query: "batata doce cubos congelada", sort: "unit-price", maxResults: 10 }),
    );
    expect(result.query).toBe("batata doce cubos congelada");
    expect(result.products.length).toBeGreaterThan(1);
    for (const product of result.products) expectCandidateFieldsOf(product);
    const perKgCents = result.products.map((product) => product.unitPrice?.amountCents ?? Number.NaN);
    expect(perKgCents).toEqual([...perKgCents].sort((a, b) => a - b));
  });

  it("scanCart returns the household's seeded cart with the same fields and its unavailable lines", async () => {
    const cart: [name: string, quantity: number][] = [
      ["batata doce auchan em cubos para cozer 400g", 2],
      ["leite auchan uht meio gordo slim 1l", 6],
    ];
    store.seedHousehold("lambda-cart", {
      cart: cart.map(([name, quantity]) => ({ productId: productNamed(name).productId, quantity })),
    });
    const result = await invoke("lambda-cart", (tools) => tools.scanCart());
    expect(result.items.map((item) => [item.name, item.quantity, item.available])).toEqual([
      ["batata doce auchan em cubos para cozer 400g", 2, false],
      ["leite auchan uht meio gordo slim 1l", 6, true],
    ]);
    for (const item of result.items) expectCandidateFieldsOf(item, true);
    expect(result.unavailableCount).toBe(1);
  });

  it("searchProducts stops at the Lambda's deadline with a typed error when the store is slow", async () => {
    // Each page answers well within STORE_TIMEOUT_MS, but ten of them outlast a 6 s Lambda.
    store.setResponseDelay(800);
    const context = createLambdaContext("ShopSearchCandidates", 6);
    try {
      const error = await invoke(
        "lambda-slow",
        (tools) => tools.searchProducts({ query: "leite", pageSize: 1, maxResults: 10 }),
        context,
      ).then(
        () => undefined,
        (rejection: unknown) => rejection,
      );
      expect(error).toMatchObject({
        name: "StoreDeadlineExceededError",
        code: "store_deadline_exceeded",
        category: "unavailable",
      });
      // It failed before the Lambda would have been killed (its deadline keeps a 3 s margin for that).
      expect(context.getRemainingTimeInMillis()).toBeGreaterThan(0);
    } finally {
      store.setResponseDelay(0);
    }
  });

  it("keeps households apart across calls that share the container's browser", async () => {
    store.seedHousehold("lambda-other", {
      cart: [{ productId: productNamed("leite auchan uht meio gordo slim 1l").productId, quantity: 1 }],
    });
    store.seedHousehold("lambda-empty", { cart: [] });
    const other = await invoke("lambda-other", (tools) => tools.scanCart());
    const empty = await invoke("lambda-empty", (tools) => tools.scanCart());
    expect(other.items.map((item) => item.name)).toEqual(["leite auchan uht meio gordo slim 1l"]);
    expect(empty.items).toEqual([]);
  });
});
