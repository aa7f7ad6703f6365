import { z } from "zod";
import { DomainRefusedError } from "../../../../core/errors";
import { parseOrThrow } from "../../../../core/validation";
import { assertAllowedStoreUrl } from "../browser/forbidden-store-actions";
import { readCartActionResponse } from "../extraction/cart-action-response";
import { describeSource } from "../extraction/raw-record-reader";
import { StorePageChangedError } from "../store-errors";
import { extractProductInfo } from "./extract-product-info";
import type { StoreToolContext } from "./store-tool-context";

export const addToCartInputSchema = z.object({
  productId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/),
  /** Units, or kg for items sold by weight (a multiple of the product's step, at least its minimum). */
  quantity: z.number().positive().max(99),
});
export type AddToCartInput = z.input<typeof addToCartInputSchema>;

export interface AddToCartResult {
  productId: string;
  quantity: number;
  /** The cart's item count after the change, as the store reports it. */
  cartQuantityTotal?: number;
}

const isMultipleOf = (value: number, step: number): boolean => {
  const ratio = value / step;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9;
};

/**
 * Adds a product to the household's cart through the product page's own endpoint (SFRA's hidden
 * `.add-to-cart-url`, Cart-AddProduct), after checking it is available and the quantity fits its rules.
 * Never checks out.
 */
export const addToCart = async (
  context: StoreToolContext,
  input: AddToCartInput,
): Promise<AddToCartResult> => {
  const request = parseOrThrow(addToCartInputSchema, input, "addToCart input");
  const { product, addToCartUrl } = await extractProductInfo(context, { productId: request.productId });
  if (!product.available) {
    throw new DomainRefusedError(`${product.name} is unavailable online`, {
      code: "store_product_unavailable",
      details: { productId: product.productId },
    });
  }
  if (product.soldByWeight) {
    const step = product.quantityStepKg ?? 0.001;
    if (request.quantity < (product.minimumQuantityKg ?? 0) || !isMultipleOf(request.quantity, step)) {
      throw new DomainRefusedError(
        `${product.name} is sold by weight: at least ${product.minimumQuantityKg ?? step} kg in steps of ${step} kg`,
        { code: "store_quantity_invalid", details: { productId: product.productId } },
      );
    }
  } else if (!Number.isInteger(request.quantity)) {
    throw new DomainRefusedError(`${product.name} is sold by the unit: quantity must be a whole number`, {
      code: "store_quantity_invalid",
      details: { productId: product.productId },
    });
  }
  if (addToCartUrl === undefined) {
    const spec = context.registry.product;
    throw new StorePageChangedError({
      page: spec.page,
      registryVersion: spec.version,
      what: 'product page field "addToCartUrl"',
      selectors: (spec.values.addToCartUrl ?? []).map(describeSource),
      url: product.url,
    });
  }
  const endpoint = assertAllowedStoreUrl(context.storeUrl, addToCartUrl);
  const response = await context.session.sendForm({
    method: "POST",
    url: endpoint.href,
    form: { pid: product.productId, quantity: String(request.quantity) },
  });
  const { quantityTotal } = readCartActionResponse(endpoint.href, response);
  return { productId: product.productId, quantity: request.quantity, cartQuantityTotal: quantityTotal };
};
