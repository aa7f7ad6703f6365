import type { CatalogProduct } from "../catalog";
import type { StoreCatalogIndex } from "../store-catalog-index";
import { html, type SafeHtml } from "./html";
import { renderProductTile } from "./product-tile";

/**
 * The Einstein recommendations block as the real pages hold it once filled: `div[id^=cq_recomm_slot-]`
 * > `.auc-carousel__recommendations.recommendations` with its heading ("Também poderá gostar..." in
 * the cart, "A Auchan sugere-lhe..." on a product page) and one `.slick-slide` per tile. The real site
 * fills it after load (a POST to CQRecomm-Start) and its carousel adds `.slick-cloned` copies; the
 * simulated store renders it filled, without copies.
 */
export const renderRecommendationsCarousel = (
  index: StoreCatalogIndex,
  heading: string,
  products: CatalogProduct[],
  slotId: string,
): SafeHtml =>
  products.length === 0
    ? html``
    : html`<div id="cq_recomm_slot-${slotId}"><div class="auc-carousel__recommendations recommendations">
<div class="auc-carousel__recommendations--container">
<div class="text-center h4">${heading}</div>
<div class="auc-js-einstein-recommendations-carousel auc-carousel__recommendations slick-initialized slick-slider"><div class="slick-list draggable"><div class="slick-track">${products.map(
        (product, position) =>
          html`<div class="auc-js-einstein-recommendations-carousel-item slick-slide${position === 0 ? " slick-current slick-active" : ""}" data-slick-index="${position}">${renderProductTile(index, product)}</div>`,
      )}</div></div></div>
</div>
</div></div>`;
