import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ValidationError } from "../../functions/core/errors";
import { parseOrThrow } from "../../functions/core/validation";
import type { CatalogProduct } from "./catalog";
import type { StoreCatalogIndex } from "./store-catalog-index";

/** One cart line; quantity in units, or kg for items sold by weight. */
export interface CartLine {
  uuid: string;
  productId: string;
  quantity: number;
}

export interface PlacedOrder {
  /** The id in the order's detail link (`/pt/detalhes-encomenda?orderID=`), not its number. */
  orderId: string;
  orderNumber: string;
  placedOn: string;
  status: string;
  lines: { productId: string; quantity: number; priceCents: number }[];
}

/** What the store keeps per household session. The attempt counters let tests prove nothing was booked. */
export interface HouseholdState {
  cart: CartLine[];
  orders: PlacedOrder[];
  slotBookingAttempts: number;
  checkoutAttempts: number;
}

const lineSeedSchema = z.object({
  productId: z.string().regex(/^\d{7}$/),
  quantity: z.number().positive().max(99),
});

/** Body of the test-only seeding endpoint (untrusted like any request). */
export const householdSeedSchema = z.object({
  cart: z.array(lineSeedSchema).max(200).default([]),
  orders: z
    .array(
      z.object({
        orderNumber: z
          .string()
          .regex(/^\d{9}$/)
          .optional(),
        placedOn: z.iso.date(),
        status: z.string().min(1).max(40).default("Entregue"),
        lines: z.array(lineSeedSchema.extend({ priceCents: z.number().int().positive().optional() })).min(1),
      }),
    )
    .max(50)
    .default([]),
});
export type HouseholdSeed = z.input<typeof householdSeedSchema>;

const keptHouseholdStatesSchema = z.object({
  orderCounter: z.number().int().nonnegative(),
  households: z.record(
    z.string(),
    z.object({
      cart: z.array(z.object({ uuid: z.string(), productId: z.string(), quantity: z.number() })),
      orders: z.array(
        z.object({
          orderId: z.string(),
          orderNumber: z.string(),
          placedOn: z.string(),
          status: z.string(),
          lines: z.array(z.object({ productId: z.string(), quantity: z.number(), priceCents: z.number() })),
        }),
      ),
      slotBookingAttempts: z.number().int().nonnegative(),
      checkoutAttempts: z.number().int().nonnegative(),
    }),
  ),
});
export type KeptHouseholdStates = z.output<typeof keptHouseholdStatesSchema>;

/** Why a cart change was refused, in the store's words (the cart endpoints answer `error: true`). */
export class CartRefusal extends Error {}

const isMultipleOf = (value: number, step: number): boolean =>
  Math.abs(value / step - Math.round(value / step)) < 1e-9;

/** Checks a quantity against the product's rules: whole units, or kg at least the minimum, in steps. */
export const checkQuantity = (product: CatalogProduct, quantity: number): void => {
  if (!(quantity > 0) || quantity > 99) throw new CartRefusal("Quantidade inválida");
  if (product.soldByWeight) {
    const minimumKg = (product.minimumGrams ?? 0) / 1000;
    const step = product.stepKg ?? 0.001;
    if (quantity < minimumKg || !isMultipleOf(quantity, step)) {
      throw new CartRefusal(`Quantidade mínima ${minimumKg} kg, em múltiplos de ${step} kg`);
    }
  } else if (!Number.isInteger(quantity)) {
    throw new CartRefusal("Este produto é vendido à unidade");
  }
};

/** Every household's cart and order history, in memory; reset between tests. */
export class HouseholdStates {
  private readonly states = new Map<string, HouseholdState>();
  private orderCounter = 0;

  constructor(private readonly catalog: StoreCatalogIndex) {}

  get(householdKey: string): HouseholdState {
    let state = this.states.get(householdKey);
    if (!state) {
      state = { cart: [], orders: [], slotBookingAttempts: 0, checkoutAttempts: 0 };
      this.states.set(householdKey, state);
    }
    return state;
  }

  peek(householdKey: string): HouseholdState | undefined {
    return this.states.get(householdKey);
  }

  reset(): void {
    this.states.clear();
    this.orderCounter = 0;
  }

  /** Everything it holds, as JSON (`restore` reads it back): what `npm start` keeps between starts. */
  toJSON(): KeptHouseholdStates {
    return { orderCounter: this.orderCounter, households: Object.fromEntries(this.states) };
  }

  /** Replaces what it holds with a `toJSON()` of an earlier start; a file of another shape is refused. */
  restore(kept: unknown): void {
    const parsed = keptHouseholdStatesSchema.parse(kept);
    this.states.clear();
    for (const [key, state] of Object.entries(parsed.households)) this.states.set(key, state);
    this.orderCounter = parsed.orderCounter;
  }

  /** Replaces a household's cart and orders. Unknown product ids are a validation error naming them. */
  seed(householdKey: string, input: unknown): HouseholdState {
    const seed = parseOrThrow(householdSeedSchema, input, "household seed");
    const unknown = [...seed.cart, ...seed.orders.flatMap((order) => order.lines)]
      .map((line) => line.productId)
      .filter((productId) => !this.catalog.product(productId));
    if (unknown.length > 0) {
      throw new ValidationError(
        `Unknown product ids: ${unknown.join(", ")}`,
        unknown.map((productId) => ({ path: "productId", message: `${productId} is not in the catalog` })),
      );
    }
    const state: HouseholdState = {
      cart: seed.cart.map((line) => ({
        uuid: randomUUID(),
        productId: line.productId,
        quantity: line.quantity,
      })),
      orders: seed.orders
        .map((order) => ({
          orderId: randomUUID(),
          orderNumber: order.orderNumber ?? this.nextOrderNumber(),
          placedOn: order.placedOn,
          status: order.status,
          lines: order.lines.map((line) => ({
            productId: line.productId,
            quantity: line.quantity,
            priceCents: line.priceCents ?? this.catalog.product(line.productId)?.priceCents ?? 0,
          })),
        }))
        .sort((a, b) => b.placedOn.localeCompare(a.placedOn)),
      slotBookingAttempts: 0,
      checkoutAttempts: 0,
    };
    this.states.set(householdKey, state);
    return state;
  }

  addToCart(householdKey: string, productId: string, quantity: number): HouseholdState {
    const product = this.catalog.product(productId);
    if (!product) throw new CartRefusal("Produto não encontrado");
    if (!product.available) throw new CartRefusal("Produto indisponível online");
    checkQuantity(product, quantity);
    const state = this.get(householdKey);
    const existing = state.cart.find((line) => line.productId === productId);
    if (existing) {
      const total = Math.round((existing.quantity + quantity) * 1000) / 1000;
      checkQuantity(product, total);
      existing.quantity = total;
    } else {
      state.cart.push({ uuid: randomUUID(), productId, quantity });
    }
    return state;
  }

  removeLine(householdKey: string, productId: string, uuid: string): HouseholdState {
    const state = this.get(householdKey);
    const index = state.cart.findIndex((line) => line.productId === productId && line.uuid === uuid);
    if (index < 0) throw new CartRefusal("Linha do carrinho não encontrada");
    state.cart.splice(index, 1);
    return state;
  }

  removeUnavailable(householdKey: string): HouseholdState {
    const state = this.get(householdKey);
    state.cart = state.cart.filter((line) => this.catalog.product(line.productId)?.available === true);
    return state;
  }

  private nextOrderNumber(): string {
    this.orderCounter += 1;
    return String(2_900_000 + this.orderCounter * 7).padStart(9, "0");
  }
}
