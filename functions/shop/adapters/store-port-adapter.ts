import { RECURRING_LOOKBACK_ORDERS } from "../domain/plan-to-cart/cart-builder";
import type { StorePort } from "../domain/ports/store-port";
import type { CoordinatorCartLine, CoordinatorProduct } from "../domain/store-shapes";
import type { CartItem, StoreProduct } from "./store/store-product";
import type { StoreTools } from "./store/store-tools";

/**
 * The site's unit price label, or ours from price and pack size when the site shows none (STORE.md: an
 * unavailable cart line has no unit price), in the site's own format (`4.23 €/Kg`).
 */
const unitPriceLabel = (product: StoreProduct): string | undefined => {
  if (product.pricePerUnit) return product.pricePerUnit;
  if (!product.unitPrice) return undefined;
  const per = { kg: "Kg", l: "Lt", un: "un", dose: "Dose" }[product.unitPrice.per];
  return `${(product.unitPrice.amountCents / 100).toFixed(2)} €/${per}`;
};

export const toCoordinatorProduct = (product: StoreProduct): CoordinatorProduct => {
  const pricePerUnit = unitPriceLabel(product);
  return {
    productId: product.productId,
    name: product.name,
    price: product.price,
    ...(pricePerUnit === undefined ? {} : { pricePerUnit }),
    ...(product.brand ? { brand: product.brand } : {}),
    ...(product.size ? { size: product.size } : {}),
    available: product.available,
    categoryPath: product.categoryPath,
    ...(product.soldByWeight ? { soldByWeight: true } : {}),
    ...(product.quantityStepKg === undefined ? {} : { quantityStepKg: product.quantityStepKg }),
    ...(product.minimumQuantityKg === undefined ? {} : { minimumQuantityKg: product.minimumQuantityKg }),
  };
};

const toCartLine = (item: CartItem): CoordinatorCartLine => ({
  ...toCoordinatorProduct(item),
  quantity: item.quantity,
  quantityUnit: item.quantityUnit,
});

/**
 * The coordinator's store port over the store tools of one household. The only place that knows the
 * tools' result shapes, so a change there (issue 17: order detail, cart fields) is adapted here.
 */
export const storePortOver = (tools: StoreTools): StorePort => ({
  scanCart: async () => (await tools.scanCart()).items.map(toCartLine),
  searchProducts: async (query, maxResults) =>
    (await tools.searchProducts({ query, maxResults, availableOnly: true })).products.map(
      toCoordinatorProduct,
    ),
  readProduct: async (productId) =>
    toCoordinatorProduct((await tools.extractProductInfo({ productId })).product),
  // The lines of as many recent orders as the cart builder looks back over (each is an order-detail page).
  listOrders: async () =>
    (await tools.listPastOrders({ linesForRecentOrders: RECURRING_LOOKBACK_ORDERS })).orders.map((order) => ({
      orderNumber: order.orderNumber,
      placedOn: order.placedOn,
      lines: order.lines.map((line) => ({
        productId: line.productId,
        name: line.name,
        quantity: line.quantity,
      })),
    })),
  listDeliverySlots: async () =>
    (await tools.listDeliverySlots()).slots.map((slot) => ({
      date: slot.date,
      start: slot.start,
      end: slot.end,
      priceCents: slot.priceCents,
      isFree: slot.isFree,
      express: slot.express,
      bookable: slot.bookable,
      full: slot.full,
      afterCutoff: slot.afterCutoff,
    })),
  addToCart: async (productId, quantity) => {
    await tools.addToCart({ productId, quantity });
  },
  removeFromCart: async (productId) => {
    await tools.removeFromCart({ productId });
  },
});
