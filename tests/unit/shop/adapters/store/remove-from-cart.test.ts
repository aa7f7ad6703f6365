import { describe, expect, it } from "vitest";
import { NotFoundError } from "../../../../../functions/core/errors";
import { removeFromCart } from "../../../../../functions/shop/adapters/store/tools/remove-from-cart";
import {
  contextWith,
  FakeStoreSession,
  rawPage,
  rawRecord,
} from "../../../../support/shop/fake-store-session";

const REMOVE_URL = "/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Cart-RemoveProductLineItem";

const cart = () =>
  new FakeStoreSession(
    (url) =>
      rawPage({
        url: url.href,
        lists: {
          lines: {
            rootSelector: ".auc-cart__product-cards .auc-cart__product-card[data-pid]",
            records: [
              rawRecord({
                productId: "3010403",
                name: "leite 1l",
                quantity: "6",
                lineTotal: "5,16 €",
                removeAction: REMOVE_URL,
                lineUuid: "uuid-1",
              }),
            ],
          },
        },
      }),
    () => ({ status: 200, body: '{"error":false,"quantityTotal":0}' }),
  );

describe("removeFromCart", () => {
  it("calls the line's own remove action with its pid and uuid", async () => {
    const site = cart();
    expect(await removeFromCart(contextWith(site), { productId: "3010403" })).toEqual({
      productId: "3010403",
      cartQuantityTotal: 0,
    });
    expect(site.forms).toEqual([
      { method: "GET", url: `http://store.test${REMOVE_URL}`, form: { pid: "3010403", uuid: "uuid-1" } },
    ]);
  });

  it("answers NotFoundError for a product that is not in the cart", async () => {
    const site = cart();
    await expect(removeFromCart(contextWith(site), { productId: "1" })).rejects.toBeInstanceOf(NotFoundError);
    expect(site.forms).toEqual([]);
  });
});
