import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../../dev/store/catalog";
import { HouseholdStates } from "../../../../dev/store/household-states";
import type { StoreLayout } from "../../../../dev/store/layout-variants";
import { createSimulatedStoreApp } from "../../../../dev/store/simulated-store-app";
import { STORE_SESSION_COOKIE, StoreAccounts } from "../../../../dev/store/store-accounts";
import { CONTROLLER_BASE, StoreCatalogIndex } from "../../../../dev/store/store-catalog-index";

const index = new StoreCatalogIndex(loadCatalog());
const MILK = index.products.find((p) => p.name === "leite auchan uht meio gordo slim 1l");

const newApp = () => {
  const households = new HouseholdStates(index);
  const layout: { current: StoreLayout } = { current: "current" };
  const responseDelay = { ms: 0 };
  const accounts = new StoreAccounts();
  const app = createSimulatedStoreApp({
    catalog: index,
    households,
    now: () => new Date("2026-01-13T10:15:00Z"),
    layout,
    responseDelay,
    accounts,
  });
  return { app, households, layout, responseDelay, accounts };
};
const asHousehold = (id: string) => ({ headers: { cookie: `larder-household=${id}` } });

describe("the simulated store's HTTP surface (no browser)", () => {
  it("keys the cart by the household cookie", async () => {
    const { app } = newApp();
    const add = await app.request(`${CONTROLLER_BASE}/Cart-AddProduct`, {
      method: "POST",
      body: new URLSearchParams({ pid: MILK?.productId ?? "", quantity: "2" }),
      ...asHousehold("casa-a"),
    });
    expect(await add.json()).toMatchObject({ error: false, quantityTotal: 1 });
    const cartA = await (await app.request("/pt/carrinho-compras", asHousehold("casa-a"))).text();
    const cartB = await (await app.request("/pt/carrinho-compras", asHousehold("casa-b"))).text();
    expect(cartA).toContain(`data-pid="${MILK?.productId}"`);
    expect(cartB).toContain('class="container cart cart-empty auc-cart--empty"');
    expect(cartB).toContain("Carrinho vazio de momento");
  });

  it("writes a cart line as the real cart does: hidden quantity 6.0, total with a plain space before €, line count", async () => {
    const { app, households } = newApp();
    households.seed("household:casa-formats", { cart: [{ productId: MILK?.productId ?? "", quantity: 6 }] });
    const cart = await (await app.request("/pt/carrinho-compras", asHousehold("casa-formats"))).text();
    expect(cart).toMatch(
      /class="auc-qty-selector__group__input auc-js-update-product-quantity" type="number" value="6\.0"/,
    );
    expect(cart).toMatch(/auc-cart--price auc-js-cart-item-price">5,16 €</);
    expect(cart).toContain('<div class="number-of-items">1 produtos</div>');
    expect(cart).toContain('data-action="Cart-Show"');
  });

  it("gives an anonymous visitor one dwsid session cookie", async () => {
    const { app } = newApp();
    const response = await app.request("/pt/carrinho-compras");
    expect(response.headers.getSetCookie().filter((c) => c.startsWith("dwsid="))).toHaveLength(1);
  });

  it("answers the cart endpoint's error shape for an unavailable product", async () => {
    const { app } = newApp();
    const unavailable = index.products.find((p) => !p.available);
    const response = await app.request(`${CONTROLLER_BASE}/Cart-AddProduct`, {
      method: "POST",
      body: new URLSearchParams({ pid: unavailable?.productId ?? "", quantity: "1" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: true, message: "Produto indisponível online" });
  });

  it("redirects Product-Show to the category-encoded product path", async () => {
    const { app } = newApp();
    const response = await app.request(`${CONTROLLER_BASE}/Product-Show?pid=3010403`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      "/pt/alimentacao/produtos-lacteos/leites/leite-uht/leite-auchan-uht-meio-gordo-slim-1l/3010403.html",
    );
  });

  it("serves a category listing for the Substituir link and 404 for unknown paths", async () => {
    const { app } = newApp();
    const listing = await app.request("/pt/alimentacao/charcutaria/fiambres/fiambre-fatiado");
    expect(listing.status).toBe(200);
    expect(await listing.text()).toContain("fiambre da pá fatiado polegar 200g");
    expect((await app.request("/pt/nao/existe")).status).toBe(404);
    expect((await app.request("/pt/alimentacao/x/y/z/slug/1.html")).status).toBe(404);
    expect((await app.request("/pt/alimentacao/%E0%A4%A")).status).toBe(404);
  });

  it("seeds, reads and resets household state through the test endpoints", async () => {
    const { app } = newApp();
    const seed = await app.request("/__test/households/demo", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ cart: [{ productId: MILK?.productId, quantity: 3 }] }),
    });
    expect(seed.status).toBe(200);
    const state = await (await app.request("/__test/households/demo")).json();
    expect(state).toMatchObject({
      householdId: "demo",
      state: { cart: [{ productId: MILK?.productId, quantity: 3 }] },
    });
    await app.request("/__test/reset", { method: "POST" });
    expect(await (await app.request("/__test/households/demo")).json()).toMatchObject({
      state: { cart: [] },
    });
  });

  it("answers 400 naming the unknown product when a seed is wrong", async () => {
    const { app } = newApp();
    const response = await app.request("/__test/households/demo", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ cart: [{ productId: "0000001", quantity: 1 }] }),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("0000001");
  });

  it("counts slot bookings (automation must leave the counter at zero)", async () => {
    const { app, households } = newApp();
    await app.request(`${CONTROLLER_BASE}/Delivery-BookSlot`, { method: "POST", ...asHousehold("h") });
    expect(households.get("household:h").slotBookingAttempts).toBe(1);
  });

  it("renames the registry's classes and attributes in the changed layout", async () => {
    const { app } = newApp();
    await app.request("/__test/layout", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ layout: "changed" }),
    });
    const page = await (await app.request("/pt/pesquisa?q=leite")).text();
    expect(page).not.toContain("product-tile");
    expect(page).not.toContain("data-pid=");
    expect(page).toContain("product-card");
  });

  it("answers after the delay a test sets, and at once again after a reset", async () => {
    const { app, responseDelay } = newApp();
    const setDelay = await app.request("/__test/response-delay", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ms: 150 }),
    });
    expect(await setDelay.json()).toEqual({ ms: 150 });
    expect(responseDelay.ms).toBe(150);
    const startedAt = Date.now();
    expect((await app.request("/pt/carrinho-compras")).status).toBe(200);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(140);
    await app.request("/__test/reset", { method: "POST" });
    expect(responseDelay.ms).toBe(0);
  });

  it("refuses a delay that is not a whole number of milliseconds, naming the field", async () => {
    const { app } = newApp();
    const response = await app.request("/__test/response-delay", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ms: -5 }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { details: { issues: { path: string }[] } } };
    expect(body.error.details.issues.map((issue) => issue.path)).toEqual(["ms"]);
  });
});

describe("the simulated store's accounts", () => {
  const ANA = { email: "ana@example.com", password: "right horse", householdId: "casa-ana", name: "Ana" };
  const login = (app: ReturnType<typeof newApp>["app"], email: string, password: string) =>
    app.request("/ARCD_CIAM_Login", {
      method: "POST",
      body: new URLSearchParams({ uname1: email, passwordLogin: password, startURL: "/pt", hpot: "" }),
    });

  it("sends a visitor of a household with an account to the login, and lets the demo household in", async () => {
    const { app, accounts } = newApp();
    accounts.register(ANA);
    const cart = await app.request("/pt/carrinho-compras", asHousehold("casa-ana"));
    expect(cart.status).toBe(302);
    expect(cart.headers.get("location")).toContain("Login-OAuthLogin");
    const login = await app.request(cart.headers.get("location") ?? "");
    expect(login.headers.get("location")).toMatch(/^\/authorization\?/);
    const form = await (await app.request(login.headers.get("location") ?? "")).text();
    for (const id of ['id="uname1"', 'id="pwd1"', 'id="btnSubmit_login" type="button"', 'id="errorModal"']) {
      expect(form).toContain(id);
    }
    expect((await app.request("/pt/carrinho-compras", asHousehold("demo"))).status).toBe(200);
  });

  it("refuses any other password or email, counting each submit, and signs the right one in", async () => {
    const { app, accounts } = newApp();
    accounts.register(ANA);
    expect(await (await login(app, ANA.email, "wrong")).json()).toMatchObject({ error: expect.any(String) });
    expect(await (await login(app, "bea@example.com", ANA.password)).json()).toHaveProperty("error");
    expect(accounts.signInAttempts(ANA.email)).toBe(1);
    const { redirect } = (await (await login(app, ANA.email, ANA.password)).json()) as { redirect: string };
    const back = await app.request(redirect);
    const session = back.headers.get("set-cookie")?.match(new RegExp(`${STORE_SESSION_COOKIE}=([^;]+)`))?.[1];
    expect(session).toBeDefined();
    const cookie = `larder-household=casa-ana; ${STORE_SESSION_COOKIE}=${session}`;
    const cart = await app.request("/pt/carrinho-compras", { headers: { cookie } });
    expect(cart.status).toBe(200);
    expect(await cart.text()).toContain('class="auc-header__user-name">Olá, Ana');
    accounts.expireSessions();
    expect((await app.request("/pt/carrinho-compras", { headers: { cookie } })).status).toBe(302);
  });
});
