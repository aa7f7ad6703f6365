import { formatDisplayPrice, formatMachinePrice, NNBSP } from "../format-pt";
import type { HouseholdState } from "../household-states";
import { CONTROLLER_BASE, type StoreCatalogIndex } from "../store-catalog-index";
import { html, type SafeHtml } from "./html";
import { gtmPayloads, renderMeasures, renderPrices } from "./product-tile";

/**
 * The cart (`/pt/carrinho-compras`): `.auc-cart__product-cards > div` lines; an unavailable line shows
 * `.auc-unavailable-name`, "Produto indisponível" and a "Substituir" link to its category; the bulk
 * remove button; the delivery-slot container whose `data-slots-url` loads the slots. Line totals print
 * a narrow no-break space before € (the product prices an NBSP), as both occur on the site.
 */
export const renderCartPage = (index: StoreCatalogIndex, state: HouseholdState): SafeHtml => {
  const lines = state.cart.flatMap((line) => {
    const product = index.product(line.productId);
    return product ? [{ line, product }] : [];
  });
  const unavailableCount = lines.filter(({ product }) => !product.available).length;
  const totalCents = lines
    .filter(({ product }) => product.available)
    .reduce((sum, { line, product }) => sum + Math.round(product.priceCents * line.quantity), 0);
  const body =
    lines.length === 0
      ? html`<div class="auc-cart__empty"><p>O seu carrinho está vazio.</p><a href="/pt">Continuar a comprar</a></div>`
      : html`<div class="auc-cart__product-cards">${lines.map(({ line, product }) => {
          const url = index.productPath(product);
          const { gtm } = gtmPayloads(index, product);
          const lineTotal = Math.round(product.priceCents * line.quantity);
          return html`<div class="card product-info auc-cart__product-card uuid-${line.uuid}" data-pid="${product.productId}" data-uuid="${line.uuid}" data-gtm="${JSON.stringify(gtm)}">
    <div class="auc-cart__product-title">${
      product.available
        ? html`<a href="${url}">${product.name}</a>`
        : html`<a class="auc-unavailable-name" href="${url}">${product.name}</a>`
    }</div>
    ${
      product.available
        ? ""
        : html`<p class="auc-cart__unavailable-message">Produto indisponível</p>
    <a class="auc-find-replacement" data-pid="${product.productId}" href="${index.categoryPath(index.category(product))}">Substituir</a>`
    }
    <div class="auc-cart__product-price">${renderPrices(product)}</div>
    <div class="auc-cart__measures">${renderMeasures(product)}</div>
    <div class="quantity-form">
      <input class="quantity form-control" type="number" value="${line.quantity}" data-unit-measure="${product.soldByWeight ? "KG" : "UN"}" data-step-quantity="${product.soldByWeight ? (product.stepKg ?? 0.25) : 1}" data-pid="${product.productId}" data-uuid="${line.uuid}" aria-label="Quantidade">
    </div>
    <div class="auc-cart--price"><span class="value" content="${formatMachinePrice(lineTotal)}">${formatDisplayPrice(lineTotal, NNBSP)}</span></div>
    <button class="remove-btn remove-product btn" type="button" data-pid="${product.productId}" data-uuid="${line.uuid}" data-name="${product.name}" data-action="${CONTROLLER_BASE}/Cart-RemoveProductLineItem">Remover</button>
  </div>`;
        })}</div>
${
  unavailableCount > 0
    ? html`<button class="btn auc-js-cart-remove-unavailable-products" type="button" data-action="${CONTROLLER_BASE}/Cart-RemoveUnavailableProducts">Remover ${unavailableCount} produtos indisponíveis</button>`
    : ""
}
<div class="auc-cart__totals">Total: <span class="grand-total value" content="${formatMachinePrice(totalCents)}">${formatDisplayPrice(totalCents, NNBSP)}</span></div>`;
  return html`<div class="cart container auc-cart">
<h1>Carrinho</h1>
${body}
<section class="auc-book-slot__section">
  <h2>Escolha o horário de entrega</h2>
  <div class="auc-book-slot__container" data-slots-url="${CONTROLLER_BASE}/Delivery-Slots" data-book-url="${CONTROLLER_BASE}/Delivery-BookSlot"></div>
</section>
<a class="btn checkout-btn" href="/pt/finalizar-compra">Finalizar compra</a>
</div>`;
};
