import { html, type SafeHtml } from "./html";

/**
 * The site chrome around every page: header with search and mini-cart, like Auchan.pt's, inside
 * `.page[data-action]` naming the page's controller (`Cart-Show`, `Order-History`...) as the site does.
 * The mini-cart badge is blank for an empty cart.
 */
export const renderPage = (page: {
  title: string;
  body: SafeHtml;
  cartLineCount: number;
  action?: string;
  /** The header's account corner (Login link or greeting), and the cookie banner of a first visit. */
  account?: SafeHtml;
  banner?: SafeHtml;
}): string =>
  `<!doctype html>\n${
    html`<html lang="pt-PT">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} | Auchan</title>
<link rel="icon" href="/on/demandware.static/Sites-AuchanPT-Site/-/default/images/favicon.ico">
</head>
<body class="auc-body">
<div class="page" data-action="${page.action ?? "Page-Show"}" data-currency="EUR">
<header class="auc-header">
  <a class="auc-header__logo" href="/pt">Auchan</a>
  <form class="auc-header__search" role="search" action="/pt/pesquisa" method="get">
    <input class="form-control search-field" type="search" name="q" placeholder="Pesquisar produtos" aria-label="Pesquisar">
  </form>
  <a class="minicart-link" href="/pt/carrinho-compras">Carrinho <span class="minicart-quantity">${page.cartLineCount > 0 ? page.cartLineCount : ""}</span></a>
  <a class="auc-header__orders" href="/pt/historico-encomendas">As minhas encomendas</a>
  ${page.account}
</header>
<main id="maincontent" class="auc-main">
${page.body}
</main>
<footer class="auc-footer"><p>Auchan Portugal (loja simulada para desenvolvimento)</p></footer>
</div>
${page.banner}
</body>
</html>`.value
  }\n`;
