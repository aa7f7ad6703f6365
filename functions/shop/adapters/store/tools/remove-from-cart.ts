import { z } from "zod";
import { NotFoundError } from "../../../../core/errors";
import { parseOrThrow } from "../../../../core/validation";
import { assertAllowedStoreUrl } from "../browser/forbidden-store-actions";
import { readCartActionResponse } from "../extraction/cart-action-response";
import { RawRecordReader } from "../extraction/raw-record-reader";
import { cartPageUrl } from "../store-urls";
import { readCartLine } from "./scan-cart";
import { readStorePage, type StoreToolContext } from "./store-tool-context";

export const removeFromCartInputSchema = z.object({
  productId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/),
});
export type RemoveFromCartInput = z.input<typeof removeFromCartInputSchema>;

export interface RemoveFromCartResult {
  productId: string;
  cartQuantityTotal?: number;
}

/**
 * Removes a product's line from the household's cart with the line's own remove action
 * (`.remove-product[data-action][data-uuid]`, SFRA's Cart-RemoveProductLineItem).
 */
export const removeFromCart = async (
  context: StoreToolContext,
  input: RemoveFromCartInput,
): Promise<RemoveFromCartResult> => {
  const request = parseOrThrow(removeFromCartInputSchema, input, "removeFromCart input");
  const spec = context.registry.cart;
  const page = await readStorePage(context, "cart", cartPageUrl(context.storeUrl));
  const fields = spec.lists.lines?.fields ?? {};
  const line = (page.lists.lines?.records ?? [])
    .map((record) => new RawRecordReader(record, fields, spec, page.url, "cart line"))
    .find((reader) => readCartLine(reader, page.url, context.storeUrl).productId === request.productId);
  if (!line) {
    throw new NotFoundError(`Product ${request.productId} is not in the cart`, {
      code: "cart_line_not_found",
    });
  }
  const action = line.requiredLink("removeAction", page.url);
  const uuid = line.required("lineUuid", (text) => text.trim() || null);
  const endpoint = assertAllowedStoreUrl(context.storeUrl, action);
  const response = await context.session.sendForm({
    method: "GET",
    url: endpoint.href,
    form: { pid: request.productId, uuid },
  });
  const { quantityTotal } = readCartActionResponse(endpoint.href, response);
  return { productId: request.productId, cartQuantityTotal: quantityTotal };
};
