import type { CatalogProduct } from "../catalog";
import { formatMachinePrice } from "../format-pt";
import { CONTROLLER_BASE, type StoreCatalogIndex } from "../store-catalog-index";
import { html, jsonScript, type SafeHtml } from "./html";
import { gtmPayloads, renderBuyControls, renderMeasures, renderPrices } from "./product-tile";
import { renderRecommendationsCarousel } from "./recommendations-carousel";

const RECOMMENDATIONS = 6;

/** How a product page writes its JSON-LD objects (Product and BreadcrumbList), by product id. */
export type JsonLdForm = "array" | "concatenated" | "separate";
export const jsonLdFormOf = (product: CatalogProduct): JsonLdForm =>
  (["array", "concatenated", "separate"] as const)[Number(product.productId) % 3] ?? "separate";

/**
 * A product page: breadcrumbs, `.product-detail[data-pid]`, prices, unit price, pack size
 * (`.attribute-values.auc-pdp-regular`), the hidden add-to-cart URL, JSON-LD (for some products several
 * objects in one script, as on the site: an array, or objects one after another) and the "A Auchan sugere isto…" carousel.
 */
export const renderProductPage = (
  index: StoreCatalogIndex,
  product: CatalogProduct,
  origin: string,
): SafeHtml => {
  const category = index.category(product);
  const url = `${origin}${index.productPath(product)}`;
  const { gtm } = gtmPayloads(index, product);
  const productLd = {
    "@context": "http://schema.org/",
    "@type": "Product",
    name: product.name,
    sku: product.productId,
    gtin: product.gtin,
    description: product.description,
    brand: product.brand ? { "@type": "Brand", name: product.brand } : undefined,
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "EUR",
      price: formatMachinePrice(product.priceCents),
      availability: product.available ? "http://schema.org/InStock" : "http://schema.org/OutOfStock",
    },
  };
  const breadcrumbLd = {
    "@context": "http://schema.org/",
    "@type": "BreadcrumbList",
    itemListElement: category.labels.map((label, position) => ({
      "@type": "ListItem",
      position: position + 1,
      name: label,
      item: `${origin}${index.categoryPath(category, position + 1)}`,
    })),
  };
  // The site sometimes puts several JSON objects in one script: a third of the pages hold them as an
  // array, a third one after another (not valid JSON as a whole), the rest one script per object.
  const jsonLdForm = jsonLdFormOf(product);
  const recommendations = index.products
    .filter((other) => other.categoryId === product.categoryId && other.productId !== product.productId)
    .slice(0, RECOMMENDATIONS);
  return html`<nav aria-label="breadcrumb"><ol class="breadcrumb">${category.labels.map(
    (label, position) =>
      html`<li class="breadcrumb-item"><a href="${index.categoryPath(category, position + 1)}">${label}</a></li>`,
  )}</ol></nav>
<div class="container product-detail product-wrapper" data-pid="${product.productId}" data-gtm="${JSON.stringify(gtm)}">
  <h1 class="product-name">${product.name}</h1>
  <div class="auc-product-tile__labels">${product.labels.map((label) => html`<span class="auc-label">${label}</span>`)}</div>
  <div class="prices">${renderPrices(product)}</div>
  <div class="auc-pdp-measures">${renderMeasures(product)}</div>
  <div class="auc-pdp-attributes"><span class="attribute-label">Quantidade</span>
    <span class="attribute-values auc-pdp-regular">${product.soldByWeight ? "Peso variável" : product.size}</span></div>
  <p class="auc-pdp-description">${product.description}</p>
  <div class="auc-pdp-buy">${renderBuyControls(product)}</div>
  <input type="hidden" class="add-to-cart-url" value="${CONTROLLER_BASE}/Cart-AddProduct">
</div>
${
  jsonLdForm === "array"
    ? html`<script type="application/ld+json">${jsonScript([breadcrumbLd, productLd])}</script>`
    : jsonLdForm === "concatenated"
      ? html`<script type="application/ld+json">${jsonScript(breadcrumbLd)}
${jsonScript(productLd)}</script>`
      : html`<script type="application/ld+json">${jsonScript(productLd)}</script>
<script type="application/ld+json">${jsonScript(breadcrumbLd)}</script>`
}
${renderRecommendationsCarousel(index, "A Auchan sugere-lhe...", recommendations, `pdp${product.productId}`)}`;
};
