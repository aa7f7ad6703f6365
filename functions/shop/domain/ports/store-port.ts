import type {
  CoordinatorCartLine,
  CoordinatorOrder,
  CoordinatorProduct,
  CoordinatorSlot,
} from "../store-shapes";

/**
 * Port: the store operations the grocery coordinator needs, in its own shapes (../store-shapes.ts). The
 * adapter in adapters/store-port-adapter.ts maps the store tools onto it.
 */
export interface StorePort {
  /** Every cart line, available or not. */
  scanCart(): Promise<CoordinatorCartLine[]>;
  /** Available products for a shopper's query, at most `maxResults`. */
  searchProducts(query: string, maxResults: number): Promise<CoordinatorProduct[]>;
  readProduct(productId: string): Promise<CoordinatorProduct>;
  /** Order history with each order's lines (history plus order detail), newest first. */
  listOrders(): Promise<CoordinatorOrder[]>;
  /** Home-delivery slots, read only: nothing here books one. */
  listDeliverySlots(): Promise<CoordinatorSlot[]>;
  addToCart(productId: string, quantity: number): Promise<void>;
  removeFromCart(productId: string): Promise<void>;
}
