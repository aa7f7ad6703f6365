import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  kindDifference,
  kindFromName,
  OTHER_KIND_PREFIX,
  readAttributes,
  shelfCloseness,
} from "../../../../functions/shop/domain/product-attributes";
import type { SubstituteCandidate } from "../../../../functions/shop/domain/substitution/substitution-contracts";
import { rankByHeuristic } from "../../../../functions/shop/domain/substitution/value-ranker";
import tilesData from "../../../fixtures/auchan-pt-pages/search-tiles.json";

/*
 * Issue 46: the kind of a product judged on the store's real, noisy category tree. Every tile of two saved
 * Auchan.pt search pages (facts only: tests/fixtures/auchan-pt-pages/search-tiles.json) is a candidate,
 * as `/shop/substitutes/rank` sees them with each tile's category path; the model is not involved.
 */

const TileSchema = z.strictObject({
  id: z.string().regex(/^\d+$/),
  name: z.string().min(1),
  brand: z.string().min(1).optional(),
  price: z.number().positive(),
  pricePerUnit: z.string().min(1).optional(),
  categoryPath: z.string().min(1).optional(),
});
const tiles = z
  .strictObject({ source: z.string().min(1), pages: z.record(z.string(), z.array(TileSchema).min(20)) })
  .parse(tilesData);

const page = (key: string) => tiles.pages[key] ?? [];
const tile = (key: string, name: string) => {
  const found = page(key).find((t) => t.name === name);
  if (!found) throw new Error(`no tile ${name} on ${key}`);
  return found;
};

const rankOn = (key: string, originalName: string) => {
  const original = tile(key, originalName);
  const candidates: SubstituteCandidate[] = page(key)
    .filter((t) => t.id !== original.id)
    .map((t) => ({
      productId: t.id,
      name: t.name,
      price: t.price,
      available: true,
      ...(t.pricePerUnit ? { pricePerUnit: t.pricePerUnit } : {}),
      ...(t.brand ? { brand: t.brand } : {}),
      ...(t.categoryPath ? { category: t.categoryPath } : {}),
    }));
  const { rankings } = rankByHeuristic({
    originalProduct: {
      name: original.name,
      price: original.price,
      ...(original.pricePerUnit ? { pricePerUnit: original.pricePerUnit } : {}),
      ...(original.categoryPath ? { category: original.categoryPath } : {}),
    },
    candidates,
  });
  const nameOf = (id: string | undefined) => candidates.find((c) => c.productId === id)?.name ?? "";
  return { rankings, nameOf, first: nameOf(rankings[0]?.productId) };
};

describe("the fixture", () => {
  it("holds the tiles of both pages with their category paths", () => {
    expect(page("azeite").filter((t) => t.categoryPath).length).toBeGreaterThan(60);
    expect(page("dairy-mimosa").filter((t) => t.categoryPath).length).toBeGreaterThan(50);
  });
});

describe("one kind on sibling shelves: a same-kind candidate with the attribute ranks first", () => {
  it("an organic extra virgin oil on 'Azeite Especial DOP e Bio' gets an organic oil of another shelf first", () => {
    const { rankings, nameOf, first } = rankOn("azeite", "AZEITE AUCHAN BIO VIRGEM EXTRA 500ML");
    expect(kindFromName(first)?.kind).toBe("olive_oil");
    expect(readAttributes(first).organic).toEqual(["organic"]);
    // No organic olive oil reads as another kind, on the sibling shelf or under the mirror tree.
    const organicOils = rankings.filter(
      (r) =>
        readAttributes(nameOf(r.productId)).organic &&
        kindFromName(nameOf(r.productId))?.kind === "olive_oil",
    );
    expect(organicOils.length).toBeGreaterThanOrEqual(3);
    for (const r of organicOils) expect(r.reason).not.toContain(OTHER_KIND_PREFIX);
  });

  it("a flavoured lactose-free protein milk gets the same flavour from the 'Proteína' shelf, its name repaired", () => {
    const { first } = rankOn("dairy-mimosa", "LEITE SEM LACTOSE MIMOSA MORANGO MAIS PROTEÍNA 3X250ML");
    // The store writes it "PROTEÃNA": read as proteína.
    expect(first).toBe("LEITE SEM LACTOSE MIMOSA MORANGO MAIS PROTEÃNA 250ML");
    expect(readAttributes(first)).toMatchObject({
      flavour: ["strawberry"],
      dietary: ["lactose_free"],
      claim: ["protein"],
    });
  });

  it("a protein yoghurt gets a protein yoghurt; a milk ranks below every yoghurt, never strong, and says so", () => {
    const { rankings, nameOf, first } = rankOn("dairy-mimosa", "IOGURTE PROTEINA MIMOSA NATURAL 2X140G");
    expect(kindFromName(first)?.kind).toBe("yogurt");
    expect(readAttributes(first).claim).toContain("protein");
    const kinds = rankings.map((r) => kindFromName(nameOf(r.productId))?.kind);
    const lastYoghurt = kinds.lastIndexOf("yogurt");
    const firstMilk = kinds.indexOf("milk");
    expect(firstMilk).toBeGreaterThan(lastYoghurt);
    for (const r of rankings.filter((r) => kindFromName(nameOf(r.productId))?.kind === "milk")) {
      expect(r.recommendation).not.toBe("strong");
      expect(r.reason).toContain(`${OTHER_KIND_PREFIX} iogurte → leite`);
    }
  });

  it("a Greek yoghurt on 'Iogurtes/Cremosos Gregos' gets a yoghurt of the 'Proteína' shelf before any milk", () => {
    const { first } = rankOn("dairy-mimosa", "IOGURTE GREGO MIMOSA BATIDO DOCE DE LEITE 4X110G");
    expect(kindFromName(first)?.kind).toBe("yogurt");
  });
});

describe("noise in the tree", () => {
  const dairy = (name: string) => {
    const t = tile("dairy-mimosa", name);
    return { name: t.name, category: t.categoryPath };
  };

  it("a promotion path is not another kind, nor a shelf", () => {
    const promoted = dairy("LEITE + PROTEÍNA MIMOSA CARAMELO SALGADO 3 X 250 ML");
    expect(promoted.category).toMatch(/^Campanhas\//);
    const plain = dairy("LEITE + PROTEÍNA MIMOSA CARAMELO SALGADO 250 ML");
    expect(kindDifference(plain, promoted)).toBeUndefined();
    expect(
      kindDifference(
        { name: "produto", category: plain.category },
        { name: "x", category: promoted.category },
      ),
    ).toBeUndefined();
    expect(shelfCloseness(plain, promoted)).toBe(0);
  });

  it("a mirror tree (Biológicos e Alternativas) is not another kind for an organic oil", () => {
    const mirror = tile("azeite", "AZEITE HERDADE DO ESPORÃO BIOLÓGICO 0.5L");
    const original = tile("azeite", "AZEITE AUCHAN BIO VIRGEM EXTRA 500ML");
    expect(mirror.categoryPath).toMatch(/^Biológicos e Alternativas\//);
    // Even where a name is silent about its kind, the mirror path does not part it from the oil shelf.
    expect(
      kindDifference(
        { name: "auchan bio virgem extra", category: original.categoryPath },
        {
          name: "herdade do esporão biológico",
          category: mirror.categoryPath,
        },
      ),
    ).toBeUndefined();
  });

  it("a condiment on the plain 'Azeite' shelf is still a condiment", () => {
    const condiment = tile("azeite", "CONDIMENTO AZEITE GALLO VIRGEM EXTRA LIMÃO 250ML");
    const plain = tile("azeite", "AZEITE POLEGAR 750ML");
    expect(condiment.categoryPath).toBe(plain.categoryPath);
    expect(
      kindDifference(
        { name: plain.name, category: plain.categoryPath },
        { name: condiment.name, category: condiment.categoryPath },
      ),
    ).toMatchObject({ by: "name", from: "azeite", to: "condimento" });
    const { rankings, nameOf, first } = rankOn("azeite", condiment.name);
    expect(kindFromName(first)?.kind).toBe("condiment");
    for (const r of rankings.filter((r) => kindFromName(nameOf(r.productId))?.kind === "olive_oil")) {
      expect(r.recommendation).not.toBe("strong");
    }
    const forPlain = rankOn("azeite", plain.name);
    expect(kindFromName(forPlain.first)?.kind).toBe("olive_oil");
    const condiments = forPlain.rankings.filter(
      (r) => kindFromName(forPlain.nameOf(r.productId))?.kind === "condiment",
    );
    expect(condiments.length).toBeGreaterThanOrEqual(3);
    for (const r of condiments) expect(r.recommendation).not.toBe("strong");
  });

  it("names read after repairing the store's mis-encodings (CÃLCIO, PROTEÃNA)", () => {
    expect(readAttributes(tile("dairy-mimosa", "LEITE MIMOSA UHT MEIO GORDO CÃLCIO 1L").name).claim).toEqual([
      "calcium",
    ]);
    expect(readAttributes("LEITE PROTEÃ\u008dNA 1L").claim).toEqual(["protein"]);
  });
});
