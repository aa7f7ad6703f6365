import { z } from "zod";
import { DomainRefusedError } from "../../../../core/errors";
import type { StoreFormResponse } from "../browser/store-browser";
import { StoreUnreachableError } from "../store-errors";

/** SFRA cart endpoints answer JSON `{ error, message, quantityTotal, ... }`. */
const cartActionResponseSchema = z.object({
  error: z.boolean().optional(),
  message: z.string().optional(),
  quantityTotal: z.number().nonnegative().optional(),
});

/**
 * Checks a cart endpoint's answer: 5xx or unreadable JSON means the store is not serving us; an
 * `error: true` answer (out of stock, quantity rules) is the store refusing the request.
 */
export const readCartActionResponse = (
  url: string,
  response: StoreFormResponse,
): { quantityTotal?: number } => {
  if (response.status >= 500)
    throw new StoreUnreachableError(url, `the store answered HTTP ${response.status}`);
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    throw new StoreUnreachableError(url, `the store answered HTTP ${response.status} without JSON`);
  }
  const parsed = cartActionResponseSchema.safeParse(json);
  if (!parsed.success)
    throw new StoreUnreachableError(url, "the store's cart answer has an unexpected shape");
  if (parsed.data.error === true || response.status >= 400) {
    throw new DomainRefusedError(
      `The store refused the cart change: ${parsed.data.message ?? `HTTP ${response.status}`}`,
      {
        code: "store_cart_refused",
        details: { url, status: response.status },
      },
    );
  }
  return { quantityTotal: parsed.data.quantityTotal };
};
