import type { PlannedDay } from "../delivery-slot-plan";
import { formatDisplayPrice, formatMachinePrice, NNBSP } from "../format-pt";
import { CONTROLLER_BASE } from "../store-catalog-index";
import { html, type SafeHtml } from "./html";

/**
 * The Delivery-Slots fragment: "Entrega em Casa" `#shipment-me` / "Recolha na Loja" tabs, day tabs with
 * `.auc-run-day-month[data-date]` and the unavailable-products warning, and `.auc-book-slot__slot`
 * elements with their data attributes. The confirm button is there, disabled; automation never uses it.
 */
export const renderDeliverySlotsFragment = (days: PlannedDay[]): SafeHtml =>
  html`<div class="auc-book-slot">
<ul class="nav nav-tabs auc-book-slot__methods" role="tablist">
  <li class="nav-item"><a class="nav-link active" id="shipment-me" data-toggle="tab" href="#shipment-me-content" role="tab">Entrega em Casa</a></li>
  <li class="nav-item"><a class="nav-link" id="shipment-pickup" data-toggle="tab" href="#shipment-pickup-content" role="tab">Recolha na Loja</a></li>
</ul>
<div class="tab-content">
  <div class="tab-pane active" id="shipment-me-content" role="tabpanel" aria-labelledby="shipment-me">
    <ul class="nav auc-book-slot__days">${days.map(
      (day, position) =>
        html`<li class="nav-item"><a class="nav-link-tab nav-link${position === 0 ? " active" : ""}" data-toggle="tab" href="#day-${day.date}"><span class="auc-run-day-week">${day.weekday}</span> <span class="auc-run-day-month" data-date="${day.date}">${day.dayMonth}</span>${
          day.warning ? html`<span class="warning-symbol" data-warning-text="${day.warning}">!</span>` : ""
        }</a></li>`,
    )}</ul>
    <div class="tab-content auc-book-slot__days-content">${days.map(
      (day, position) =>
        html`<div class="tab-pane auc-book-slot__day${position === 0 ? " active" : ""}" id="day-${day.date}" role="tabpanel">${day.slots.map(
          (slot) =>
            html`<div class="auc-book-slot__slot${slot.hasSlotsToBook && !slot.afterCutoff ? "" : " disabled"}" data-time="${slot.time}" data-price="${formatMachinePrice(slot.priceCents)}" data-is-free="${String(slot.isFree)}" data-express="${String(slot.express)}" data-has-slots-to-book="${String(slot.hasSlotsToBook)}" data-is-after-cutoff="${String(slot.afterCutoff)}">
          <span class="auc-slot__time">${slot.time}</span>
          <span class="auc-slot__desc">${slot.isFree ? "Grátis" : `+ ${formatDisplayPrice(slot.priceCents, NNBSP)}`}</span>${
            slot.express ? html`<span class="auc-slot__express">Expresso</span>` : ""
          }${slot.hasSlotsToBook ? "" : html`<span class="auc-slot__full">Esgotado</span>`}
        </div>`,
        )}</div>`,
    )}</div>
  </div>
  <div class="tab-pane" id="shipment-pickup-content" role="tabpanel" aria-labelledby="shipment-pickup">
    <p class="auc-book-slot__pickup-unavailable">Recolha na loja indisponível para a sua morada.</p>
  </div>
</div>
<button class="btn auc-book-slot__confirm" type="button" data-action="${CONTROLLER_BASE}/Delivery-BookSlot" disabled>Confirmar horário</button>
</div>`;
