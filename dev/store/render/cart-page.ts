import type { CatalogProduct } from "../catalog";
import { formatDisplayPrice, formatMachinePrice, formatQuantityValue, SPACE } from "../format-pt";
import type { CartLine, HouseholdState } from "../household-states";
import { CONTROLLER_BASE, type StoreCatalogIndex } from "../store-catalog-index";
import { html, type SafeHtml } from "./html";
import { gtmPayloads } from "./product-tile";
import { renderRecommendationsCarousel } from "./recommendations-carousel";

const RECOMMENDATIONS = 10;

const price = (cents: number): string => formatDisplayPrice(cents, SPACE);

/** A cart line's total (the sale price × quantity) and, on promotion, the total before it. */
export const lineTotals = (product: CatalogProduct, quantity: number) => {
  const totalCents = Math.round(product.priceCents * quantity);
  const wasCents =
    product.wasPriceCents !== null && product.wasPriceCents > product.priceCents
      ? Math.round(product.wasPriceCents * quantity)
      : null;
  return { totalCents, wasCents };
};

/**
 * The quantity selector as the real cart renders it: `data-unit-measure`, `data-step-quantity`,
 * `data-is-unit-switched`, and the hidden `input[type=number]` holding `2.0` (the visible one is text).
 */
const renderQuantitySelector = (product: CatalogProduct, line: CartLine): SafeHtml => {
  const step = product.soldByWeight ? (product.stepKg ?? 0.25) : 1;
  return html`<div class="auc-qty-selector auc-qty-selector__active" data-context="tile" data-unit-measure="${product.soldByWeight ? "KG" : "UN"}" data-step-quantity="${formatQuantityValue(step)}" data-purchased-by-unit="${String(!product.soldByWeight)}" data-min-quantity="${formatQuantityValue(product.soldByWeight ? (product.minimumGrams ?? 250) / 1000 : 1)}" data-purchased-by-unit-measure="${String(product.soldByWeight)}" data-is-unit-switched="false">
  <div class="auc-qty-selector__container" role="form" aria-label="Escrever quantidade manualmente">
    <input id="auc-qty-selector__group__input--${line.uuid}" class="auc-qty-selector__group__input auc-js-update-product-quantity" type="number" value="${formatQuantityValue(line.quantity)}"${product.soldByWeight ? html` data-suffix="kg"` : ""} step="${formatQuantityValue(step)}" data-uuid="${line.uuid}" aria-label="Escrever quantidade manualmente" style="display: none;"><div class="input-group align-items-center auc-qty-selector__group"><input type="text" inputmode="decimal" class="form-control auc-qty-selector__group__input auc-js-update-product-quantity" value="${String(line.quantity).replace(".", ",")}" maxlength="5"></div>
  </div>
</div>`;
};

/**
 * One line, `.auc-cart__product-card[data-pid]` with its analytics (`data-gtm.dimension7` "Yes"/"No",
 * `data-gtm-new` with quantity, price before discount and discount). An unavailable line, as on the
 * site: no extra root class, `.auc-unavailable-name` on the title, "Produto indisponível"
 * (`.auc-unavailable-text`), no unit price and no quantity selector, "Substituir" in its place.
 */
const renderLine = (
  index: StoreCatalogIndex,
  line: CartLine,
  product: CatalogProduct,
  position: number,
): SafeHtml => {
  const url = index.productPath(product);
  const { gtm, gtmNew } = gtmPayloads(index, product);
  const { totalCents, wasCents } = lineTotals(product, line.quantity);
  const lineGtm = {
    ...gtm,
    price: formatMachinePrice(Math.round(totalCents / line.quantity)),
    dimension7: product.available ? "Yes" : "No",
    position: position + 1,
  };
  const lineGtmNew = {
    ...gtmNew,
    quantity: String(line.quantity),
    price: formatMachinePrice(wasCents ?? totalCents),
    discount: formatMachinePrice(wasCents === null ? 0 : wasCents - totalCents),
    index: position,
  };
  const unavailable = !product.available;
  return html`<div class="card product-info auc-card uuid-${line.uuid} auc-cart__product-card auc-js-cart-item auc-product-tile auc-js-product-tile" data-pid="${product.productId}" data-gtm="${JSON.stringify(lineGtm)}" data-gtm-new="${JSON.stringify(lineGtmNew)}">
  <div class="row no-gutters">
    <div class="col-12 col-md d-flex flex-row">
      <div class="item-image${unavailable ? " auc-unavailable-image" : ""}"><a href="${url}" aria-label="${product.name.toUpperCase()}"><img class="product-image auc-cart__product-image" src="/on/demandware.static/-/Sites-auchan-pt-master-catalog/default/images/${product.productId}.jpg" alt="${product.name.toUpperCase()}"></a></div>
      <div class="d-flex flex-column auc-cart__product-information">
        <div class="line-item-header auc-cart__product-header">
          <div class="line-item-name auc-cart__product-title auc-caption--medium${unavailable ? " auc-unavailable-name" : ""}"><a href="${url}" aria-label="${product.name.toUpperCase()}">${product.name}</a></div>
        </div>
        ${
          unavailable
            ? html`<p class="auc-bold auc-unavailable-text">Produto indisponível</p>`
            : html`<div class="auc-cart__measures"><div class="auc-measures"><span class="auc-measures--price-per-unit">${product.unitPriceLabel}</span></div></div>`
        }
      </div>
      <div class="auc-cart__product-actions">
        <button type="button" class="remove-btn-lg remove-product auc-cart__remove-product" data-target=".cart.cart-page" data-pid="${product.productId}" data-name="${product.name.toUpperCase()}" data-action="${CONTROLLER_BASE}/Cart-RemoveProductLineItem" data-uuid="${line.uuid}" aria-label="Remove product ${product.name.toUpperCase()}"></button>
      </div>
    </div>
    <div class="auc-cart__product-card-details col-12 col-md-auto d-flex">
      <div class="product-card-footer auc-cart__product-card-footer">
        <div class="line-item-total-price"><div class="item-total-${line.uuid} price">${
          wasCents === null
            ? ""
            : html`<div class="non-adjusted-price auc-cart--non-adjusted-price">${price(wasCents)}</div>`
        }<div class="pricing line-item-total-price-amount item-total-${line.uuid} auc-cart--price auc-js-cart-item-price">${price(totalCents)}</div></div></div>
        <div class="line-item-quantity auc-cart__line-item-quantity">${
          unavailable
            ? html`<a class="col-7 auc-find-replacement" data-pid="${product.productId}" data-uuid="${line.uuid}" href="${index.categoryPath(index.category(product))}/">Substituir</a>`
            : renderQuantitySelector(product, line)
        }</div>
      </div>
    </div>
  </div>
</div>`;
};

/**
 * The cart (`/pt/carrinho-compras`, `Cart-Show`) as the real site renders it: lines grouped by second-level
 * category in `.auc-cart__product-cards`, the line count, the totals card with its disabled "Validar",
 * the recommendations carousel; empty, `.cart.cart-empty.auc-cart--empty` "Carrinho vazio de momento"
 * and nothing else. Prices with a plain space before €, as on every saved page.
 */
export const renderCartPage = (index: StoreCatalogIndex, state: HouseholdState): SafeHtml => {
  const lines = state.cart.flatMap((line) => {
    const product = index.product(line.productId);
    return product ? [{ line, product }] : [];
  });
  const header = html`<div class="row no-gutters auc-cart__header"><div class="col-12"><div class="row"><div class="col-sm-12"><h1 class="page-title auc-hero-title">O seu Carrinho de Compras</h1></div></div></div></div>`;
  if (lines.length === 0) {
    return html`${header}
<div class="auc-cart__container">
  <div class="container cart cart-empty auc-cart--empty">
    <div class="auc-cart--empty__container">
      <h4 class="auc-cart--empty__title">Carrinho vazio de momento</h4>
      <p>Comece já a comprar com a Auchan</p>
      <a class="auc-button__rounded--primary auc-cart--empty__button" href="/" role="button">Voltar</a>
    </div>
  </div>
</div>`;
  }
  const groups = new Map<string, typeof lines>();
  for (const entry of lines) {
    const group = index.category(entry.product).labels[1] ?? "";
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  const available = lines.filter(({ product }) => product.available);
  const productsTotal = available.reduce(
    (sum, { line, product }) => sum + lineTotals(product, line.quantity).totalCents,
    0,
  );
  const inCart = new Set(lines.map(({ product }) => product.productId));
  const categories = new Set(lines.map(({ product }) => product.categoryId));
  const recommendations = index.products
    .filter((other) => categories.has(other.categoryId) && !inCart.has(other.productId))
    .slice(0, RECOMMENDATIONS);
  let position = 0;
  return html`${header}
<div class="auc-cart__container">
  <div class="cart cart-page auc-cart">
    <div class="row no-gutters">
      <div class="col-12 auc-cart__product-list">
        <div class="cart-header"><div class="h5">Carrinho</div><div class="number-of-items">${lines.length} produtos</div></div>
        <div class="auc-cart__product-cards auc-js-product-cards">${[...groups].map(
          ([group, entries]) =>
            html`<div class="auc-js-second-level-category auc-second-level-category auc-second-level" data-category="${group}"><div class="auc-second-level-category__title">${group}</div>${entries.map(
              ({ line, product }) => renderLine(index, line, product, position++),
            )}</div>`,
        )}</div>
      </div>
      <div class="col-12 auc-cart__totals">
        <div class="card auc-cart__totals-card">
          <div class="auc-cart__totals-second-section auc-paragraph--small-bold">
            <div class="row"><div class="col-8"><p>Subtotal</p></div><div class="col-4"><p class="text-right sub-total">${price(productsTotal)}</p></div></div>
            <div class="row"><div class="col-8"><p>Descontos</p></div><div class="col-4"><p class="text-right discount-total">${price(0)}</p></div></div>
            <div class="row"><div class="col-8"><p>Total artigos</p></div><div class="col-4"><p class="text-right products-total">${price(productsTotal)}</p></div></div>
            <div class="row"><div class="col-8"><p>Entrega</p></div><div class="col-4"><p class="text-right shipping-cost">-</p></div></div>
            <div class="row auc-bold--medium"><div class="col-8"><p>Total</p></div><div class="col-4"><p class="text-right basket-total">${price(productsTotal)}</p></div></div>
          </div>
          <div class="row"><div class="col-12 checkout-continue"><button class="checkout-btn auc-button__rounded--primary auc-js-confirm-cart disabled" data-url="/pt/aproveite-ainda" data-url-validation="${CONTROLLER_BASE}/Cart-Validate" disabled>Validar</button></div></div>
        </div>
      </div>
    </div>
  </div>
  ${renderRecommendationsCarousel(index, "Também poderá gostar...", recommendations, "cart")}
</div>
${
  available.length < lines.length
    ? html`<div class="modal fade auc-modal" id="confirm-unavailable-products-removal" tabindex="-1" role="dialog"><div class="modal-body auc-modal__body text-center"><p>Tem alguns produtos indisponíveis no seu carrinho.</p><button type="submit" class="auc-button__rounded--secondary auc-js-cart-remove-unavailable-products" data-url="${CONTROLLER_BASE}/Cart-RemoveUnavailableProducts">Confirmar</button></div></div>`
    : ""
}`;
};
