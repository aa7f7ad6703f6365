import { describe, expect, it } from "vitest";
import {
  kindDifference,
  kindFromName,
  ProductKindsDataSchema,
  readAttributes,
} from "../../../../functions/shop/domain/product-attributes";
import productKindsData from "../../../../functions/shop/domain/product-attributes/product-kinds.json";
import type { SubstituteCandidate } from "../../../../functions/shop/domain/substitution/substitution-contracts";
import { rankByHeuristic } from "../../../../functions/shop/domain/substitution/value-ranker";

/*
 * Issue 37: the kind of product is a defining attribute. Names below are written after product names
 * on other stores' public pages (Continente.pt, Pingo Doce, El Corte Inglés' supermarket) as well as
 * Auchan.pt's, across the aisles.
 */

const kindOf = (name: string) => kindFromName(name)?.label;

describe("the kind a product name names first, per aisle", () => {
  it.each([
    // dairy
    ["Iogurte Grego Natural Continente 4x120 g", "iogurte"],
    ["Iogurte Líquido Pingo Doce Morango 4x150 g", "iogurte líquido"],
    ["Bebida Láctea Mimosa Infantil Meio Gordo 1 a 3 Anos 4x200 ml", "bebida láctea"],
    ["Bebida de Aveia Alpro 1 L", "bebida vegetal"],
    ["Bebida de Soja Original Continente 1 L", "bebida vegetal"],
    ["Leite UHT Meio Gordo Mimosa 1 L", "leite"],
    ["Leite Condensado Nestlé 397 g", "leite condensado"],
    ["Leite de Coco Tai 400 ml", "leite de coco"],
    ["Natas para Culinária Continente 200 ml", "natas"],
    ["Queijo Flamengo Fatiado Limiano 200 g", "queijo"],
    ["Manteiga com Sal Mimosa 250 g", "manteiga"],
    ["IOGURTE GREGO MIMOSA BATIDO DOCE DE LEITE 4X110G", "iogurte"],
    // oils
    ["Azeite Virgem Extra Gallo 750 ml", "azeite"],
    ["Óleo Alimentar Fula 1 L", "óleo"],
    ["Vinagre de Vinho Tinto Continente 750 ml", "vinagre"],
    ["Condimento Azeite Gallo Virgem Extra Limão 250 ml", "condimento"],
    // bakery
    ["Pão de Forma Integral Bimbo 500 g", "pão"],
    ["Pão de Leite Auchan 10 un", "pão"],
    ["Tostas Integrais Pingo Doce 250 g", "tostas"],
    ["Croissant Simples Continente 4 un", "croissant"],
    ["Bolachas Maria Cuétara 800 g", "bolachas"],
    // meat
    ["Peito de Frango Continente 500 g", "frango"],
    ["Fiambre de Peru Nobre Fatiado 200 g", "fiambre"],
    ["Salsichas Frankfurt Izidoro 8 un", "salsichas"],
    ["Lombo de Porco Fatiado Pingo Doce", "porco"],
    // fish
    ["Atum em Óleo Vegetal Bom Petisco 120 g", "atum"],
    ["Salmão Fumado Continente 100 g", "salmão"],
    ["Bacalhau Graúdo Crescido Ultracongelado", "bacalhau"],
    ["Filete de Pescada Ultracongelado Pingo Doce 400 g", "pescada"],
    // produce
    ["Maçã Gala Nacional kg", "maçã"],
    ["Banana da Madeira kg", "banana"],
    ["Batata Doce Nacional kg", "batata"],
    ["Batatas Fritas Lisas Lay's 150 g", "batatas fritas"],
    ["Tomate Cherry Pingo Doce 250 g", "tomate"],
    // drinks
    ["Água Mineral Natural Luso 1,5 L", "água"],
    ["Sumo de Laranja Compal 1 L", "sumo"],
    ["Cerveja com Álcool Super Bock Mini 10x20 cl", "cerveja"],
    ["Vinho Tinto Monte Velho 75 cl", "vinho"],
  ])("%s → %s", (name, kind) => {
    expect(kindOf(name)).toBe(kind);
  });

  it("names no kind for a name with no kind word", () => {
    expect(kindFromName("Mimosa Especial 1 L")).toBeUndefined();
  });

  it("the data file passes its schema", () => {
    expect(ProductKindsDataSchema.safeParse(productKindsData).success).toBe(true);
  });
});

describe("life stage, plant versus dairy and functional claims are attributes", () => {
  it.each([
    ["Bebida Láctea Mimosa Infantil 1 a 3 Anos 4x200 ml", "life_stage", "toddler"],
    ["Leite Mimosa Infantil +3 Anos UHT 1 L", "life_stage", "junior"],
    ["Iogurte de Soja Natural Alpro 4x125 g", "source", "plant"],
    ["Iogurte Proteico Natural Pingo Doce 4x125 g", "claim", "protein"],
    ["Leite Magro Mimosa Sem Lactose com Fibra 1 L", "claim", "fibre"],
    ["Leite Meio Gordo Mimosa Cálcio 1 L", "claim", "calcium"],
  ] as const)("%s: %s %s", (name, dimension, value) => {
    expect(readAttributes(name)[dimension]).toContain(value);
  });
});

describe("kind difference: category path first, then the name", () => {
  it("compares the deepest level both paths have", () => {
    expect(
      kindDifference(
        { name: "iogurte soja", category: "alimentação/produtos-lácteos/iogurtes/soja-e-vegetais" },
        { name: "leite uht", category: "Alimentação/Produtos Lácteos/Leites/Leite UHT" },
      ),
    ).toMatchObject({ by: "name", from: "iogurte", to: "leite" });
    expect(
      kindDifference(
        { name: "sobremesa x", category: "alimentação/produtos-lácteos/iogurtes" },
        { name: "produto y", category: "Alimentação/Produtos Lácteos/Leites/Leite UHT" },
      ),
    ).toMatchObject({ by: "category", from: "iogurtes", to: "leites" });
    expect(
      kindDifference(
        { name: "produto x", category: "alimentação/produtos-lácteos/leites" },
        { name: "produto y", category: "Alimentação/Produtos Lácteos/Leites/Leite UHT" },
      ),
    ).toBeUndefined();
  });

  it("a yoghurt's first substitute is a yoghurt; a milk is at most acceptable, and says why", () => {
    const candidates: SubstituteCandidate[] = [
      {
        productId: "m1",
        name: "leite polegar uht meio gordo 1l",
        price: 0.7,
        pricePerUnit: "0.70 €/Lt",
        available: true,
      },
      {
        productId: "y1",
        name: "iogurte natural pingo doce 4x125g",
        price: 1.4,
        pricePerUnit: "2.80 €/Kg",
        available: true,
      },
    ];
    const { rankings } = rankByHeuristic({
      originalProduct: { name: "iogurte natural mimosa 4x120g", price: 1.9, pricePerUnit: "3.96 €/Kg" },
      candidates,
    });
    expect(rankings[0]?.productId).toBe("y1");
    const milk = rankings.find((r) => r.productId === "m1");
    expect(milk?.recommendation).not.toBe("strong");
    expect(milk?.reason).toContain("Outro tipo de produto: iogurte → leite");
  });
});
