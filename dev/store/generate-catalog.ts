/**
 * One-off generator of the simulated store's catalog data: expands catalog-product-lines.ts and
 * catalog-categories.ts into catalog/products.json, categories.json and brands.json. Deterministic
 * (ids and GTINs are hashes of the names), so re-running it yields the same files.
 *
 *   npx tsx dev/store/generate-catalog.ts
 */
import { writeFileSync } from "node:fs";
import { CATALOG_DIR, type CatalogBrand, type CatalogCategory, type CatalogProduct } from "./catalog";
import { CATALOG_CATEGORIES } from "./catalog-categories";
import { PRODUCT_LINES, type UnitDimension } from "./catalog-product-lines";

const stripAccents = (text: string): string => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
const slugify = (text: string): string =>
  stripAccents(text.toLowerCase())
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const gtmSegment = (label: string): string => label.toLowerCase().replace(/,/g, "").replace(/\s+/g, "-");

/** FNV-1a: a stable hash so ids survive reordering of the source lines. */
const hash = (text: string, seed = 0x811c9dc5): number => {
  let value = seed;
  for (const char of text) {
    value ^= char.codePointAt(0) ?? 0;
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
};

const ean13CheckDigit = (twelveDigits: string): number => {
  const sum = [...twelveDigits].reduce(
    (total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3),
    0,
  );
  return (10 - (sum % 10)) % 10;
};

/** The generator's own reading of its size texts (independent of the store tools' parser). */
const UNIT_FACTORS: Record<string, [UnitDimension, number]> = {
  kg: ["kg", 1],
  g: ["kg", 0.001],
  l: ["l", 1],
  ml: ["l", 0.001],
  cl: ["l", 0.01],
  unid: ["un", 1],
  un: ["un", 1],
  doses: ["dose", 1],
  rolos: ["un", 1],
  saquetas: ["un", 1],
  pastilhas: ["un", 1],
  fraldas: ["un", 1],
  toalhitas: ["un", 1],
};

const quantityIn = (size: string, per: UnitDimension): number => {
  if (per === "un" && /meia dúzia/.test(size)) return 6;
  if (per === "un" && /dúzia/.test(size)) return 12;
  for (const match of size.matchAll(/(?:(\d+)x)?(\d+(?:[.,]\d+)?)\s*([a-zú]+)/g)) {
    const [, count = "1", amount = "", unit = ""] = match;
    const factor = UNIT_FACTORS[unit];
    if (factor && factor[0] === per) return Number(count) * Number(amount.replace(",", ".")) * factor[1];
  }
  throw new Error(`Size "${size}" has no quantity in ${per}`);
};

const UNIT_LABELS: Record<UnitDimension, string> = { kg: "Kg", l: "Lt", un: "un", dose: "Dose" };

const STORE_BRAND_LINES: Record<string, CatalogBrand["line"]> = {
  AUCHAN: "core",
  "AUCHAN MMM!": "core",
  COSMIA: "core",
  QILIVE: "core",
  ACTUEL: "core",
  POLEGAR: "first-price",
  "AUCHAN ESSENCIAL": "first-price",
  "AUCHAN GOURMET": "premium",
  "AUCHAN COLLECTION": "premium",
  "DOP AUCHAN": "premium",
  "AUCHAN BIO": "organic",
  "COSMIA BIO": "organic",
};
const PREMIUM_BRANDS = new Set([
  "HÄAGEN-DAZS",
  "SENSODYNE",
  "PURINA ONE",
  "OATLY",
  "ELLE & VIRE",
  "CASA MATIAS",
  "QUEIJARIA GUILHERME",
  "PAPA FIGOS",
  "NESPRESSO",
  "DR. OETKER",
]);

const categories: CatalogCategory[] = Object.entries(CATALOG_CATEGORIES).map(([id, labels]) => ({
  id,
  labels,
  slugs: labels.map(slugify),
  gtmPath: labels.map(gtmSegment).join("/"),
}));

const products: CatalogProduct[] = [];
const usedIds = new Set<string>();
const usedNames = new Set<string>();
for (const line of PRODUCT_LINES) {
  if (!(line.category in CATALOG_CATEGORIES)) throw new Error(`Unknown category ${line.category}`);
  for (const [brand, size, priceCents, options = {}] of line.variants) {
    const name = (options.name ?? line.name.replace("{b}", (brand ?? "").toLowerCase()).replace("{s}", size))
      .replace(/\s+/g, " ")
      .trim();
    if (usedNames.has(name)) throw new Error(`Duplicate product name ${name}`);
    usedNames.add(name);
    let productId = options.pid ?? String(2_000_000 + (hash(name) % 7_000_000));
    while (usedIds.has(productId)) productId = String(Number(productId) + 1);
    usedIds.add(productId);
    const per = line.byWeight ? "kg" : (options.per ?? line.per);
    const unitCents = line.byWeight ? priceCents : priceCents / quantityIn(size, per);
    const labelCents = options.staleUnitPrice ? unitCents * 0.9 : unitCents;
    const gtinBody = `560${String(hash(name, 0x12345678) % 1_000_000_000).padStart(9, "0")}`;
    const brandNote = brand ? ` da marca ${brand}` : "";
    products.push({
      productId,
      name,
      slug: slugify(name),
      brand,
      size: line.byWeight ? null : size,
      categoryId: line.category,
      priceCents,
      wasPriceCents: options.was ?? null,
      unitPriceLabel: `${(labelCents / 100).toFixed(2)} €/${UNIT_LABELS[per]}`,
      soldByWeight: line.byWeight !== undefined,
      minimumGrams: line.byWeight?.minimumGrams ?? null,
      stepKg: line.byWeight?.stepKg ?? null,
      available: options.out !== true,
      labels: options.labels ?? line.labels ?? [],
      gtin: `${gtinBody}${ean13CheckDigit(gtinBody)}`,
      description: line.byWeight
        ? `${name.replace(/ kg$/, "")}${brandNote}. Vendido ao peso: o preço indicado é por kg.`
        : `${name}${brandNote}.`,
    });
  }
}

const brands: CatalogBrand[] = [
  ...new Set(products.map((p) => p.brand).filter((b): b is string => b !== null)),
]
  .sort()
  .map((brand) => {
    const line = STORE_BRAND_LINES[brand] ?? null;
    return { brand, tier: line ? "store" : PREMIUM_BRANDS.has(brand) ? "premium" : "national", line };
  });

/** One record per line: readable diffs when a product changes. */
const write = (file: string, records: unknown[]): void => {
  writeFileSync(new URL(file, CATALOG_DIR), `[\n${records.map((r) => JSON.stringify(r)).join(",\n")}\n]\n`);
};
write("categories.json", categories);
write("products.json", products);
write("brands.json", brands);
console.log(
  `${products.length} products (${products.filter((p) => !p.available).length} unavailable, ` +
    `${products.filter((p) => p.wasPriceCents !== null).length} on promotion, ` +
    `${products.filter((p) => p.soldByWeight).length} sold by weight) in ${categories.length} categories, ` +
    `${brands.length} brands`,
);
