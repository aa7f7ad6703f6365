import type { PlannedDay } from "../delivery-slot-plan";
import { formatDisplayPrice, SPACE } from "../format-pt";
import { CONTROLLER_BASE } from "../store-catalog-index";
import { html, type SafeHtml } from "./html";

/** The day panes' id suffix (random per page on the site). */
const PANE_SUFFIX = "sim01";

/**
 * What `Delivery-Slots` fills the booking page's placeholder with: day tabs
 * (`a.nav-link-tab.nav-link[href="#week-day-{i}-me-…"]` with `.auc-run--week[data-week]` "Hoje",
 * `.auc-run-day-month[data-date]` "14 janeiro" and the `.warning-symbol[data-warning-text]`), then per day a
 * `.tab-pane#week-day-{i}-me-…` with one `ul.auc-book-slot__slots[data-date][data-time][data-express]` per
 * slot holding its `li.auc-book-slot__slot[data-price][data-is-free][data-has-slots-to-book][data-is-after-cutoff]`.
 */
export const renderDeliverySlotsFragment = (days: PlannedDay[]): SafeHtml =>
  html`<ul class="nav auc-book-slot__tabs auc-book-slot__week-days-tabs auc-book-slot--tab-text" role="tablist">${days.map(
    (day, position) => html`<li class="nav-item" role="presentation">
  <a class="nav-link-tab nav-link ${position === 0 ? "active" : ""}" data-day-has-limited-availability="false" data-toggle="pill" href="#week-day-${position}-me-${PANE_SUFFIX}" role="tab" aria-controls="#week-day-${position}-${PANE_SUFFIX}-tab" aria-selected="true">
    ${day.warning ? html`<span class="warning-symbol" data-warning-symbol="*" data-warning-text="${day.warning}"></span>` : ""}
    <span class="auc-run--week" data-week="${day.date}" data-limited-availability="null" data-locale="pt_PT" data-single-slot="false">${day.label}</span>
    <div class="auc-run-day-month auc-book-slot--week-day" data-date="${day.date}" data-locale="pt_PT">${day.dayMonthLong}</div>
  </a>
</li>`,
  )}</ul>
<div class="tab-content auc-book-slot__tab-content">${days.map(
    (day, position) =>
      html`<div class="tab-pane fade${position === 0 ? " show active" : ""}" id="week-day-${position}-me-${PANE_SUFFIX}" role="tabpanel" aria-label="${position}-tab">${day.slots.map(
        (slot, slotIndex) => {
          const slotId = `${day.date}-${slotIndex}`;
          const fee = formatDisplayPrice(slot.priceCents, SPACE);
          return html`<ul class="h5 auc-book-slot__slots auc-js-book-slot" data-slot-id="${slotId}" data-book-slot-url="${CONTROLLER_BASE}/Delivery-BookSlot" data-date="${day.date}" data-time="${slot.time}" data-express="${String(slot.express)}" data-slot-store-id="025">
  <li class="auc-book-slot__slot  " data-price="${fee}" data-slot-id="${slotId}" data-has-slots-to-book="${String(slot.hasSlotsToBook)}" data-is-free="${String(slot.isFree)}" data-is-after-cutoff="${String(slot.afterCutoff)}" data-is-virtual-date-range="false">
    <div class="auc-slot__time">${slot.time}</div>
    <div class="auc-slot__desc">${slot.isFree ? "Grátis" : `+ ${fee}`}</div>
  </li>
</ul>`;
        },
      )}</div>`,
  )}</div>`;

/**
 * The booking page (`Delivery-BookDelivery`, "Escolher Horário Entrega da Encomenda Auchan"):
 * `.auc-book-slot__container[data-slots-url]` > `#shipment-me` ("Entrega 1") > `#home-delivery-me`
 * ("Entrega em Casa", its sibling `#click-collect-me` has no slots) > the filled slots placeholder; the
 * cart's total and available line count; "Confirmar" (`.auc-js-confirm-shipments`), which automation never
 * presses. Back links to the cart and to the checkout start, as on the site.
 */
export const renderBookingPage = (
  days: PlannedDay[],
  cart: { totalCents: number; availableLines: number },
): SafeHtml =>
  html`<div class="auc-back-link" data-url="/pt/carrinho-compras">Voltar</div>
<div class="auc-back-checkout-link" data-url="/pt/inicio-check-out">Voltar</div>
<h1 class="page-title auc-hero-title">Escolher Horário Entrega da Encomenda Auchan</h1>
<div class="card auc-card auc-book-slot__container" data-slots-url="${CONTROLLER_BASE}/Delivery-Slots">
<ul class="nav auc-book-slot__tabs auc-book-slot__main-tabs auc-book-slot--main-tab-text" role="tablist">
  <li class="nav-item auc-js-shipment-tab" role="presentation"><a class="nav-link active auc-js-book-slot-tab" data-toggle="pill" href="#shipment-me" role="tab" data-shipment-id="me">Entrega 1</a></li>
</ul>
<div class="tab-content auc-book-slot__tab-content">
  <div class="tab-pane fade show active" id="shipment-me" role="tabpanel" data-shipment-id="me">
    <div class="h5 text-center">Escolha como quer receber</div>
    <ul class="nav auc-book-slot__tabs auc-book-slot__option-tabs auc-book-slot--tab-text" role="tablist">
      <li class="nav-item auc-js-home-delivery" role="presentation"><a class="nav-link active auc-js-book-slot-tab" data-toggle="pill" href="#home-delivery-me" data-shipment-id="me" role="tab">Entrega em Casa</a></li>
      <li class="nav-item auc-js-click-collect" role="presentation"><a class="nav-link auc-js-book-slot-tab" data-toggle="pill" data-shipment-id="me" href="#click-collect-me" role="tab">Recolha na Loja</a></li>
    </ul>
    <div class="tab-content auc-book-slot__tab-content">
      <div class="tab-pane fade show active" id="home-delivery-me" role="tabpanel">
        <div class="auc-book-slot__price-and-products"><div class="h5">${formatDisplayPrice(cart.totalCents, SPACE)}</div><div class="auc-book-slot__thumbnails"><div>${cart.availableLines} produtos</div></div></div>
        <div class="auc-book-slot__slots-placeholder me" data-loaded="true" data-delivery-option="home-delivery" data-store-id="025">${renderDeliverySlotsFragment(days)}</div>
      </div>
      <div class="tab-pane fade" id="click-collect-me" role="tabpanel"></div>
    </div>
  </div>
</div>
</div>
<button type="button" class="auc-button__rounded--primary auc-js-confirm-shipments" data-url="${CONTROLLER_BASE}/Delivery-ValidShipments" disabled>Confirmar</button>`;
