import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SimulatedStore, startSimulatedStore } from "../../../../../dev/store/start-simulated-store";
import { runProjectScript, type ScriptOutcome } from "../../../../support/project-script";
import { productNamed } from "../../../../support/shop/catalog-fixture";
import { scaledTimeout } from "../../../../support/test-timeouts";

/**
 * Runs `npm run store -- <args>` as the npm script does (`tsx scripts/store.ts`). The store timeout is
 * scaled like every wait in the tests: a page a busy machine's Chromium loads slowly is not a failure.
 */
const runStoreCommand = (
  args: string[],
  // STORE_TIMEOUT_MS allows at most 2 min.
  storeTimeoutMs = Math.min(scaledTimeout(10_000), 120_000),
  extraEnv: Record<string, string> = {},
): Promise<ScriptOutcome> =>
  runProjectScript("scripts/store.ts", args, { STORE_TIMEOUT_MS: String(storeTimeoutMs), ...extraEnv });

/** stderr without npm's own chatter about the machine's npm config. */
const reasonLines = (stderr: string): string[] =>
  stderr.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("npm warn"));

let store: SimulatedStore;
let household: string;

beforeAll(async () => {
  store = await startSimulatedStore({ port: 0 });
  household = store.seedDemoHousehold();
});

afterAll(async () => {
  await store?.close();
});

describe("npm run store -- <command> against the simulated store", () => {
  it("search prints the products as JSON and exits 0, honouring --brand, --sort, --available-only and --max", async () => {
    const outcome = await runStoreCommand([
      "search",
      "requeijão",
      "--brand",
      "auchan",
      "--sort",
      "unit-price",
      "--available-only",
      "--max",
      "2",
      "--store-url",
      store.url,
    ]);
    expect(outcome).toMatchObject({ code: 0, stderr: "" });
    const { products } = JSON.parse(outcome.stdout) as {
      products: { name: string; brand: string; available: boolean }[];
    };
    expect(products.length).toBeGreaterThan(0);
    expect(products.length).toBeLessThanOrEqual(2);
    expect(products.every((p) => p.brand === "AUCHAN" && p.available)).toBe(true);
  });

  it("cart prints the household's items with name, quantity, availability and prices", async () => {
    const outcome = await runStoreCommand(["cart", "--household", household, "--store-url", store.url]);
    expect(outcome.code).toBe(0);
    const { items } = JSON.parse(outcome.stdout) as {
      items: { name: string; quantity: number; available: boolean; priceCents: number }[];
    };
    const batata = productNamed("batata doce auchan em cubos para cozer 400g");
    expect(items.find((item) => item.name === batata.name)).toMatchObject({
      quantity: 2,
      available: false,
      priceCents: batata.priceCents,
    });
    expect(items.some((item) => item.available)).toBe(true);
  });

  it("product, slots and orders print { product }, { slots } and { orders }", async () => {
    const milk = productNamed("leite auchan uht meio gordo slim 1l");
    const [product, slots, orders] = await Promise.all([
      runStoreCommand(["product", milk.productId, "--store-url", store.url]),
      runStoreCommand(["slots", "--household", household, "--store-url", store.url]),
      runStoreCommand(["orders", "--household", household, "--store-url", store.url]),
    ]);
    // Each command's exit and stderr first, so a failure names its reason rather than a JSON parse error.
    for (const outcome of [product, slots, orders]) expect(outcome).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(product.stdout)).toMatchObject({ product: { productId: milk.productId } });
    expect((JSON.parse(slots.stdout) as { slots: unknown[] }).slots.length).toBeGreaterThan(0);
    expect((JSON.parse(orders.stdout) as { orders: unknown[] }).orders.length).toBe(3);
    expect(store.householdState(household).slotBookingAttempts).toBe(0);
  });

  it("prints one line naming the URL and exits non-zero when nothing listens at --store-url", async () => {
    const gone = await startSimulatedStore({ port: 0 });
    await gone.close();
    const outcome = await runStoreCommand(["cart", "--store-url", gone.url]);
    expect(outcome.code).not.toBe(0);
    expect(outcome.stdout).toBe("");
    expect(reasonLines(outcome.stderr)).toEqual([
      `store_unreachable: Store unreachable at ${gone.url}/pt/carrinho-compras: connection refused (is the store running?)`,
    ]);
  });

  it("sign-in names what is wrong with what it was given, never the password, and exits 2", async () => {
    const invalid = await runStoreCommand(["sign-in", "--store-url", store.url], undefined, {
      STORE_EMAIL: "notanemail",
      STORE_PASSWORD: "x-secret-9",
    });
    expect(invalid.code).toBe(2);
    expect(invalid.stdout).toBe("");
    expect(reasonLines(invalid.stderr)[0]).toMatch(/^sign-in: STORE_EMAIL is not an email address; usage:/);
    expect(invalid.stderr).not.toContain("x-secret-9");

    const missing = await runStoreCommand(["sign-in", "--store-url", store.url], undefined, {
      STORE_EMAIL: "ana@example.com",
    });
    expect(missing.code).toBe(2);
    expect(reasonLines(missing.stderr)[0]).toMatch(
      /^sign-in needs STORE_PASSWORD in the environment \(not set\); usage:/,
    );
  });

  it("sign-in against a store it cannot reach prints the error alone, no status, and exits 1", async () => {
    const gone = await startSimulatedStore({ port: 0 });
    await gone.close();
    const outcome = await runStoreCommand(["sign-in", "--store-url", gone.url], undefined, {
      STORE_EMAIL: "ana@example.com",
      STORE_PASSWORD: "x-secret-9",
    });
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe("");
    expect(reasonLines(outcome.stderr)).toEqual([
      `store_unreachable: Store unreachable at ${gone.url}/: connection refused (is the store running?)`,
    ]);
  });

  it("product refuses a store URL that is not a product page in one line, without waiting for the store", async () => {
    // The longest store timeout there is (2 min): a command that waited for the store would be stopped by
    // execFile's timeout with no reason line, or print the store's failure, instead of this refusal.
    const outcome = await runStoreCommand(
      ["product", `${store.url}/pt/pesquisa?q=leite`, "--store-url", store.url],
      120_000,
    );
    expect(outcome.code).not.toBe(0);
    expect(outcome.stdout).toBe("");
    const lines = reasonLines(outcome.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^validation: Invalid extractProductInfo input: url \(url: not a product page/);
  });

  it.each([
    [["search", "--store-url", "http://127.0.0.1:1"], /^search needs a query; usage: /],
    [["frobnicate"], /^unknown command "frobnicate"; usage: /],
    [["search", "leite", "--max", "500", "--store-url", "http://127.0.0.1:1"], /maxResults: .*200/],
  ])("prints one line for %j and exits non-zero", async (args, reason) => {
    const outcome = await runStoreCommand(args);
    expect(outcome.code).not.toBe(0);
    expect(outcome.stdout).toBe("");
    const lines = reasonLines(outcome.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(reason);
  });
});
