/**
 * `npm run store:check-real -- --pages DIR`: the store tools against saved pages of the real Auchan.pt,
 * served from a throwaway local server, with the figures printed (lines, orders, slots read of those the
 * page holds). DIR is where the public repository raulfermoselle/ai-shopping-copilot's saved pages were
 * extracted (it holds `data/selectors/pages/` and `data/artifacts/search-research/`), e.g.
 *
 *   git -C <mirror> archive HEAD data/selectors/pages data/artifacts/search-research | tar -x -C /tmp/auchan-pages
 *   npm run store:check-real -- --pages /tmp/auchan-pages
 *
 * The pages are the site's content (and carry session tokens): they stay outside the repository. What a
 * page holds is counted from its HTML independently of the registry (plain class counts), so "68/68"
 * means every line the page has was read. Exits 1 when any figure falls short.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { isLarderError } from "../functions/core/errors";
import { createStoreTools, STORE_PATHS } from "../functions/shop/adapters/store";
import { createPlaywrightStoreBrowser } from "../functions/shop/adapters/store/playwright";

const { values } = parseArgs({ options: { pages: { type: "string" } } });
if (!values.pages) {
  console.error("usage: npm run store:check-real -- --pages DIR (the extracted saved pages)");
  process.exit(2);
}
const root = values.pages;
const pagesDir = join(root, "data/selectors/pages");

/** The saved pages, by what they are (two file names mislead: see STORE.md). */
const SAVED = {
  cart: join(pagesDir, "delivery-slots/snapshots/delivery-slots_2026-01-14T05-41-05-806Z.html"),
  emptyCart: join(pagesDir, "cart/snapshots/cart-with-items.html"),
  orders: join(pagesDir, "order-history/snapshots/order-list.html"),
  orderDetail: join(pagesDir, "order-detail/snapshots/order-detail.html"),
  booking: join(pagesDir, "delivery-slots/snapshots/delivery-slots_2026-01-14T05-53-25-868Z.html"),
  products: [
    join(pagesDir, "product-detail/product-detail-1_2026-01-11T22-28-08-563Z.html"),
    join(pagesDir, "product-detail/product-detail-2_2026-01-11T22-28-23-942Z.html"),
  ],
  /** A page of the site that is none of the cart's states: served at the cart's path for the drift check. */
  homepage: join(pagesDir, "search/homepage_2026-01-11T22-19-20-584Z.html"),
};

/** Tiles the recommendations carousel holds, the carousel's `.slick-cloned` copies left out. */
const recommendationTiles = (html: string): number => {
  const carousel = html.slice(html.indexOf("auc-carousel__recommendations"));
  return (
    carousel.match(/<div class="auc-js-einstein-recommendations-carousel-item slick-slide[^"]*"/g) ?? []
  ).filter((slide) => !slide.includes("slick-cloned")).length;
};

/** A saved search page whose count heading has a thousands separator (`1,059 resultados`). */
const fourDigitSearchPage = (): string => {
  const dirs = [join(pagesDir, "search"), join(root, "data/artifacts/search-research")];
  for (const dir of dirs) {
    for (const name of readdirSync(dir)
      .filter((file) => file.endsWith(".html"))
      .sort()) {
      const html = readFileSync(join(dir, name), "utf8");
      if (/search-result-count">\s*\d{1,3},\d{3} resultados/.test(html)) return join(dir, name);
    }
  }
  throw new Error("no saved search page with a four-digit count");
};

const count = (html: string, pattern: RegExp): number => html.match(pattern)?.length ?? 0;

/** Serves each saved page at the path the tools open; `cart` is switched between the full and empty one. */
const serve = (routes: Map<string, () => string>): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer((request, response) => {
      const path = new URL(request.url ?? "/", "http://local").pathname;
      const file = routes.get(path)?.();
      if (!file) {
        response.writeHead(404, { "content-type": "text/plain" }).end("not saved");
        return;
      }
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(readFileSync(file));
    });
    server.listen(0, "127.0.0.1", () => resolve(server));
  });

const main = async (): Promise<number> => {
  let cartFile = SAVED.cart;
  let productFile = SAVED.products[0] ?? "";
  const searchFile = fourDigitSearchPage();
  const server = await serve(
    new Map([
      [STORE_PATHS.cart, () => cartFile],
      [STORE_PATHS.orderHistory, () => SAVED.orders],
      [STORE_PATHS.orderDetail, () => SAVED.orderDetail],
      [`${STORE_PATHS.controllers}Delivery-BookDelivery`, () => SAVED.booking],
      [STORE_PATHS.search, () => searchFile],
      ["/pt/produto/saved.html", () => productFile],
    ]),
  );
  const storeUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const browser = createPlaywrightStoreBrowser({ storeUrl, timeoutMs: 15_000 });
  const tools = createStoreTools({ browser, storeUrl, householdId: "check-real" });
  const figures: Record<string, string> = {};
  const failures: string[] = [];
  const figure = (name: string, read: number, held: number, extra = "") => {
    figures[name] = `${read}/${held}${extra}`;
    if (read !== held) failures.push(`${name}: ${read} of ${held}`);
  };
  try {
    const cartPage = readFileSync(SAVED.cart, "utf8");
    // The lines precede the recommendations carousel, whose tiles carry the same analytics attributes.
    const cartHtml = cartPage.slice(0, cartPage.indexOf("cq_recomm_slot"));
    const cart = await tools.scanCart();
    const complete = cart.items.filter(
      (item) =>
        item.name.trim() &&
        /^\d+$/.test(item.productId) &&
        item.quantity > 0 &&
        item.lineTotalCents > 0 &&
        item.price > 0 &&
        item.lineUuid,
    );
    figure("cart lines", complete.length, count(cartHtml, /auc-cart__product-card auc-js-cart-item/g));
    figure("cart recommendations", cart.recommendations.length, recommendationTiles(cartPage));
    const unavailable = cart.items.filter((item) => !item.available);
    figure(
      "unavailable cart lines with a substitute link",
      unavailable.filter((item) => item.replacementUrl).length,
      count(cartHtml, /class="[^"]*auc-find-replacement"/g),
    );
    figure(
      "available cart lines",
      cart.items.length - unavailable.length,
      count(cartHtml, /&quot;dimension7&quot;:&quot;Yes&quot;,&quot;position&quot;/g),
    );
    figure(
      "weighed cart lines (kg)",
      cart.items.filter((item) => item.quantityUnit === "kg").length,
      count(cartHtml, /data-unit-measure="KG"/g),
    );

    cartFile = SAVED.emptyCart;
    const empty = await tools.scanCart();
    figure("empty cart lines", empty.items.length, 0, " (empty cart read as empty)");

    cartFile = SAVED.homepage;
    const started = Date.now();
    const drift = await tools.scanCart().then(
      () => "read as a cart",
      (error: unknown) => {
        figures["drift error"] = error instanceof Error ? error.message : String(error);
        return isLarderError(error) ? error.code : String(error);
      },
    );
    figures["home page served as the cart"] = `${drift} after ${Date.now() - started} ms`;
    if (drift !== "store_page_changed") failures.push(`drift: ${drift}`);
    cartFile = SAVED.cart;

    for (const [position, file] of SAVED.products.entries()) {
      productFile = file;
      const { product } = await tools.extractProductInfo({
        url: new URL("/pt/produto/saved.html", storeUrl).href,
      });
      figure(
        `product page ${position + 1} recommendations`,
        product.recommendations.length,
        recommendationTiles(readFileSync(file, "utf8")),
      );
    }

    const ordersHtml = readFileSync(SAVED.orders, "utf8");
    const { orders } = await tools.listPastOrders({ linesForRecentOrders: 0 });
    figure(
      "orders",
      orders.filter((order) => /^\d{9}$/.test(order.orderNumber) && order.placedOn && order.totalCents)
        .length,
      count(ordersHtml, /class="card auc-card auc-orders__order-summary"/g),
      " with number, date and total",
    );
    const detailHtml = readFileSync(SAVED.orderDetail, "utf8");
    const firstOrder = orders[0]?.orderId;
    if (!firstOrder) failures.push("the first order has no id");
    else {
      const { order } = await tools.getOrderDetail({ orderId: firstOrder });
      figure("order detail lines", order.lines.length, count(detailHtml, /auc-orders__product-card"/g));
      figures["order detail"] =
        `${order.orderNumber}, ${order.itemCount} Produtos, total ${order.totalCents} cents, ` +
        `${order.lines.filter((line) => line.quantity === 0).length} lines x0, ` +
        `${order.lines.filter((line) => line.quantityUnit === "kg").length} lines in kg`;
    }

    const bookingHtml = readFileSync(SAVED.booking, "utf8");
    const { slots } = await tools.listDeliverySlots();
    figure(
      "slots",
      slots.filter((slot) => slot.date && slot.start && slot.end && slot.priceCents > 0).length,
      count(bookingHtml, /<li class="auc-book-slot__slot/g),
      " with day, window and fee",
    );
    figure(
      "slot days",
      new Set(slots.map((slot) => slot.date)).size,
      count(bookingHtml, /class="nav-link-tab nav-link/g),
    );
    const fees = new Map<number, number>();
    for (const slot of slots) fees.set(slot.priceCents, (fees.get(slot.priceCents) ?? 0) + 1);
    figures["slot fees (cents: slots)"] = [...fees].map(([fee, n]) => `${fee}: ${n}`).join(", ");
    figures["bookable slots"] = String(slots.filter((slot) => slot.bookable).length);

    const search = await tools.searchProducts({ query: "leite", maxResults: 24 });
    const shown = readFileSync(searchFile, "utf8").match(/search-result-count">\s*([\d,]+) resultados/)?.[1];
    figures["search result count"] = `${search.totalResults} (page heading "${shown} resultados")`;
    if (!search.totalResults || search.totalResults < 1000) failures.push("search count below four digits");
  } catch (error) {
    failures.push(isLarderError(error) ? `${error.code}: ${error.message}` : String(error));
  } finally {
    await tools.close();
    await browser.close();
    server.close();
  }
  process.stdout.write(`${JSON.stringify({ figures, failures }, null, 2)}\n`);
  return failures.length === 0 ? 0 : 1;
};

main().then((code) => process.exit(code));
