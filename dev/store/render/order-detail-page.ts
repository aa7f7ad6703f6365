import { formatDisplayPrice, PORTUGUESE_MONTH_NAMES, SPACE } from "../format-pt";
import type { PlacedOrder } from "../household-states";
import type { StoreCatalogIndex } from "../store-catalog-index";
import { html, type SafeHtml } from "./html";
import { orderTotals, renderOrderCard } from "./order-history-page";

/** Lines shown before the "Ver todos" accordion, as on the site. */
const LINES_BEFORE_ACCORDION = 3;

/** `x2` for units, `1.3Kg` for weighed lines, as the detail page writes quantities. */
const quantityText = (quantity: number, soldByWeight: boolean): string =>
  soldByWeight ? `${quantity}Kg` : `x${quantity}`;

/**
 * `/pt/detalhes-encomenda?orderID=` (`Order-Details`): the order card again, the delivery (hidden status,
 * `.auc-run--details-date[data-start-date][data-end-date]`), `.auc-orders__product-card` lines (no
 * `data-pid`: the product link ends in it), three before the "Ver todos" accordion and the rest inside it
 * under category headings, then `.auc-orders__totals`. The simulated delivery is the next day, 18h30-20h30.
 */
export const renderOrderDetailPage = (index: StoreCatalogIndex, order: PlacedOrder): SafeHtml => {
  const delivery = new Date(`${order.placedOn}T00:00:00Z`);
  delivery.setUTCDate(delivery.getUTCDate() + 1);
  const deliveryDay = delivery.toISOString().slice(0, 10);
  const totals = orderTotals(order);
  const cards = order.lines.map((line) => {
    const product = index.product(line.productId);
    const name = product?.name ?? `produto ${line.productId}`;
    const url = product ? index.productPath(product) : `/pt/produto/${line.productId}.html`;
    return {
      group: product ? (index.category(product).labels[2] ?? "") : "",
      card: html`<div class="col-12 card auc-card auc-orders__product-card">
  <a href="${url}" aria-label="${name.toUpperCase()}"><img class="product-image auc-cart__product-image" src="/on/demandware.static/-/Sites-auchan-pt-master-catalog/default/images/${line.productId}.jpg" alt="${name.toUpperCase()}"></a>
  <div class="row no-gutters">
    <div class="col-12 col-md"><div class="auc-orders__product-name auc-orders--product-name text-capitalize"><a href="${url}" aria-label="${name.toUpperCase()}">${name}</a></div></div>
    <div class="col-6 col-md-auto auc-orders__product-quantity auc-orders--price">${quantityText(line.quantity, product?.soldByWeight ?? false)}</div>
    <div class="col-6 col-md-auto auc-orders__product-price auc-orders--price">${formatDisplayPrice(line.priceCents, SPACE)}</div>
  </div>
</div>`,
    };
  });
  const rest = cards.slice(LINES_BEFORE_ACCORDION);
  let lastGroup: string | undefined;
  return html`<div class="container auc-orders"><div class="row no-gutters"><div class="col-12">
<div class="row no-gutters"><div class="col-12">${renderOrderCard(order)}</div></div>
<div class="row no-gutters"><div class="col-12"><div class="card auc-card auc-orders__sub-order-card"><div class="row no-gutters auc-orders__sub-order-products">
  <div class="row no-gutters auc-orders__sub-order-information">
    <div class="col-12 d-flex justify-content-between auc-orders--delivery-info"><span>Entrega 1</span><span class="d-none auc-order-status">${order.status}</span><span class="auc-order-adress"> Entrega em Casa</span></div>
    <div class="col-12 auc-orders--delivery-info auc-details-date"><span>Data de entrega:</span>
      <span class="auc-run--details-date" data-start-date="${deliveryDay}T18:30:00+00:00" data-end-date="${deliveryDay}T20:30:00+00:00" data-locale="pt">${String(delivery.getUTCDate()).padStart(2, "0")} de ${PORTUGUESE_MONTH_NAMES[delivery.getUTCMonth()] ?? ""}, das 18h30 às 20h30</span></div>
  </div>
  ${cards.slice(0, LINES_BEFORE_ACCORDION).map(({ card }) => card)}
  ${
    rest.length === 0
      ? ""
      : html`<div class="row no-gutters collapsible-xs auc-orders__accordion"><div class="title">Ver todos</div>
    <div class="content auc-orders__accordion-products order-1" id="collapsible-products-1">${rest.map(
      ({ group, card }) => {
        const heading =
          group !== lastGroup ? html`<div class="col-12 h5 p-0 text-capitalize">${group}</div>` : "";
        lastGroup = group;
        return html`${heading}${card}`;
      },
    )}</div>
  </div>`
  }
</div></div></div></div>
<div class="row no-gutters auc-orders__totals"><div class="col-12"><div class="card auc-checkout__totals-card">
  <h5 class="text-center">Resumo</h5>
  <div class="auc-checkout__totals-second-section auc-paragraph--small-bold">
    <div class="row sales-tax-item"><div class="col-6"><p class="order-receipt-label">Total produtos</p></div><div class="col-6"><p class="text-right"><span class="tax-total">${formatDisplayPrice(totals.productsCents, SPACE)}</span></p></div></div>
    <div class="row shipping-item"><div class="col-6"><p class="order-receipt-label">Entrega</p></div><div class="col-6"><p class="text-right"><span class="shipping-total-cost">${formatDisplayPrice(totals.shippingCents, SPACE)}</span></p></div></div>
    <div class="row grand-total auc-bold--medium"><div class="col-6"><p class="order-receipt-label">Total</p></div><div class="col-6"><p class="text-right"><span class="grand-total-sum">${formatDisplayPrice(totals.totalCents, SPACE)}</span></p></div></div>
  </div>
</div></div></div>
</div></div></div>`;
};
