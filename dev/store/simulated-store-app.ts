import { randomUUID } from "node:crypto";
import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { isLarderError } from "../../functions/core/errors";
import { parseOrThrow } from "../../functions/core/validation";
import {
  HOUSEHOLD_COOKIE_NAME,
  householdIdSchema,
} from "../../functions/shop/adapters/store/browser/household-session-cookie";
import { planDeliverySlots } from "./delivery-slot-plan";
import { CartRefusal, type HouseholdStates } from "./household-states";
import { applyLayout, STORE_LAYOUTS, type StoreLayout } from "./layout-variants";
import { lineTotals, renderCartPage } from "./render/cart-page";
import { renderBookingPage, renderDeliverySlotsFragment } from "./render/delivery-booking-page";
import { html, type SafeHtml } from "./render/html";
import {
  renderChallengePage,
  renderCookieBanner,
  renderHeaderAccount,
  renderLoginPage,
} from "./render/login-page";
import { renderOrderDetailPage } from "./render/order-detail-page";
import { renderOrderHistoryPage } from "./render/order-history-page";
import { renderPage } from "./render/page-layout";
import { renderProductPage } from "./render/product-page";
import { type ResultsView, renderResultsPage, renderTiles } from "./render/search-page";
import { brandFacetValues, filterByBrands, searchCatalog, sortProducts } from "./search-catalog";
import { STORE_SESSION_COOKIE, type StoreAccounts } from "./store-accounts";
import { CONTROLLER_BASE, type StoreCatalogIndex } from "./store-catalog-index";

const simulatedAccountSchema = z.object({
  email: z.email(),
  password: z.string().min(1),
  householdId: householdIdSchema,
  name: z.string().min(1).max(40),
  challenge: z.enum(["captcha", "second_factor"]).optional(),
});

export interface SimulatedStoreDependencies {
  catalog: StoreCatalogIndex;
  households: HouseholdStates;
  /** The store's clock (delivery slots depend on it). */
  now: () => Date;
  layout: { current: StoreLayout };
  /** How long the store waits before answering each request (0: at once); a slow store for tests. */
  responseDelay: { ms: number };
  /** The accounts it knows and their sessions (a household with an account needs its sign-in). */
  accounts: StoreAccounts;
}

/** The longest answer delay tests may ask for: long enough to outlast any tool deadline. */
const MAX_RESPONSE_DELAY_MS = 120_000;

const DEFAULT_PAGE_SIZE = 24;

/** A /pt path's segments after `pt`, decoded; null for broken percent-encoding (a 404, not a 500). */
const decodedSegments = (pathname: string): string[] | null => {
  try {
    return pathname.split("/").filter(Boolean).slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
};
const MAX_PAGE_SIZE = 96;

/**
 * The simulated Auchan.pt: the same paths, classes, data attributes, JSON-LD and number formats as the
 * real site (STORE.md), over the catalog data. Each household's cart and orders are keyed by the
 * `larder-household` cookie the tools send, else by an anonymous `dwsid` session cookie. Test-only
 * endpoints under `/__test` reset and seed that state (dev/store/README.md).
 */
export const createSimulatedStoreApp = (deps: SimulatedStoreDependencies): Hono => {
  const { catalog, households, accounts } = deps;
  const app = new Hono();

  // A slow store: every answer but the test endpoints' waits first, as a struggling site would.
  app.use("*", async (c, next) => {
    const { ms } = deps.responseDelay;
    if (ms > 0 && !c.req.path.startsWith("/__test")) await new Promise((resolve) => setTimeout(resolve, ms));
    await next();
  });

  // One key per request, so an anonymous visitor gets exactly one new session cookie.
  const keysByRequest = new WeakMap<Request, string>();
  const householdKey = (c: Context): string => {
    const known = keysByRequest.get(c.req.raw);
    if (known) return known;
    const household = householdIdSchema.safeParse(getCookie(c, HOUSEHOLD_COOKIE_NAME));
    let key: string;
    if (household.success) {
      key = `household:${household.data}`;
    } else {
      let session = getCookie(c, "dwsid");
      if (!session) {
        session = randomUUID();
        setCookie(c, "dwsid", session, { path: "/", httpOnly: true, sameSite: "Lax" });
      }
      key = `session:${session}`;
    }
    keysByRequest.set(c.req.raw, key);
    return key;
  };

  const LOGIN_PATH = `${CONTROLLER_BASE}/Login-OAuthLogin?oauthProvider=Salesforce&oauthLoginTargetEndPoint=0`;
  const signedInAccount = (c: Context) =>
    accounts.signedIn(getCookie(c, STORE_SESSION_COOKIE), deps.now().getTime());
  /**
   * A household with an account shows its cart, orders and slots to that account's session only (the
   * real site: to its signed-in customer); a visitor is sent to the login, an endpoint answers 401.
   */
  const needsSignIn = (c: Context): boolean => {
    const household = householdIdSchema.safeParse(getCookie(c, HOUSEHOLD_COOKIE_NAME));
    if (!household.success || !accounts.householdHasAccount(household.data)) return false;
    return signedInAccount(c)?.householdId !== household.data;
  };
  const requireSignIn = async (c: Context, next: () => Promise<void>) => {
    if (!needsSignIn(c)) return next();
    const isPage = !c.req.path.startsWith(CONTROLLER_BASE) || c.req.path.endsWith("/Delivery-BookDelivery");
    if (c.req.method === "GET" && isPage) return c.redirect(LOGIN_PATH, 302);
    return c.json({ error: true, message: "Inicie sessão para continuar" }, 401);
  };
  for (const path of [
    "/pt/carrinho-compras",
    "/pt/historico-encomendas",
    "/pt/detalhes-encomenda",
    `${CONTROLLER_BASE}/Cart-*`,
    `${CONTROLLER_BASE}/Delivery-*`,
  ]) {
    app.use(path, requireSignIn);
  }

  const page = (c: Context, title: string, body: SafeHtml, status: 200 | 404 = 200, action?: string) =>
    c.html(
      applyLayout(
        deps.layout.current,
        renderPage({
          title,
          body,
          action,
          cartLineCount: households.get(householdKey(c)).cart.length,
          account: renderHeaderAccount(signedInAccount(c)?.name, LOGIN_PATH),
          // The banner greets a first visit of the home page (where a person starts signing in).
          ...(c.req.path === "/pt" && !getCookie(c, "OptanonAlertBoxClosed")
            ? { banner: renderCookieBanner() }
            : {}),
        }),
      ),
      status,
    );
  const fragment = (c: Context, body: SafeHtml) => c.html(applyLayout(deps.layout.current, body.value));

  const pageSize = (c: Context): number => {
    const size = Number(c.req.query("sz") ?? DEFAULT_PAGE_SIZE);
    return Number.isInteger(size) && size > 0 ? Math.min(size, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  };
  const startAt = (c: Context): number => {
    const start = Number(c.req.query("start") ?? 0);
    return Number.isInteger(start) && start >= 0 ? start : 0;
  };

  const resultsView = (
    c: Context,
    heading: string,
    path: string,
    found: ReturnType<typeof searchCatalog>,
  ) => {
    const params = new URL(c.req.url).searchParams;
    const brands = brandFacetValues(params);
    const view: ResultsView = {
      heading,
      facetBase: found,
      matches: sortProducts(catalog, filterByBrands(found, brands), params.get("srule") ?? undefined),
      start: startAt(c),
      size: pageSize(c),
      params,
      path,
    };
    return view;
  };

  const notFound = (c: Context) =>
    page(
      c,
      "Página não encontrada",
      html`<div class="auc-error-page"><h1>Página não encontrada</h1></div>`,
      404,
    );

  app.get("/", (c) => c.redirect("/pt"));

  // Signing in as on the real site: the header's Login link, the login page (login.auchan.pt's, here at
  // its path on this origin), its AJAX submit, then the redirect back that sets the session.
  app.get(`${CONTROLLER_BASE}/Login-OAuthLogin`, (c) =>
    c.redirect(`/authorization?language=pt&startURL=${encodeURIComponent("/pt")}`, 302),
  );
  app.get("/authorization", (c) => c.html(renderLoginPage(c.req.query("startURL") ?? "/pt")));
  app.post("/ARCD_CIAM_Login", async (c) => {
    const form = await c.req.parseBody();
    if (String(form.hpot ?? "") !== "") return c.json({ error: "Pedido inválido" }, 400);
    const answer = accounts.submit(String(form.uname1 ?? ""), String(form.passwordLogin ?? ""));
    const startUrl = String(form.startURL ?? "/pt");
    if ("refused" in answer) return c.json({ error: answer.refused });
    if ("challenge" in answer) return c.json({ redirect: `/verificacao?kind=${answer.challenge}` });
    return c.json({
      redirect: `/services/authcallback?code=${answer.code}&startURL=${encodeURIComponent(startUrl)}`,
    });
  });
  app.get("/verificacao", (c) =>
    c.html(renderChallengePage(c.req.query("kind") === "captcha" ? "captcha" : "second_factor")),
  );
  app.get("/services/authcallback", (c) => {
    const token = accounts.finish(c.req.query("code") ?? "", deps.now().getTime());
    if (!token) return c.redirect(LOGIN_PATH, 302);
    setCookie(c, STORE_SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      maxAge: accounts.sessionSeconds,
    });
    const startUrl = c.req.query("startURL") ?? "/pt";
    return c.redirect(startUrl.startsWith("/") ? startUrl : "/pt", 302);
  });
  app.get("/pt", (c) =>
    page(
      c,
      "Supermercado Online",
      html`<div class="auc-home container"><h1>Supermercado Online</h1><ul class="auc-home__departments">${[
        ...new Map(catalog.catalog.categories.map((category) => [category.slugs[0], category])).values(),
      ].map(
        (category) => html`<li><a href="${catalog.categoryPath(category, 1)}">${category.labels[0]}</a></li>`,
      )}</ul></div>`,
    ),
  );

  app.get("/pt/pesquisa", (c) => {
    const query = c.req.query("q") ?? "";
    return page(
      c,
      `Pesquisa: ${query}`,
      renderResultsPage(catalog, resultsView(c, query, "/pt/pesquisa", searchCatalog(catalog, query))),
      200,
      "Search-Show",
    );
  });

  app.get(`${CONTROLLER_BASE}/Search-UpdateGrid`, (c) => {
    const query = c.req.query("q") ?? "";
    return fragment(
      c,
      renderTiles(catalog, resultsView(c, query, "/pt/pesquisa", searchCatalog(catalog, query))),
    );
  });

  app.get(`${CONTROLLER_BASE}/Product-Show`, (c) => {
    const product = catalog.product(c.req.query("pid") ?? "");
    return product ? c.redirect(catalog.productPath(product), 302) : notFound(c);
  });

  app.post(`${CONTROLLER_BASE}/Cart-AddProduct`, async (c) => {
    const form = await c.req.parseBody();
    const key = householdKey(c);
    try {
      const state = households.addToCart(key, String(form.pid ?? ""), Number(form.quantity ?? 1));
      return c.json({
        error: false,
        message: "Produto adicionado ao carrinho",
        quantityTotal: state.cart.length,
      });
    } catch (error) {
      if (error instanceof CartRefusal) return c.json({ error: true, message: error.message }, 400);
      throw error;
    }
  });

  app.get(`${CONTROLLER_BASE}/Cart-RemoveProductLineItem`, (c) => {
    const key = householdKey(c);
    try {
      const state = households.removeLine(key, c.req.query("pid") ?? "", c.req.query("uuid") ?? "");
      return c.json({ error: false, quantityTotal: state.cart.length });
    } catch (error) {
      if (error instanceof CartRefusal) return c.json({ error: true, message: error.message }, 400);
      throw error;
    }
  });

  app.post(`${CONTROLLER_BASE}/Cart-RemoveUnavailableProducts`, (c) => {
    const state = households.removeUnavailable(householdKey(c));
    return c.json({ error: false, quantityTotal: state.cart.length });
  });

  const plannedDays = (c: Context) => {
    const state = households.get(householdKey(c));
    const hasUnavailable = state.cart.some((line) => catalog.product(line.productId)?.available === false);
    return planDeliverySlots(catalog.catalog.deliverySchedule, deps.now(), hasUnavailable);
  };

  // The booking page, as a shopper reaches it with something in the cart; with an empty cart, the cart.
  app.get(`${CONTROLLER_BASE}/Delivery-BookDelivery`, (c) => {
    const state = households.get(householdKey(c));
    const available = state.cart.flatMap((line) => {
      const product = catalog.product(line.productId);
      return product?.available ? [{ line, product }] : [];
    });
    if (state.cart.length === 0) return c.redirect("/pt/carrinho-compras", 302);
    const totalCents = available.reduce(
      (sum, { line, product }) => sum + lineTotals(product, line.quantity).totalCents,
      0,
    );
    return page(
      c,
      "Escolher Horário Entrega da Encomenda Auchan",
      renderBookingPage(plannedDays(c), { totalCents, availableLines: available.length }),
      200,
      "Delivery-BookDelivery",
    );
  });

  app.get(`${CONTROLLER_BASE}/Delivery-Slots`, (c) =>
    fragment(c, renderDeliverySlotsFragment(plannedDays(c))),
  );

  // Like the real site, booking and confirming work: they are counted so tests can prove automation
  // never reaches them.
  app.post(`${CONTROLLER_BASE}/Delivery-BookSlot`, (c) => {
    households.get(householdKey(c)).slotBookingAttempts += 1;
    return c.json({ error: false, message: "Horário reservado" });
  });
  app.post(`${CONTROLLER_BASE}/Delivery-ValidShipments`, (c) => {
    households.get(householdKey(c)).slotBookingAttempts += 1;
    return c.json({ error: false });
  });

  app.get("/pt/carrinho-compras", (c) =>
    page(c, "Carrinho", renderCartPage(catalog, households.get(householdKey(c))), 200, "Cart-Show"),
  );

  app.get("/pt/historico-encomendas", (c) =>
    page(
      c,
      "Histórico de encomendas",
      renderOrderHistoryPage(catalog, households.get(householdKey(c))),
      200,
      "Order-History",
    ),
  );

  app.get("/pt/detalhes-encomenda", (c) => {
    const orderId = c.req.query("orderID") ?? "";
    const order = households.get(householdKey(c)).orders.find((placed) => placed.orderId === orderId);
    if (!order) return notFound(c);
    return page(
      c,
      `Encomenda ${order.orderNumber}`,
      renderOrderDetailPage(catalog, order),
      200,
      "Order-Details",
    );
  });

  app.get("/pt/finalizar-compra", (c) => {
    households.get(householdKey(c)).checkoutAttempts += 1;
    return page(c, "Finalizar compra", html`<div class="auc-checkout"><h1>Finalizar compra</h1></div>`);
  });

  app.get("/pt/*", (c) => {
    const segments = decodedSegments(new URL(c.req.url).pathname);
    if (!segments) return notFound(c);
    const last = segments.at(-1) ?? "";
    const productMatch = last.match(/^(\d+)\.html$/);
    if (productMatch?.[1]) {
      const product = catalog.product(productMatch[1]);
      if (!product) return notFound(c);
      if (c.req.path !== catalog.productPath(product)) return c.redirect(catalog.productPath(product), 301);
      return page(
        c,
        product.name,
        renderProductPage(catalog, product, new URL(c.req.url).origin),
        200,
        "Product-Show",
      );
    }
    const listing = catalog.productsUnder(segments);
    if (!listing) return notFound(c);
    return page(
      c,
      listing.labels.at(-1) ?? "Categoria",
      renderResultsPage(catalog, resultsView(c, listing.labels.at(-1) ?? "", c.req.path, listing.products)),
    );
  });

  // Test-only endpoints (dev/store/README.md).
  app.put("/__test/accounts", async (c) => {
    const body = parseOrThrow(simulatedAccountSchema, await c.req.json().catch(() => ({})), "body");
    accounts.register(body);
    return c.json({ email: body.email, householdId: body.householdId });
  });
  app.post("/__test/reset", (c) => {
    households.reset();
    accounts.reset();
    deps.layout.current = "current";
    deps.responseDelay.ms = 0;
    return c.json({ reset: true });
  });
  const seedHousehold = async (c: Context) => {
    const id = parseOrThrow(householdIdSchema, c.req.param("id"), "household id");
    const state = households.seed(`household:${id}`, await c.req.json().catch(() => ({})));
    return c.json({ householdId: id, state });
  };
  app.put("/__test/households/:id", seedHousehold);
  app.post("/__test/households/:id", seedHousehold);
  app.get("/__test/households/:id", (c) => {
    const id = parseOrThrow(householdIdSchema, c.req.param("id"), "household id");
    return c.json({ householdId: id, state: households.get(`household:${id}`) });
  });
  app.put("/__test/layout", async (c) => {
    const body = parseOrThrow(
      z.object({ layout: z.enum(STORE_LAYOUTS) }),
      await c.req.json().catch(() => ({})),
      "body",
    );
    deps.layout.current = body.layout;
    return c.json({ layout: body.layout });
  });
  app.put("/__test/response-delay", async (c) => {
    const body = parseOrThrow(
      z.object({ ms: z.number().int().min(0).max(MAX_RESPONSE_DELAY_MS) }),
      await c.req.json().catch(() => ({})),
      "body",
    );
    deps.responseDelay.ms = body.ms;
    return c.json({ ms: body.ms });
  });

  app.notFound((c) => (c.req.path.startsWith("/pt") ? notFound(c) : c.text("Not found", 404)));
  app.onError((error, c) => {
    if (isLarderError(error) && error.category === "validation") {
      return c.json({ error: { code: error.code, message: error.message, details: error.details } }, 400);
    }
    return c.json({ error: { code: "internal", message: "Simulated store error" } }, 500);
  });
  return app;
};
