import type { CatalogProduct } from "../catalog";
import { formatCount } from "../format-pt";
import { CONTROLLER_BASE, type StoreCatalogIndex } from "../store-catalog-index";
import { html, type SafeHtml } from "./html";
import { renderProductTile } from "./product-tile";

export interface ResultsView {
  /** The query, or a category name: the count heading shows it in double quotes. */
  heading: string;
  /** All matches after facets, before paging (the count shown and the facet counts). */
  matches: CatalogProduct[];
  /** Matches before the brand facet, for the facet's value list. */
  facetBase: CatalogProduct[];
  start: number;
  size: number;
  /** The request's query string, to build paging and facet links. */
  params: URLSearchParams;
  /** Path of this listing (search or a category). */
  path: string;
}

const SORT_OPTIONS: [string, string][] = [
  ["", "Relevância"],
  ["price-and-capacity-ascending-000", "Preço por unidade de medida"],
  ["price-low-to-high", "Preço: mais baixo"],
  ["price-high-to-low", "Preço: mais alto"],
];

const withParams = (
  path: string,
  params: URLSearchParams,
  changes: Record<string, string | null>,
): string => {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return `${path}?${next.toString()}`;
};

/** The tiles of one page: the AJAX grid fragment (Search-UpdateGrid) and the body of a results page. */
export const renderTiles = (index: StoreCatalogIndex, view: ResultsView): SafeHtml =>
  html`${view.matches
    .slice(view.start, view.start + view.size)
    .map(
      (product) =>
        html`<div class="col-6 col-sm-4 col-lg-3 auc-col">${renderProductTile(index, product)}</div>`,
    )}`;

/**
 * A results page (search or category listing). No matches at all renders the "no results" block and
 * no grid, as the site does; paging past the end renders an empty grid.
 */
export const renderResultsPage = (index: StoreCatalogIndex, view: ResultsView): SafeHtml => {
  if (view.matches.length === 0) {
    return html`<div class="search-results container">
  <div class="auc-search__no-results">
    <h1>${view.heading}</h1>
    <p>Não encontrámos resultados. Verifique a ortografia ou experimente outra pesquisa.</p>
  </div>
</div>`;
  }
  const brandCounts = new Map<string, number>();
  for (const product of view.facetBase) {
    if (product.brand) brandCounts.set(product.brand, (brandCounts.get(product.brand) ?? 0) + 1);
  }
  const nextStart = view.start + view.size;
  const moreUrl = withParams(`${CONTROLLER_BASE}/Search-UpdateGrid`, view.params, {
    start: String(nextStart),
    sz: String(view.size),
  });
  return html`<div class="search-results container">
  <div class="auc-hero__search-banner">
<h1 class="header page-title auc-category-title">
  <span class="search-result-count">
    ${formatCount(view.matches.length)} resultados para:
  </span>
  <span class="search-keywords">"${view.heading}"</span>
</h1>
  </div>
  <div class="auc-js-search-results-count">${Math.min(view.start + 1, view.matches.length)} - ${Math.min(view.start + view.size, view.matches.length)} de ${view.matches.length} resultados</div>
  <div class="auc-search__refinements refinements">
    <div class="card refinement refinement-brand">
      <h2 class="card-header">Marca</h2>
      <ul class="values content">${[...brandCounts.entries()]
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(
          ([brand, count]) =>
            html`<li><a class="auc-refinement" data-refinement-value="${brand}" href="${withParams(view.path, view.params, { prefn1: "brand", prefv1: brand, start: null })}">${brand} (${count})</a></li>`,
        )}</ul>
    </div>
  </div>
  <div class="auc-search__sort">
    <select name="sort-order" class="custom-select order-by">${SORT_OPTIONS.map(
      ([rule, label]) =>
        html`<option value="${withParams(view.path, view.params, { srule: rule || null, start: null })}" data-id="${rule}"${view.params.get("srule") === rule ? " selected" : ""}>${label}</option>`,
    )}</select>
  </div>
  <div class="row product-grid" itemtype="http://schema.org/SomeProducts">${renderTiles(index, view)}</div>
  ${
    nextStart < view.matches.length
      ? html`<div class="show-more"><button class="btn more" type="button" data-url="${moreUrl}">Ver mais produtos</button></div>
  <script>
    document.querySelector(".show-more .more")?.addEventListener("click", async (event) => {
      const button = event.currentTarget;
      const response = await fetch(button.dataset.url);
      document.querySelector(".product-grid").insertAdjacentHTML("beforeend", await response.text());
      button.remove();
    });
  </script>`
      : ""
  }
</div>`;
};
