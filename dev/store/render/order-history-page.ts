import { formatDisplayPrice, SPACE } from "../format-pt";
import type { HouseholdState, PlacedOrder } from "../household-states";
import type { StoreCatalogIndex } from "../store-catalog-index";
import { html, type SafeHtml } from "./html";

const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
/** The simulated orders carry a day only: placed at 10:00 UTC, as the site's `data-date` writes time. */
const placedAt = (order: PlacedOrder): string => `${order.placedOn}T10:00:00+00:00`;
/** What the simulated store charges for delivery on a past order. */
export const ORDER_SHIPPING_CENTS = 599;

export const orderDetailPath = (order: PlacedOrder): string =>
  `/pt/detalhes-encomenda?orderID=${encodeURIComponent(order.orderId)}`;

export const orderTotals = (order: PlacedOrder) => {
  const productsCents = order.lines.reduce(
    (sum, line) => sum + Math.round(line.priceCents * line.quantity),
    0,
  );
  return {
    productsCents,
    shippingCents: ORDER_SHIPPING_CENTS,
    totalCents: productsCents + ORDER_SHIPPING_CENTS,
  };
};

/**
 * `.auc-orders__order-card` as the history and the detail header render it: day and month
 * (`data-date` with time and offset), "Encomenda" and the 9-digit number in two spans, "N Produtos",
 * the total with a plain space before €.
 */
export const renderOrderCard = (order: PlacedOrder): SafeHtml => {
  const [, month = "01", day = "01"] = order.placedOn.split("-");
  const date = placedAt(order);
  return html`<div class="card auc-card auc-orders__order-card">
  <div class="auc-orders__order-section"><div class="row no-gutters">
    <div class="col-12 col-md-7 d-inline-flex align-items-center">
      <div class="auc-orders__order-date text-center">
        <span class="auc-orders--date auc-run--day" data-date="${date}" data-locale="pt_PT">${day}</span>
        <span class="auc-orders--month auc-run--monthd" data-date="${date}" data-locale="pt_PT">${MONTHS[Number(month) - 1] ?? ""}</span>
      </div>
      <div class=" h5 auc-orders__order-number"><span>Encomenda</span> <span>${order.orderNumber}</span></div>
    </div>
    <div class="col-12 col-md-5 d-inline-flex align-items-center justify-content-between">
      <div class="auc-orders__order-products">
        ${order.lines.length}
        Produtos
      </div>
      <div class="auc-orders__order-price auc-orders--price">${formatDisplayPrice(orderTotals(order).totalCents, SPACE)}</div>
    </div>
  </div></div>
</div>`;
};

/**
 * `/pt/historico-encomendas` (`Order-History`): `.auc-orders` with its heading and one
 * `.auc-orders__order-summary > a[href^="/pt/detalhes-encomenda?orderID="]` per order, newest first, no
 * lines (they are on each order's detail page). With no orders, the container without cards.
 */
export const renderOrderHistoryPage = (_index: StoreCatalogIndex, state: HouseholdState): SafeHtml =>
  html`<div class="container auc-orders">
  <div class="auc-orders--headings text-center">Histórico de encomendas</div>
${state.orders.map(
  (order) => html`<div class="card auc-card auc-orders__order-summary">
  <a href="${orderDetailPath(order)}" aria-label="View Order Number: ${order.orderId}" role="button">
    ${renderOrderCard(order)}
    <div class="auc-orders__card-arrow"></div>
  </a>
</div>`,
)}
</div>`;
