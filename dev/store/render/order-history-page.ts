import { formatDisplayPrice, formatMachinePrice, formatPortugueseDate } from "../format-pt";
import type { HouseholdState } from "../household-states";
import type { StoreCatalogIndex } from "../store-catalog-index";
import { html, type SafeHtml } from "./html";

/** `/pt/historico-encomendas`: one card per order, newest first, with its products. */
export const renderOrderHistoryPage = (index: StoreCatalogIndex, state: HouseholdState): SafeHtml =>
  html`<div class="auc-order-history container">
<h1>Histórico de encomendas</h1>
${
  state.orders.length === 0
    ? html`<div class="auc-order-history__empty"><p>Ainda não fez nenhuma encomenda.</p></div>`
    : state.orders.map((order) => {
        const totalCents = order.lines.reduce(
          (sum, line) => sum + Math.round(line.priceCents * line.quantity),
          0,
        );
        return html`<div class="auc-order-card card" data-order-number="${order.orderNumber}">
  <div class="card-header">
    <span class="auc-order-card__number">Encomenda n.º ${order.orderNumber}</span>
    <span class="auc-order-card__date" data-date="${order.placedOn}">${formatPortugueseDate(order.placedOn)}</span>
    <span class="auc-order-card__status">${order.status}</span>
  </div>
  <div class="card-body auc-order-card__products">${order.lines.map((line) => {
    const product = index.product(line.productId);
    const name = product?.name ?? `produto ${line.productId}`;
    const unit = product?.soldByWeight ? "kg" : "un";
    return html`<div class="auc-order-card__product" data-pid="${line.productId}" data-quantity="${line.quantity}">
      <a class="auc-order-card__product-name" href="${product ? index.productPath(product) : "#"}">${name}</a>
      <span class="auc-order-card__product-quantity">${line.quantity} ${unit}</span>
      <span class="auc-order-card__product-price"><span class="value" content="${formatMachinePrice(line.priceCents)}">${formatDisplayPrice(line.priceCents)}</span></span>
    </div>`;
  })}</div>
  <div class="auc-order-card__total">Total: <span class="value" content="${formatMachinePrice(totalCents)}">${formatDisplayPrice(totalCents)}</span></div>
</div>`;
      })
}
</div>`;
