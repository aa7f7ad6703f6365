import { describe, expect, it } from "vitest";
import {
  classifyBrand,
  NATIONAL_BRANDS,
  PREMIUM_BRANDS,
  STORE_BRAND_TIERS,
  STORE_BRANDS,
} from "../../../../../functions/shop/domain/substitution/brand-tiers";
import {
  calculateCapacityCostRatio,
  calculateValueScore,
  comparePrice,
  recommendationFor,
} from "../../../../../functions/shop/domain/substitution/value-heuristics";

describe("seed 000's brand lists and classifyBrand", () => {
  it("keeps the seed's lists verbatim", () => {
    expect(STORE_BRANDS).toEqual(["auchan", "polegar", "amanhecer", "produto branco"]);
    expect(NATIONAL_BRANDS).toEqual(["mimosa", "iglo", "compal", "licor beirão", "gallo", "lusiaves"]);
    expect(PREMIUM_BRANDS).toEqual(["bio", "organic", "premium", "gourmet", "deluxe"]);
  });

  it("classifies the seed's section 7 products as store, national and premium", () => {
    expect(classifyBrand("Batata Doce Auchan Rodelas Congelada 450g")).toBe("store");
    expect(classifyBrand("Batata Doce Iglo Cubos 400g")).toBe("national");
    expect(classifyBrand("Batata Doce Bio Congelada 300g")).toBe("premium");
    expect(classifyBrand("Batata Doce Congelada 450g")).toBe("unknown");
  });

  it("checks store labels before premium words, as the seed does (an Auchan organic line is Auchan's)", () => {
    expect(classifyBrand("batata doce auchan bio cubos congelada 300g")).toBe("store");
  });

  it("reads a brand the store names outside the product name, and extends tiers per store as data", () => {
    expect(classifyBrand("batata doce em cubos congelada 750g", undefined, "ARDO")).toBe("unknown");
    expect(classifyBrand("batata doce em cubos congelada 750g", STORE_BRAND_TIERS["auchan-pt"], "ARDO")).toBe(
      "national",
    );
  });
});

describe("calculateCapacityCostRatio (seed: 0 €/kg = 1.0, 10 €/kg = 0.0; else price, 20 € = 0.0)", () => {
  it("scores the seed's three €/kg figures", () => {
    expect(calculateCapacityCostRatio(2.29, "5,09€/kg")).toBeCloseTo(1 - 5.09 / 10, 6);
    expect(calculateCapacityCostRatio(2.99, "7,48€/kg")).toBeCloseTo(1 - 7.48 / 10, 6);
    expect(calculateCapacityCostRatio(3.49, "11,63€/kg")).toBe(0);
  });

  it("reads the site's dot-decimal labels and litres (`0.86 €/Lt`)", () => {
    expect(calculateCapacityCostRatio(0.86, "0.86 €/Lt")).toBeCloseTo(0.914, 6);
  });

  it("prefers the better ratio even in a larger pack: 1 kg at 3 € beats 500 g at 2 €", () => {
    expect(calculateCapacityCostRatio(3, "3€/kg")).toBeGreaterThan(calculateCapacityCostRatio(2, "4€/kg"));
  });

  it("falls back to the shelf price without a unit price", () => {
    expect(calculateCapacityCostRatio(3)).toBeCloseTo(0.85, 6);
    expect(calculateCapacityCostRatio(25)).toBe(0);
  });
});

describe("calculateValueScore (weights 0.35 brand, 0.40 capacity/cost, 0.25 price)", () => {
  const original = {
    name: "batata doce auchan em cubos para cozer 400g",
    price: 1.69,
    pricePerUnit: "4,23€/kg",
  };

  it("weighs brand, capacity/cost and price as the seed does", () => {
    const iglo = { name: "Batata Doce Iglo Cubos 400g", price: 2.99, pricePerUnit: "7,48€/kg" };
    const expected = 0.7 * 0.35 + (1 - 7.48 / 10) * 0.4 + (1 - (7.48 - 4.23) / 4.23) * 0.25;
    expect(calculateValueScore(iglo, original)).toBeCloseTo(expected, 3);
  });

  it("gives the full price term up to 10 % above the original", () => {
    const sameUnitPrice = {
      name: "batata doce auchan cubos congelada 1kg",
      price: 4.6,
      pricePerUnit: "4,60€/kg",
    };
    expect(calculateValueScore(sameUnitPrice, original)).toBeCloseTo(0.35 + (1 - 0.46) * 0.4 + 0.25, 3);
  });

  it("ranks the seed's section 7 trio: Auchan, then Iglo, then Bio", () => {
    const auchan = calculateValueScore(
      { name: "Batata Doce Auchan Rodelas Congelada 450g", price: 2.29, pricePerUnit: "5,09€/kg" },
      original,
    );
    const iglo = calculateValueScore(
      { name: "Batata Doce Iglo Cubos 400g", price: 2.99, pricePerUnit: "7,48€/kg" },
      original,
    );
    const bio = calculateValueScore(
      { name: "Batata Doce Bio Congelada 300g", price: 3.49, pricePerUnit: "11,63€/kg" },
      original,
    );
    expect(auchan).toBeGreaterThan(iglo);
    expect(iglo).toBeGreaterThan(bio);
    expect(recommendationFor(bio)).toBe("weak");
  });

  it("lets a better €/kg win over a lower shelf price (1 kg Polegar at 3,49 € against 450 g at 2,29 €)", () => {
    const polegar = {
      name: "batata doce polegar cubos congelada 1kg",
      price: 3.49,
      pricePerUnit: "3,49€/kg",
    };
    const rodelas = {
      name: "batata doce auchan rodelas congelada 450g",
      price: 2.29,
      pricePerUnit: "5,09€/kg",
    };
    expect(calculateValueScore(polegar, original)).toBeGreaterThan(calculateValueScore(rodelas, original));
    expect(comparePrice(polegar, original)).toBe("cheaper");
    expect(comparePrice(rodelas, original)).toBe("more_expensive");
  });
});

describe("the seed's recommendation bands", () => {
  it("is strong above 0.8, acceptable from 0.5 to 0.8, weak below 0.5", () => {
    expect(recommendationFor(0.81)).toBe("strong");
    expect(recommendationFor(0.8)).toBe("acceptable");
    expect(recommendationFor(0.5)).toBe("acceptable");
    expect(recommendationFor(0.49)).toBe("weak");
  });
});
