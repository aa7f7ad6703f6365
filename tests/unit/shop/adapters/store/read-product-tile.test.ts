import { describe, expect, it } from "vitest";
import type { RawRecord } from "../../../../../functions/shop/adapters/store/extraction/page-extraction";
import { RawRecordReader } from "../../../../../functions/shop/adapters/store/extraction/raw-record-reader";
import { readProductTile } from "../../../../../functions/shop/adapters/store/extraction/read-product-tile";
import { auchanPtSelectorRegistry } from "../../../../../functions/shop/adapters/store/selectors/selector-registry";
import { rawRecord, rawTile, STORE_URL } from "../../../../support/shop/fake-store-session";

const spec = auchanPtSelectorRegistry().search;
const PAGE_URL = "http://store.test/pt/pesquisa?q=x";

const read = (record: RawRecord) =>
  readProductTile(
    new RawRecordReader(record, spec.lists.tiles?.fields ?? {}, spec, PAGE_URL, "product tile"),
    {
      pageUrl: PAGE_URL,
      storeUrl: STORE_URL,
    },
  );

describe("readProductTile", () => {
  it("maps a tile to the seed's candidate fields plus cents, unit price and category", () => {
    const product = read(
      rawTile({
        productId: "3010403",
        name: "leite auchan uht meio gordo slim 1l",
        price: "0.86",
        pricePerUnit: "0.86 €/Lt",
        brand: "AUCHAN",
      }),
    );
    expect(product).toMatchObject({
      productId: "3010403",
      name: "leite auchan uht meio gordo slim 1l",
      price: 0.86,
      pricePerUnit: "0.86 €/Lt",
      brand: "AUCHAN",
      size: "1l",
      available: true,
      priceCents: 86,
      currency: "EUR",
      unitPrice: { amountCents: 86, per: "l", source: "computed" },
      unitPriceCheck: { status: "agrees" },
      categoryPath: ["alimentação", "produtos-lácteos", "leites", "leite-uht"],
      url: "http://store.test/pt/alimentacao/produtos-lacteos/leites/leite-uht/x/3010403.html",
    });
  });

  it("prefers the machine-readable content price and falls back to data-gtm when the price element is gone", () => {
    const withContent = rawTile({ productId: "1", name: "natas 200ml", price: "0.69" });
    withContent.price = ["0.69", "0,79\u00a0€"];
    expect(read(withContent).priceCents).toBe(69);
    const withoutPrice = {
      ...rawTile({ productId: "1", name: "natas 200ml", price: "0.69" }),
      price: [null, null],
    };
    expect(read(withoutPrice).priceCents).toBe(69);
  });

  it("reads visible pt-PT text when only text is left", () => {
    const record = rawRecord({
      productId: "7",
      name: "azeite 3 l",
      price: "19,99\u00a0€",
      rootClass: "product-tile",
    });
    expect(read(record)).toMatchObject({
      priceCents: 1999,
      size: "3 l",
      unitPrice: { amountCents: 666, per: "l" },
    });
  });

  it("marks a tile unavailable from its auc-product-unavailable class or its Indisponível button", () => {
    expect(read(rawTile({ productId: "1", name: "x 1l", price: "1", unavailable: true })).available).toBe(
      false,
    );
    const buttonOnly = rawTile({
      productId: "1",
      name: "x 1l",
      price: "1",
      extra: { unavailableButton: "Indisponível online" },
    });
    expect(read(buttonOnly).available).toBe(false);
    const loaderOnly = rawTile({ productId: "1", name: "x 1l", price: "1" });
    expect(read(loaderOnly).available).toBe(true);
  });

  it("keeps the sale price and records the struck price of a promotion", () => {
    const product = read(rawTile({ productId: "1", name: "fiambre 200g", price: "2.49", wasPrice: "2.89" }));
    expect(product).toMatchObject({ priceCents: 249, promotion: { wasPriceCents: 289 } });
  });

  it("reads items sold by weight: the price is per kg, with minimum and step", () => {
    const product = read(
      rawTile({
        productId: "9",
        name: "peito de frango auchan kg",
        price: "6.99",
        pricePerUnit: "6.99 €/Kg",
        extra: {
          perKgMarker: "/Kg",
          avgWeight: "Quant. Mínima = 250g",
          stepQuantity: "0.25",
          unitMeasure: "KG",
        },
      }),
    );
    expect(product).toMatchObject({
      soldByWeight: true,
      unitPrice: { amountCents: 699, per: "kg" },
      minimumQuantityKg: 0.25,
      quantityStepKg: 0.25,
    });
    expect(product.size).toBeUndefined();
  });

  it("flags a site unit price more than 2 % away from price and size", () => {
    const product = read(
      rawTile({ productId: "1", name: "néctar 1l", price: "1.99", pricePerUnit: "1.79 €/Lt" }),
    );
    expect(product.unitPriceCheck).toEqual({
      status: "disagrees",
      siteAmountCents: 179,
      computedAmountCents: 199,
      differencePercent: 11.2,
    });
  });

  it("falls back to the site's unit price when the name carries no size", () => {
    const product = read(
      rawTile({ productId: "1", name: "pão caseiro", price: "1.20", pricePerUnit: "2.40 €/Kg" }),
    );
    expect(product.unitPrice).toEqual({ amountCents: 240, per: "kg", source: "site" });
    expect(product.unitPriceCheck.status).toBe("unchecked");
  });

  it("derives the category from the product URL when there is no data-gtm", () => {
    const record = rawRecord({
      productId: "5",
      name: "arroz 1kg",
      price: "1.39",
      href: "/pt/alimentacao/mercearia/arroz/arroz-carolino/arroz-1kg/5.html",
    });
    expect(read(record).categoryPath).toEqual(["alimentacao", "mercearia", "arroz", "arroz-carolino"]);
  });
});
