import type { CatalogProduct } from "../catalog";
import { formatDisplayPrice, formatMachinePrice } from "../format-pt";
import type { StoreCatalogIndex } from "../store-catalog-index";
import { html, type SafeHtml } from "./html";

/** `data-gtm` and `data-gtm-new` payloads, as SFCC tiles carry them. */
export const gtmPayloads = (index: StoreCatalogIndex, product: CatalogProduct) => {
  const category = index.category(product);
  const gtmCategories = category.gtmPath.split("/");
  return {
    gtm: {
      name: product.name,
      id: product.productId,
      price: formatMachinePrice(product.priceCents),
      brand: product.brand ?? "",
      category: category.gtmPath,
    },
    gtmNew: {
      item_id: product.productId,
      item_name: product.name,
      item_brand: product.brand ?? "",
      item_category: gtmCategories[0],
      item_category2: gtmCategories[1],
      item_category3: gtmCategories[2],
      item_category4: gtmCategories[3],
      price: Number(formatMachinePrice(product.priceCents)),
      discount: product.wasPriceCents
        ? Number(formatMachinePrice(product.wasPriceCents - product.priceCents))
        : 0,
    },
  };
};

/** Price block shared by tiles, the product page and cart lines: promo marker, struck price, sale price. */
export const renderPrices = (product: CatalogProduct): SafeHtml => {
  const onPromotion = product.wasPriceCents !== null && product.wasPriceCents > product.priceCents;
  return html`<div class="price">
      <span class="auc-price__promotion${onPromotion ? " auc-price__promotion--show" : ""}">${onPromotion ? "Promoção" : ""}</span>
      ${
        onPromotion && product.wasPriceCents !== null
          ? html`<span class="auc-price__stricked"><del><span class="strike-through value" content="${formatMachinePrice(product.wasPriceCents)}">${formatDisplayPrice(product.wasPriceCents)}</span></del></span>`
          : ""
      }
      <span class="sales"><span class="value" content="${formatMachinePrice(product.priceCents)}">${formatDisplayPrice(product.priceCents)}${
        product.soldByWeight ? html`<span class="auc-avgWeight">/Kg</span>` : ""
      }</span></span>
    </div>`;
};

/** The quantity selector (with its weight rules) or the "Indisponível online" button. */
export const renderBuyControls = (product: CatalogProduct): SafeHtml =>
  product.available
    ? html`<div class="auc-qty-selector" data-unit-measure="${product.soldByWeight ? "KG" : "UN"}" data-step-quantity="${product.soldByWeight ? (product.stepKg ?? 0.25) : 1}">
        <button class="btn auc-button add-to-cart" type="button" data-pid="${product.productId}">Adicionar</button>
      </div>`
    : html`<button class="btn auc-product-unavailable--button" type="button" disabled>Indisponível online</button>`;

export const renderMeasures = (product: CatalogProduct): SafeHtml =>
  html`<span class="auc-measures--price-per-unit">${product.unitPriceLabel}</span>${
    product.soldByWeight && product.minimumGrams !== null
      ? html`<span class="auc-measures--avg-weight">Quant. Mínima = ${product.minimumGrams}g</span>`
      : ""
  }`;

/** A search-result tile: `div.product[data-pid] > .product-tile.auc-product-tile.auc-js-product-tile`. */
export const renderProductTile = (index: StoreCatalogIndex, product: CatalogProduct): SafeHtml => {
  const url = index.productPath(product);
  const { gtm, gtmNew } = gtmPayloads(index, product);
  return html`<div class="product" data-pid="${product.productId}">
  <div class="product-tile auc-product-tile auc-js-product-tile${product.available ? "" : " auc-product-unavailable"}" data-pid="${product.productId}" data-gtm="${JSON.stringify(gtm)}" data-gtm-new="${JSON.stringify(gtmNew)}">
    <div class="image-container auc-product-tile__image-container">
      <a href="${url}"><img class="tile-image" src="/on/demandware.static/-/Sites-auchan-pt-master-catalog/default/images/${product.productId}.jpg" alt="${product.name}" loading="lazy"></a>
    </div>
    <div class="auc-product-tile__labels">${product.labels.map((label) => html`<span class="auc-label">${label}</span>`)}</div>
    <div class="tile-body auc-product-tile__tile-body">
      <div class="auc-product-tile__name"><div class="pdp-link"><a class="link" href="${url}">${product.name}</a></div></div>
      <div class="auc-product-tile__prices">${renderPrices(product)}</div>
      <div class="auc-product-tile__measures">${renderMeasures(product)}</div>
      <div class="auc-product-tile__quantity">${renderBuyControls(product)}<span class="auc-unavailable-text">Está quase!</span></div>
    </div>
  </div>
</div>`;
};
