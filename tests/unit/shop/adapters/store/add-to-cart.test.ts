import { describe, expect, it } from "vitest";
import { DomainRefusedError, ValidationError } from "../../../../../functions/core/errors";
import type { StoreFormResponse } from "../../../../../functions/shop/adapters/store/browser/store-browser";
import {
  StoreActionForbiddenError,
  StorePageChangedError,
  StoreUnreachableError,
} from "../../../../../functions/shop/adapters/store/store-errors";
import { addToCart } from "../../../../../functions/shop/adapters/store/tools/add-to-cart";
import {
  contextWith,
  FakeStoreSession,
  rawPage,
  rawRecord,
} from "../../../../support/shop/fake-store-session";

const ADD_URL = "/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Cart-AddProduct";

const productPage = (
  values: Record<string, string | null>,
  answer?: () => StoreFormResponse,
): FakeStoreSession =>
  new FakeStoreSession(
    (url) =>
      rawPage({
        url: url.href,
        values: rawRecord({
          productId: "5001",
          name: "arroz carolino 1kg",
          price: "1.39",
          addToCartUrl: ADD_URL,
          ...values,
        }),
      }),
    answer,
  );

describe("addToCart", () => {
  it("posts pid and quantity to the page's own add-to-cart URL", async () => {
    const site = productPage({});
    const result = await addToCart(contextWith(site), { productId: "5001", quantity: 2 });
    expect(site.forms).toEqual([
      { method: "POST", url: `http://store.test${ADD_URL}`, form: { pid: "5001", quantity: "2" } },
    ]);
    expect(result).toEqual({ productId: "5001", quantity: 2, cartQuantityTotal: 1 });
  });

  it("refuses an unavailable product without sending anything", async () => {
    const site = productPage({ unavailableButton: "Indisponível online" });
    await expect(addToCart(contextWith(site), { productId: "5001", quantity: 1 })).rejects.toBeInstanceOf(
      DomainRefusedError,
    );
    expect(site.forms).toEqual([]);
  });

  it("checks weight quantities against the minimum and the step, and unit quantities for whole numbers", async () => {
    const weighed = productPage({
      perKgMarker: "/Kg",
      avgWeight: "Quant. Mínima = 500g",
      stepQuantity: "0.25",
    });
    await expect(addToCart(contextWith(weighed), { productId: "5001", quantity: 0.25 })).rejects.toThrow(
      /at least 0.5 kg/,
    );
    await expect(addToCart(contextWith(weighed), { productId: "5001", quantity: 0.6 })).rejects.toThrow(
      /steps of 0.25/,
    );
    await addToCart(contextWith(weighed), { productId: "5001", quantity: 0.75 });
    expect(weighed.forms.map((f) => f.form.quantity)).toEqual(["0.75"]);
    await expect(
      addToCart(contextWith(productPage({})), { productId: "5001", quantity: 1.5 }),
    ).rejects.toThrow(/whole number/);
  });

  it("turns the store's error answer into DomainRefusedError and a 5xx into StoreUnreachableError", async () => {
    const refused = productPage({}, () => ({
      status: 400,
      body: '{"error":true,"message":"Quantidade inválida"}',
    }));
    await expect(addToCart(contextWith(refused), { productId: "5001", quantity: 1 })).rejects.toThrow(
      /Quantidade inválida/,
    );
    const broken = productPage({}, () => ({ status: 502, body: "Bad gateway" }));
    await expect(addToCart(contextWith(broken), { productId: "5001", quantity: 1 })).rejects.toBeInstanceOf(
      StoreUnreachableError,
    );
  });

  it("refuses an add-to-cart URL that points at a forbidden action", async () => {
    const site = productPage({
      addToCartUrl: "/on/demandware.store/Sites-AuchanPT-Site/pt_PT/CheckoutServices-PlaceOrder",
    });
    await expect(addToCart(contextWith(site), { productId: "5001", quantity: 1 })).rejects.toBeInstanceOf(
      StoreActionForbiddenError,
    );
    expect(site.forms).toEqual([]);
  });

  it("raises StorePageChangedError naming the hidden input when the page has no add-to-cart URL", async () => {
    const error = await addToCart(contextWith(productPage({ addToCartUrl: null })), {
      productId: "5001",
      quantity: 1,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorePageChangedError);
    expect((error as StorePageChangedError).selectors).toEqual([".product-detail .add-to-cart-url[value]"]);
  });

  it("validates its input", async () => {
    await expect(
      addToCart(contextWith(productPage({})), { productId: "../x", quantity: 1 }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});
