import sparticuzChromium from "@sparticuz/chromium";
import { describe, expect, it } from "vitest";
import { ConfigError, ValidationError } from "../../../../../functions/core/errors";
import { assertAllowedStoreUrl } from "../../../../../functions/shop/adapters/store/browser/forbidden-store-actions";
import {
  chromiumArgsFor,
  KEPT_LAMBDA_FLAGS,
} from "../../../../../functions/shop/adapters/store/browser/launch-chromium";
import {
  auchanPtSelectorRegistry,
  buildSelectorRegistry,
  STORE_PAGES,
} from "../../../../../functions/shop/adapters/store/selectors/selector-registry";
import { readStoreConfig } from "../../../../../functions/shop/adapters/store/store-config";
import { StoreActionForbiddenError } from "../../../../../functions/shop/adapters/store/store-errors";

describe("readStoreConfig", () => {
  it("defaults to the local simulated store on STORE_PORT, else 3001", () => {
    expect(readStoreConfig({}).storeUrl.href).toBe("http://127.0.0.1:3001/");
    expect(readStoreConfig({ STORE_PORT: "4100" }).storeUrl.href).toBe("http://127.0.0.1:4100/");
    expect(readStoreConfig({ STORE_URL: "https://www.auchan.pt" }).storeUrl.href).toBe(
      "https://www.auchan.pt/",
    );
  });

  it("has no local default in a Lambda: a missing STORE_URL fails naming it", () => {
    const inLambda = { AWS_LAMBDA_FUNCTION_NAME: "Larder-sandbox-ShopScanCart" };
    expect(() => readStoreConfig(inLambda)).toThrow(ConfigError);
    expect(() => readStoreConfig(inLambda)).toThrow(/STORE_URL is missing/);
    expect(() => readStoreConfig({ ...inLambda, STORE_PORT: "3001" })).toThrow(/STORE_URL/);
    expect(readStoreConfig({ ...inLambda, STORE_URL: "https://www.auchan.pt" }).storeUrl.href).toBe(
      "https://www.auchan.pt/",
    );
  });

  it("fails naming the variable when STORE_URL or STORE_TIMEOUT_MS is malformed", () => {
    expect(() => readStoreConfig({ STORE_URL: "auchan" })).toThrow(ConfigError);
    expect(() => readStoreConfig({ STORE_URL: "auchan" })).toThrow(/STORE_URL/);
    expect(() => readStoreConfig({ STORE_TIMEOUT_MS: "soon" })).toThrow(/STORE_TIMEOUT_MS/);
  });
});

describe("chromiumArgsFor", () => {
  const lambdaArgs = ["--no-sandbox", "--single-process", "--no-zygote"];

  it("drops --single-process (closing one context would kill the shared browser)", () => {
    expect(chromiumArgsFor(new URL("https://www.auchan.pt"), lambdaArgs)).not.toContain("--single-process");
  });

  it("turns compositing off wherever the store is (the tools read the DOM, never pixels)", () => {
    expect(chromiumArgsFor(new URL("https://www.auchan.pt"), lambdaArgs)).toContain(
      "--disable-gpu-compositing",
    );
    expect(chromiumArgsFor(new URL("http://127.0.0.1:3001"), lambdaArgs)).toContain(
      "--disable-gpu-compositing",
    );
  });

  it("keeps the web's walls up: none of @sparticuz/chromium's flags that switch them off", () => {
    for (const storeUrl of ["https://www.auchan.pt", "http://127.0.0.1:3001"]) {
      const args = chromiumArgsFor(new URL(storeUrl), sparticuzChromium.args);
      for (const off of [
        "--disable-web-security",
        "--allow-running-insecure-content",
        "--disable-site-isolation-trials",
        "--enable-unsafe-swiftshader",
        "--enable-features=SharedArrayBuffer",
      ]) {
        expect(args).not.toContain(off);
      }
      expect(args.filter((arg) => /IsolateOrigins|site-per-process/.test(arg))).toEqual([
        "--site-per-process",
      ]);
      expect(args).toEqual(expect.arrayContaining(["--no-sandbox", "--no-zygote", "--site-per-process"]));
    }
  });

  it("keeps a Lambda flag only when it is named with a reason", () => {
    const kept = chromiumArgsFor(new URL("https://www.auchan.pt"), [
      "--no-sandbox",
      "--some-new-flag",
      "--use-gl=angle",
    ]);
    expect(kept).toContain("--no-sandbox");
    expect(kept).toContain("--use-gl=angle");
    expect(kept).not.toContain("--some-new-flag");
    for (const why of Object.values(KEPT_LAMBDA_FLAGS)) expect(why.length).toBeGreaterThan(10);
  });

  it("blocks every other host only when the store is on loopback", () => {
    const local = chromiumArgsFor(new URL("http://127.0.0.1:3001"), lambdaArgs);
    expect(local).toContain("--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost");
    expect(local).toContain("--disable-background-networking");
    const remote = chromiumArgsFor(new URL("https://www.auchan.pt"), lambdaArgs);
    expect(remote.some((arg) => arg.startsWith("--host-resolver-rules"))).toBe(false);
  });
});

describe("selector registry", () => {
  it("has a versioned entry with ready markers for every page the tools read", () => {
    const registry = auchanPtSelectorRegistry();
    for (const page of STORE_PAGES) {
      expect(registry[page].version).toMatch(/\d{4}-\d{2}/);
      expect(registry[page].ready.length).toBeGreaterThan(0);
    }
    expect(registry.product.lists.recommendations?.fields).toEqual(registry.search.lists.tiles?.fields);
    expect(registry.cart.lists.recommendations?.fields).toEqual(registry.search.lists.tiles?.fields);
  });

  it("recognises every page's known empty state as a loaded page, so an empty page is read at once", () => {
    const registry = auchanPtSelectorRegistry();
    for (const page of STORE_PAGES) {
      for (const marker of registry[page].empty) expect(registry[page].ready).toContain(marker);
    }
  });

  it("rejects registry data that is malformed or names an unknown field set", () => {
    expect(() => buildSelectorRegistry({ site: "x", fieldSets: {}, pages: "nope" })).toThrow(ValidationError);
    const page = {
      version: "v1",
      source: "test",
      ready: [".a"],
      empty: [],
      values: {},
      lists: { tiles: { root: [".t"], fieldSet: "missing" } },
    };
    const pages = {
      search: page,
      product: page,
      cart: page,
      orders: page,
      orderDetail: page,
      deliverySlots: page,
    };
    expect(() => buildSelectorRegistry({ site: "x", fieldSets: {}, pages })).toThrow(
      /unknown field set missing/,
    );
  });
});

describe("assertAllowedStoreUrl", () => {
  const store = new URL("http://127.0.0.1:3001");

  it("resolves relative URLs against the store", () => {
    expect(assertAllowedStoreUrl(store, "/pt/carrinho-compras").href).toBe(
      "http://127.0.0.1:3001/pt/carrinho-compras",
    );
  });

  it.each([
    "http://example.com/pt/pesquisa",
    "/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Delivery-BookSlot",
    "/on/demandware.store/Sites-AuchanPT-Site/pt_PT/CheckoutServices-PlaceOrder",
    "/pt/finalizar-compra",
  ])("refuses %s", (url) => {
    expect(() => assertAllowedStoreUrl(store, url)).toThrow(StoreActionForbiddenError);
  });
});
