/**
 * The simulated store's products, as product lines with brand/size/price variants: the generator's
 * input (`npx tsx dev/store/generate-catalog.ts` expands it into catalog/products.json). Names follow
 * Auchan.pt tiles (lower case, brand inside the name, size at the end). Prices in cents, January 2026
 * levels. `{b}` is the brand as written in names, `{s}` the size.
 */
export type UnitDimension = "kg" | "l" | "un" | "dose";

export interface VariantOptions {
  /** Struck-through price: the variant is on promotion at its price. */
  was?: number;
  /** "Indisponível online". */
  out?: boolean;
  labels?: string[];
  /** A full name when the template does not fit. */
  name?: string;
  /** A fixed product id (the STORE.md example keeps its real id). */
  pid?: string;
  /** The site's unit-price label is stale (10 % off): the tools must flag it. */
  staleUnitPrice?: boolean;
  /** The unit-price dimension when it differs from the line's (a 430ml jar in a per-kg line). */
  per?: UnitDimension;
}

export type Variant = [brand: string | null, size: string, priceCents: number, options?: VariantOptions];

export interface ProductLine {
  category: string;
  name: string;
  /** The dimension of the site's unit price for this line (€/Kg, €/Lt, €/un, €/Dose). */
  per: UnitDimension;
  /** Sold by weight: the price is per kg, the quantity selector steps in kg. */
  byWeight?: { minimumGrams: number; stepKg: number };
  labels?: string[];
  variants: Variant[];
}

const PT = ["Produto Nacional"];
const out = { out: true } as const;
const promo = (was: number): VariantOptions => ({ was });

export const PRODUCT_LINES: ProductLine[] = [
  // Leite
  {
    category: "leite-uht",
    name: "leite {b} uht meio gordo {s}",
    per: "l",
    labels: PT,
    variants: [
      ["AUCHAN", "1l", 86, { name: "leite auchan uht meio gordo slim 1l", pid: "3010403" }],
      ["AUCHAN", "6x1l", 504],
      ["POLEGAR", "1l", 79],
      ["MIMOSA", "1l", 109],
      ["MIMOSA", "6x1l", 642, promo(714)],
      ["AGROS", "1l", 105],
      ["GRESSO", "1l", 99],
      ["PARMALAT", "1l", 115],
    ],
  },
  {
    category: "leite-uht",
    name: "leite {b} uht magro {s}",
    per: "l",
    labels: PT,
    variants: [
      ["AUCHAN", "1l", 84],
      ["AUCHAN ESSENCIAL", "6x1l", 474],
      ["MIMOSA", "1l", 107],
      ["AGROS", "1l", 103],
    ],
  },
  {
    category: "leite-uht",
    name: "leite {b} uht gordo {s}",
    per: "l",
    labels: PT,
    variants: [
      ["AUCHAN", "1l", 92],
      ["MIMOSA", "1l", 115],
      ["AGROS", "1,5l", 165],
    ],
  },
  {
    category: "leite-uht",
    name: "leite {b} sem lactose meio gordo {s}",
    per: "l",
    variants: [
      ["AUCHAN", "1l", 109],
      ["MIMOSA", "1l", 135, out],
      ["AGROS", "1l", 129],
      ["PARMALAT", "1l", 139],
    ],
  },
  {
    category: "leite-uht",
    name: "bebida láctea achocolatada {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN", "6x200ml", 249],
      ["UCAL", "6x250ml", 399],
      ["MIMOSA", "1l", 179],
    ],
  },
  {
    category: "leite-uht",
    name: "bebida de aveia {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN BIO", "1l", 179],
      ["ALPRO", "1l", 249],
      ["OATLY", "1l", 279, promo(319)],
    ],
  },
  // Iogurtes
  {
    category: "iogurtes",
    name: "iogurte natural {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "4x125g", 99],
      ["POLEGAR", "8x125g", 159],
      ["DANONE", "4x120g", 169],
      ["MIMOSA", "4x120g", 149],
      ["AUCHAN BIO", "2x125g", 139],
    ],
  },
  {
    category: "iogurtes",
    name: "iogurte grego natural {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "4x115g", 169, out],
      ["OIKOS", "4x110g", 259],
      ["AUCHAN", "1kg", 369],
      ["DANONE", "4x115g", 239],
    ],
  },
  {
    category: "iogurtes",
    name: "iogurte aromas morango {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "8x125g", 159],
      ["DANONE", "4x120g", 149],
      ["LONGA VIDA", "8x120g", 219, promo(259)],
    ],
  },
  {
    category: "iogurtes",
    name: "iogurte líquido morango {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN", "6x170ml", 239],
      ["MIMOSA", "4x170ml", 219],
      ["ACTIMEL", "6x100g", 349, { name: "leite fermentado actimel morango 6x100g", per: "kg" }],
    ],
  },
  {
    category: "iogurtes",
    name: "iogurte bifidus natural {b} {s}",
    per: "kg",
    variants: [
      ["ACTIVIA", "4x120g", 219],
      ["AUCHAN", "4x120g", 139],
    ],
  },
  // Manteigas e natas
  {
    category: "manteigas",
    name: "manteiga {b} com sal {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "250g", 249],
      ["MIMOSA", "250g", 329],
      ["PRÉSIDENT", "250g", 359],
      ["POLEGAR", "250g", 219],
      ["MATINAL", "250g", 339, promo(389)],
    ],
  },
  {
    category: "manteigas",
    name: "manteiga {b} sem sal {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "250g", 249],
      ["MIMOSA", "250g", 329],
    ],
  },
  {
    category: "manteigas",
    name: "creme vegetal para barrar {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "500g", 189],
      ["BECEL", "450g", 329],
      ["PLANTA", "450g", 279],
      ["VAQUEIRO", "450g", 259],
    ],
  },
  {
    category: "natas",
    name: "natas para culinária {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN", "200ml", 69],
      ["AUCHAN", "3x200ml", 199],
      ["MIMOSA", "200ml", 99],
      ["PARMALAT", "200ml", 109],
      ["ELLE & VIRE", "1l", 549],
    ],
  },
  {
    category: "natas",
    name: "natas para bater {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN", "200ml", 99],
      ["MIMOSA", "200ml", 139, out],
    ],
  },
  // Queijos
  {
    category: "queijo-fatiado",
    name: "queijo flamengo fatiado {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "200g", 229],
      ["AUCHAN ESSENCIAL", "500g", 479],
      ["LIMIANO", "200g", 299],
      ["TERRA NOSTRA", "160g", 279, promo(319)],
      ["POLEGAR", "200g", 199],
    ],
  },
  {
    category: "queijo-fatiado",
    name: "queijo flamengo light fatiado {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "200g", 249],
      ["LIMIANO", "150g", 269],
      ["FLOR DE ALMA", "200g", 289],
    ],
  },
  {
    category: "queijo-fatiado",
    name: "queijo da ilha fatiado {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "150g", 239],
      ["SÃO JORGE", "200g", 389, out],
    ],
  },
  {
    category: "queijos-curados",
    name: "queijo curado de ovelha {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["DOP AUCHAN", "250g", 599, { name: "queijo serpa dop auchan 250g" }],
      ["AUCHAN GOURMET", "200g", 549],
      ["SERRALEITE", "300g", 649],
    ],
  },
  {
    category: "queijos-curados",
    name: "queijo amanteigado serra da estrela {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["DOP AUCHAN", "500g", 1599],
      ["CASA MATIAS", "400g", 1499],
    ],
  },
  {
    category: "queijos-curados",
    name: "queijo ralado {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "100g", 119],
      ["AUCHAN GOURMET", "100g", 299, { name: "queijo parmigiano reggiano ralado auchan gourmet 100g" }],
      ["LIMIANO", "150g", 229],
    ],
  },
  {
    category: "requeijao",
    name: "requeijão de ovelha {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      [
        "AUCHAN",
        "200g",
        349,
        { out: true, name: "requeijão de ovelha auchan à mesa em portugal cultivamos o bom seia 200g" },
      ],
      ["CASA MATIAS", "250g", 449, { name: "requeijão de ovelha serra da estrela casa matias 250g" }],
      ["QUEIJARIA GUILHERME", "200g", 389],
      ["AUCHAN GOURMET", "180g", 399],
      ["SERRALEITE", "200g", 299, { name: "requeijão de ovelha e cabra serraleite 200g" }],
    ],
  },
  {
    category: "requeijao",
    name: "requeijão de vaca {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "250g", 219],
      ["LACTICÍNIOS DO PAIVA", "250g", 249],
      ["POLEGAR", "200g", 149, { name: "requeijão polegar 200g" }],
      ["LACTICÍNIOS DO PAIVA", "200g", 229, { name: "requeijão light lacticínios do paiva 200g" }],
    ],
  },
  {
    category: "requeijao",
    name: "queijo fresco {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "200g", 229, { name: "queijo fresco de ovelha auchan 200g" }],
      ["AUCHAN", "250g", 169, { name: "queijo fresco magro auchan 250g" }],
      ["LACTICÍNIOS DO PAIVA", "500g", 299, { name: "queijo fresco de vaca lacticínios do paiva 500g" }],
      ["SERRALEITE", "180g", 259, { name: "queijo fresco de cabra e ovelha serraleite 180g" }],
      ["TIGUINHO", "4x65g", 229, { name: "queijo fresco tiguinho 4x65g" }],
    ],
  },
  // Ovos
  {
    category: "ovos",
    name: "ovos de galinha criados no solo classe m {b} {s}",
    per: "un",
    labels: PT,
    variants: [
      ["AUCHAN", "12 unid", 299],
      ["AUCHAN", "6 unid", 159],
      ["POLEGAR", "dúzia", 269, { name: "ovos classe m polegar dúzia" }],
      ["MATINAL", "12 unid", 339],
    ],
  },
  {
    category: "ovos",
    name: "ovos de galinha ao ar livre classe l {b} {s}",
    per: "un",
    labels: PT,
    variants: [
      ["AUCHAN", "10 unid", 349],
      ["AUCHAN BIO", "6 unid", 299, { name: "ovos biológicos classe m auchan bio 6 unid" }],
      ["QUINTA DA FONTE", "meia dúzia", 229, { name: "ovos caseiros quinta da fonte meia dúzia" }],
    ],
  },
  // Charcutaria
  {
    category: "fiambre",
    name: "fiambre da pá {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "200g", 199, { out: true, name: "fiambre da pá auchan fatias 200g" }],
      ["POLEGAR", "200g", 149, { name: "fiambre da pá fatiado polegar 200g" }],
      ["NOBRE", "200g", 249, { was: 289, name: "fiambre da pá fatiado nobre 200g" }],
      ["PRIMOR", "180g", 259, { name: "fiambre da pá extra fatiado primor 180g" }],
      ["AUCHAN ESSENCIAL", "400g", 299, { name: "fiambre da pá auchan essencial fatiado 400g" }],
    ],
  },
  {
    category: "fiambre",
    name: "fiambre de perna extra fatiado {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "200g", 269],
      ["NOBRE", "150g", 279],
      ["PRIMOR", "2x100g", 329],
    ],
  },
  {
    category: "fiambre",
    name: "fiambre de peru fatiado {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "150g", 189],
      ["NOBRE", "150g", 229],
      ["CAMPOFRIO", "120g", 239, promo(279)],
    ],
  },
  {
    category: "fiambre",
    name: "fiambre de frango fatiado {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "150g", 179],
      ["NOBRE", "150g", 219],
    ],
  },
  {
    category: "enchidos",
    name: "chouriço de carne {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "250g", 299],
      ["IBÉRICO", "200g", 329],
      ["PRIMOR", "220g", 289],
    ],
  },
  {
    category: "enchidos",
    name: "salsichas tipo frankfurt {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "8 unid 200g", 99],
      ["NOBRE", "10 unid 400g", 249],
      ["POLEGAR", "8 unid 200g", 79],
      ["TRIUNFO", "10 unid 350g", 219],
    ],
  },
  {
    category: "enchidos",
    name: "salsichas de peru {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "8 unid 200g", 129],
      ["NOBRE", "8 unid 250g", 229],
    ],
  },
  {
    category: "presunto",
    name: "presunto fatiado {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "100g", 229],
      ["AUCHAN GOURMET", "80g", 349, { name: "presunto de chaves fatiado auchan gourmet 80g" }],
      ["PRIMOR", "100g", 279],
      ["CAMPOFRIO", "80g", 299],
    ],
  },
  {
    category: "presunto",
    name: "paio do lombo fatiado {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "80g", 219],
      ["PRIMOR", "80g", 259],
    ],
  },
  // Talho
  {
    category: "aves",
    name: "frango inteiro {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 1000, stepKg: 0.5 },
    labels: PT,
    variants: [
      ["AUCHAN", "kg", 319],
      ["AUCHAN", "kg", 449, { name: "frango do campo auchan kg" }],
    ],
  },
  {
    category: "aves",
    name: "peito de frango {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 250, stepKg: 0.25 },
    labels: PT,
    variants: [
      ["AUCHAN", "kg", 699],
      ["AUCHAN", "kg", 799, { name: "bifes de peito de frango auchan kg", was: 899 }],
      ["LUSIAVES", "kg", 749, { name: "peito de frango lusiaves kg" }],
    ],
  },
  {
    category: "aves",
    name: "coxas de frango {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 500, stepKg: 0.25 },
    variants: [
      ["AUCHAN", "kg", 349],
      ["LUSIAVES", "kg", 379],
    ],
  },
  {
    category: "aves",
    name: "bifes de peru {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 250, stepKg: 0.25 },
    variants: [
      ["AUCHAN", "kg", 849],
      ["AUCHAN", "kg", 649, { name: "peru picado auchan kg" }],
    ],
  },
  {
    category: "carne",
    name: "carne picada de novilho {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 250, stepKg: 0.25 },
    variants: [
      ["AUCHAN", "kg", 999],
      ["AUCHAN", "kg", 749, { name: "carne picada mista porco e novilho auchan kg" }],
    ],
  },
  {
    category: "carne",
    name: "lombo de porco {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 500, stepKg: 0.25 },
    labels: PT,
    variants: [
      ["AUCHAN", "kg", 599],
      ["AUCHAN", "kg", 489, { name: "entrecosto de porco auchan kg" }],
      ["AUCHAN", "kg", 549, { name: "febras de porco auchan kg", was: 649 }],
      ["AUCHAN", "kg", 1199, { name: "secretos de porco preto auchan gourmet kg" }],
    ],
  },
  {
    category: "carne",
    name: "bife da vazia de novilho {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 250, stepKg: 0.25 },
    variants: [
      ["AUCHAN", "kg", 2199],
      ["AUCHAN", "kg", 1299, { name: "carne de novilho para estufar auchan kg" }],
    ],
  },
  // Peixaria
  {
    category: "peixe-fresco",
    name: "dourada fresca {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 300, stepKg: 0.1 },
    variants: [
      [null, "kg", 899, { name: "dourada fresca de aquacultura kg" }],
      [null, "kg", 1099, { name: "robalo fresco de aquacultura kg" }],
      [null, "kg", 599, { name: "carapau fresco kg", labels: PT }],
      [null, "kg", 1499, { name: "pescada fresca nacional kg", labels: PT, out: true }],
      [null, "kg", 1299, { name: "salmão fresco posta kg" }],
      [null, "kg", 699, { name: "sardinha fresca kg", labels: PT }],
    ],
  },
  {
    category: "bacalhau",
    name: "bacalhau graúdo {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 500, stepKg: 0.5 },
    variants: [
      ["AUCHAN", "kg", 1299],
      ["AUCHAN", "kg", 1599, { name: "bacalhau especial auchan kg" }],
      ["RIBERALVES", "kg", 1499, { name: "bacalhau crescido riberalves kg" }],
    ],
  },
  {
    category: "bacalhau",
    name: "bacalhau desfiado demolhado ultracongelado {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "400g", 549],
      ["RIBERALVES", "500g", 749],
      ["POLEGAR", "1kg", 1199],
    ],
  },
  {
    category: "bacalhau",
    name: "postas de bacalhau demolhado ultracongelado {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "800g", 1199],
      ["RIBERALVES", "1kg", 1699, promo(1899)],
      ["PESCANOVA", "600g", 999],
    ],
  },
  // Congelados
  {
    category: "legumes-congelados",
    name: "batata doce {b} cubos congelada {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "400g", 169, { out: true, name: "batata doce auchan em cubos para cozer 400g" }],
      ["AUCHAN", "450g", 229, { name: "batata doce auchan rodelas congelada 450g" }],
      ["IGLO", "400g", 299, { name: "batata doce em cubos congelada iglo 400g" }],
      ["AUCHAN BIO", "300g", 349],
      ["POLEGAR", "1kg", 349],
      ["ARDO", "750g", 379, { name: "batata doce em cubos congelada ardo 750g" }],
      ["AUCHAN", "1kg", 399],
      ["BONDUELLE", "450g", 319, { was: 369, name: "batata doce em cubos congelada bonduelle 450g" }],
    ],
  },
  {
    category: "legumes-congelados",
    name: "mistura de legumes congelados {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "1kg", 189],
      ["POLEGAR", "1kg", 149],
      ["IGLO", "750g", 279, { name: "legumes congelados em cubos para sopa iglo 750g" }],
      ["AUCHAN", "750g", 199, { name: "legumes congelados em cubos auchan 750g" }],
      ["BONDUELLE", "600g", 299],
    ],
  },
  {
    category: "legumes-congelados",
    name: "ervilhas congeladas {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "1kg", 219],
      ["IGLO", "750g", 299],
      ["POLEGAR", "1kg", 179],
    ],
  },
  {
    category: "legumes-congelados",
    name: "brócolos congelados {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "750g", 229],
      ["IGLO", "600g", 289],
      ["AUCHAN BIO", "450g", 299],
    ],
  },
  {
    category: "legumes-congelados",
    name: "espinafres congelados em porções {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "750g", 189],
      ["IGLO", "450g", 229],
    ],
  },
  {
    category: "batatas-congeladas",
    name: "batata frita congelada palitos {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "1kg", 199],
      ["POLEGAR", "2,5kg", 399],
      ["MCCAIN", "1kg", 329],
      ["MCCAIN", "600g", 389, { name: "batata doce frita congelada mccain 600g" }],
      ["AUCHAN", "750g", 249, { name: "batata frita congelada pála-pála auchan 750g" }],
    ],
  },
  {
    category: "peixe-congelado",
    name: "filetes de pescada congelados {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "400g", 399],
      ["PESCANOVA", "400g", 549],
      ["POLEGAR", "1kg", 799],
    ],
  },
  {
    category: "peixe-congelado",
    name: "douradinhos de peixe {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "450g", 279],
      ["IGLO", "450g", 399, promo(459)],
      ["AUCHAN", "900g", 499],
    ],
  },
  {
    category: "peixe-congelado",
    name: "camarão cozido congelado {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "400g", 549],
      ["PESCANOVA", "300g", 599],
      ["AUCHAN", "1kg", 1299],
    ],
  },
  {
    category: "pizzas",
    name: "pizza fiambre e queijo {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "400g", 249],
      ["DR. OETKER", "340g", 379, { name: "pizza ristorante prosciutto dr. oetker 340g" }],
      ["POLEGAR", "3x300g", 499],
    ],
  },
  {
    category: "pizzas",
    name: "pizza 4 queijos {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "400g", 269],
      ["DR. OETKER", "340g", 379],
      ["BUITONI", "380g", 399, out],
    ],
  },
  {
    category: "gelados",
    name: "gelado de nata {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN", "1l", 249],
      ["OLÁ", "900ml", 499],
      ["AUCHAN", "2l", 399],
    ],
  },
  {
    category: "gelados",
    name: "gelado de chocolate {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN", "1l", 249],
      ["OLÁ", "900ml", 499, promo(599)],
      ["HÄAGEN-DAZS", "460ml", 699, out],
    ],
  },
  {
    category: "gelados",
    name: "gelado cone baunilha {b} {s}",
    per: "un",
    variants: [
      ["AUCHAN", "6 unid", 329],
      ["OLÁ", "4 unid", 449, { name: "gelado cornetto clássico olá 4 unid" }],
    ],
  },
  // Fruta e legumes
  {
    category: "fruta",
    name: "banana {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 500, stepKg: 0.25 },
    variants: [
      [null, "kg", 129, { name: "banana importada kg" }],
      ["AUCHAN", "kg", 199, { name: "banana da madeira auchan cultivamos o bom kg", labels: PT }],
      ["AUCHAN BIO", "kg", 249, { name: "banana biológica auchan bio kg" }],
    ],
  },
  {
    category: "fruta",
    name: "maçã {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 500, stepKg: 0.25 },
    labels: PT,
    variants: [
      ["AUCHAN", "kg", 149, { name: "maçã gala auchan cultivamos o bom kg" }],
      ["AUCHAN", "kg", 169, { name: "maçã fuji auchan cultivamos o bom kg" }],
      [null, "kg", 189, { name: "maçã de alcobaça igp kg" }],
      [null, "kg", 179, { name: "maçã reineta kg" }],
    ],
  },
  {
    category: "fruta",
    name: "laranja {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 1000, stepKg: 0.5 },
    labels: PT,
    variants: [
      [null, "kg", 119, { name: "laranja do algarve kg" }],
      ["AUCHAN", "kg", 99, { name: "laranja para sumo auchan cultivamos o bom kg" }],
    ],
  },
  {
    category: "fruta",
    name: "pêra rocha do oeste {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 500, stepKg: 0.25 },
    labels: PT,
    variants: [
      ["AUCHAN", "kg", 169, { name: "pêra rocha do oeste auchan cultivamos o bom kg" }],
      [null, "kg", 149, { name: "pêra rocha do oeste dop kg" }],
    ],
  },
  {
    category: "fruta",
    name: "fruta embalada {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "500g", 349, { name: "mirtilos auchan 500g" }],
      ["AUCHAN", "250g", 249, { name: "morangos auchan 250g", was: 299 }],
      ["AUCHAN", "1kg", 229, { name: "tangerinas auchan cultivamos o bom 1kg" }],
      [null, "1kg", 299, { name: "kiwi verde 1kg" }],
      ["AUCHAN", "500g", 199, { name: "uvas brancas sem grainha auchan 500g" }],
    ],
  },
  {
    category: "legumes",
    name: "batata {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 1000, stepKg: 0.5 },
    labels: PT,
    variants: [
      [null, "kg", 149, { name: "batata doce kg" }],
      ["AUCHAN", "kg", 179, { name: "batata doce auchan cultivamos o bom kg" }],
      [null, "kg", 99, { name: "batata branca kg" }],
      [null, "kg", 119, { name: "batata vermelha kg" }],
      [null, "kg", 89, { name: "cebola kg" }],
    ],
  },
  {
    category: "legumes",
    name: "legumes frescos {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "3kg", 299, { name: "batata branca auchan 3kg" }],
      ["POLEGAR", "5kg", 379, { name: "batata branca polegar 5kg" }],
      ["AUCHAN", "1,5kg", 249, { name: "batata doce auchan cultivamos o bom 1,5kg" }],
      ["AUCHAN", "1kg", 129, { name: "cebola auchan 1kg" }],
      ["AUCHAN", "1kg", 149, { name: "cenoura auchan 1kg" }],
      ["AUCHAN", "500g", 129, { name: "tomate cherry auchan 500g" }],
      ["AUCHAN BIO", "500g", 199, { name: "cenoura biológica auchan bio 500g" }],
    ],
  },
  {
    category: "legumes",
    name: "legume {b} {s}",
    per: "kg",
    byWeight: { minimumGrams: 250, stepKg: 0.25 },
    variants: [
      [null, "kg", 199, { name: "tomate chucha kg", labels: PT }],
      [null, "kg", 229, { name: "courgette kg" }],
      [null, "kg", 249, { name: "pimento vermelho kg" }],
      [null, "kg", 179, { name: "couve coração kg", labels: PT }],
      [null, "kg", 169, { name: "abóbora manteiga kg", labels: PT }],
    ],
  },
  {
    category: "saladas",
    name: "salada {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "200g", 129, { name: "alface iceberg auchan 200g" }],
      ["AUCHAN", "250g", 169, { name: "salada mista auchan 250g" }],
      ["VITACRESS", "125g", 189, { name: "rúcula vitacress 125g" }],
      ["VITACRESS", "150g", 179, { name: "mistura de alfaces vitacress 150g" }],
      ["AUCHAN", "400g", 149, { name: "sopa de legumes cortados auchan 400g" }],
    ],
  },
  // Padaria
  {
    category: "pao",
    name: "pão de forma {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "600g", 139],
      ["POLEGAR", "500g", 99],
      ["BIMBO", "450g", 229],
      ["PANRICO", "460g", 219, promo(249)],
    ],
  },
  {
    category: "pao",
    name: "pão de forma integral {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "600g", 159],
      ["BIMBO", "450g", 239],
      ["AUCHAN BIO", "400g", 249],
    ],
  },
  {
    category: "pao",
    name: "pão {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "4 unid 300g", 149, { name: "pão de hambúrguer auchan 4 unid 300g" }],
      ["AUCHAN", "6 unid 330g", 169, { name: "pão de cachorro auchan 6 unid 330g" }],
      ["BIMBO", "6 unid 330g", 219, { name: "pão de leite bimbo 6 unid 330g" }],
      ["AUCHAN", "400g", 119, { name: "pão de mistura fatiado auchan 400g" }],
    ],
  },
  {
    category: "tostas",
    name: "tostas {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "250g", 129, { name: "tostas integrais auchan 250g" }],
      ["BIMBO", "270g", 219, { name: "tostas originais bimbo 270g" }],
      ["CRICH", "250g", 199, { name: "tostas crich 250g" }],
      ["AUCHAN", "400g", 179, { name: "pão ralado auchan 400g" }],
    ],
  },
  // Mercearia
  {
    category: "arroz",
    name: "arroz carolino {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "1kg", 139],
      ["CIGALA", "1kg", 219],
      ["CAÇAROLA", "1kg", 199],
      ["BOM SUCESSO", "1kg", 189],
      ["POLEGAR", "1kg", 119],
    ],
  },
  {
    category: "arroz",
    name: "arroz agulha {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "1kg", 129],
      ["CIGALA", "1kg", 199],
      ["SAIGON", "1kg", 209],
      ["AUCHAN ESSENCIAL", "5kg", 549],
    ],
  },
  {
    category: "arroz",
    name: "arroz basmati {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "1kg", 249],
      ["CIGALA", "500g", 189],
      ["TIO BEN'S", "500g", 289, { name: "arroz basmati tio ben's 500g" }],
    ],
  },
  {
    category: "arroz",
    name: "arroz integral {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "1kg", 169],
      ["AUCHAN BIO", "500g", 199],
    ],
  },
  {
    category: "massa",
    name: "esparguete {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "500g", 69],
      ["MILANEZA", "500g", 119],
      ["NACIONAL", "500g", 109],
      ["BARILLA", "500g", 169, promo(199)],
      ["POLEGAR", "1kg", 109],
    ],
  },
  {
    category: "massa",
    name: "massa meada {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "500g", 79],
      ["MILANEZA", "500g", 129],
      ["NACIONAL", "500g", 119],
    ],
  },
  {
    category: "massa",
    name: "massa espirais {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "500g", 69],
      ["BARILLA", "500g", 169],
      ["MILANEZA", "500g", 119],
      ["AUCHAN BIO", "500g", 149],
    ],
  },
  {
    category: "massa",
    name: "massa cotovelinhos {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "500g", 69],
      ["NACIONAL", "500g", 109],
    ],
  },
  {
    category: "massa",
    name: "lasanha {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "500g", 149],
      ["BARILLA", "500g", 259],
    ],
  },
  {
    category: "farinha-acucar",
    name: "farinha de trigo tipo 65 {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "1kg", 79],
      ["NACIONAL", "1kg", 119],
      ["BRANCA DE NEVE", "1kg", 115],
    ],
  },
  {
    category: "farinha-acucar",
    name: "farinha com fermento {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "1kg", 99],
      ["NACIONAL", "1kg", 139],
    ],
  },
  {
    category: "farinha-acucar",
    name: "açúcar branco {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "1kg", 109],
      ["RAR", "1kg", 139],
      ["SIDUL", "1kg", 135],
      ["POLEGAR", "1kg", 99],
    ],
  },
  {
    category: "farinha-acucar",
    name: "açúcar amarelo {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "1kg", 149],
      ["RAR", "1kg", 179],
    ],
  },
  {
    category: "farinha-acucar",
    name: "sal marinho {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "1kg", 39],
      ["VATEL", "1kg", 79],
      ["AUCHAN GOURMET", "250g", 249, { name: "flor de sal auchan gourmet 250g" }],
    ],
  },
  {
    category: "azeite",
    name: "azeite virgem extra {b} {s}",
    per: "l",
    labels: PT,
    variants: [
      ["AUCHAN", "750ml", 549],
      ["AUCHAN", "3 l", 1999],
      ["GALLO", "750ml", 799],
      ["OLIVEIRA DA SERRA", "750ml", 789, promo(899)],
      ["ANDORINHA", "750ml", 749],
      [
        "AUCHAN GOURMET",
        "500ml",
        699,
        { name: "azeite virgem extra dop trás-os-montes auchan gourmet 500ml" },
      ],
      ["POLEGAR", "1l", 649],
    ],
  },
  {
    category: "azeite",
    name: "azeite {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN", "1l", 599, { name: "azeite clássico auchan 1l" }],
      ["GALLO", "1l", 849, { name: "azeite clássico gallo 1l" }],
    ],
  },
  {
    category: "oleo",
    name: "óleo alimentar {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN", "1l", 179],
      ["FULA", "1l", 259],
      ["VAQUEIRO", "1l", 249],
      ["POLEGAR", "1l", 159],
    ],
  },
  {
    category: "oleo",
    name: "óleo de girassol {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN", "1l", 189],
      ["FULA", "1l", 279],
      ["AUCHAN", "3 l", 499],
    ],
  },
  {
    category: "oleo",
    name: "vinagre de vinho {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN", "750ml", 79],
      ["CALDAS", "750ml", 139],
      ["AUCHAN GOURMET", "250ml", 299, { name: "vinagre balsâmico de modena auchan gourmet 250ml" }],
    ],
  },
  {
    category: "conservas-peixe",
    name: "atum em óleo vegetal {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "3x80g", 299],
      ["BOM PETISCO", "3x85g", 429],
      ["RAMIREZ", "120g", 249],
      ["POLEGAR", "3x80g", 249],
      ["TENÓRIO", "3x80g", 349],
    ],
  },
  {
    category: "conservas-peixe",
    name: "atum em azeite {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "120g", 189],
      ["BOM PETISCO", "120g", 229],
      ["RAMIREZ", "3x85g", 499, promo(579)],
      ["AUCHAN GOURMET", "120g", 349, { name: "atum em azeite virgem extra auchan gourmet 120g" }],
    ],
  },
  {
    category: "conservas-peixe",
    name: "sardinhas em óleo vegetal {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "120g", 99],
      ["RAMIREZ", "125g", 169],
      ["TRICANA", "120g", 149],
      ["NURI", "125g", 299, { name: "sardinhas em azeite picante nuri 125g" }],
    ],
  },
  {
    category: "conservas-peixe",
    name: "cavala em azeite {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "120g", 149],
      ["RAMIREZ", "125g", 199],
    ],
  },
  {
    category: "leguminosas",
    name: "feijão {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "845g", 99, { name: "feijão vermelho cozido auchan 845g" }],
      ["COMPAL", "845g", 179, { name: "feijão vermelho cozido compal 845g" }],
      ["AUCHAN", "845g", 99, { name: "feijão manteiga cozido auchan 845g" }],
      ["AUCHAN", "845g", 109, { name: "feijão frade cozido auchan 845g" }],
      ["COMPAL", "410g", 109, { name: "feijão frade cozido compal 410g" }],
      ["POLEGAR", "400g", 55, { name: "feijão preto cozido polegar 400g" }],
    ],
  },
  {
    category: "leguminosas",
    name: "grão de bico cozido {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "845g", 109],
      ["COMPAL", "845g", 189],
      ["POLEGAR", "400g", 59],
      ["AUCHAN BIO", "400g", 139],
    ],
  },
  {
    category: "leguminosas",
    name: "grão de bico seco {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "1kg", 229],
      ["CIGALA", "1kg", 279],
    ],
  },
  {
    category: "leguminosas",
    name: "lentilhas {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "500g", 139, { name: "lentilhas secas auchan 500g" }],
      ["CIGALA", "500g", 169, { name: "lentilhas secas cigala 500g" }],
      ["AUCHAN", "400g", 99, { name: "lentilhas cozidas auchan 400g" }],
    ],
  },
  {
    category: "molhos",
    name: "polpa de tomate {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "500g", 59],
      ["GULOSO", "500g", 99, { name: "polpa de tomate guloso 500g" }],
      ["COMPAL", "500g", 109],
    ],
  },
  {
    category: "molhos",
    name: "ketchup {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "560g", 149],
      ["HEINZ", "570g", 299, promo(339)],
      ["GULOSO", "560g", 199],
    ],
  },
  {
    category: "molhos",
    name: "maionese {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "450g", 159],
      ["HELLMANN'S", "430ml", 299, { name: "maionese hellmann's 430ml", per: "l" }],
      ["CALVÉ", "450g", 279],
    ],
  },
  {
    category: "molhos",
    name: "tempero {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "200g", 149, { name: "massa de pimentão auchan 200g" }],
      ["MARGÃO", "200g", 199, { name: "massa de pimentão margão 200g" }],
      ["KNORR", "10 unid 100g", 199, { name: "caldo de galinha knorr 10 unid 100g" }],
      ["AUCHAN", "12 unid 120g", 119, { name: "caldo de legumes auchan 12 unid 120g" }],
    ],
  },
  // Pequeno-almoço
  {
    category: "cereais",
    name: "cereais {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "500g", 199, { name: "flocos de milho auchan 500g" }],
      ["KELLOGG'S", "500g", 349, { name: "corn flakes kellogg's 500g" }],
      ["NESTLÉ", "375g", 349, { name: "cereais chocapic nestlé 375g" }],
      ["AUCHAN", "375g", 199, { name: "cereais de chocolate auchan 375g" }],
      ["NESTLÉ", "625g", 429, { name: "cereais fitness nestlé 625g", was: 499 }],
      ["AUCHAN", "500g", 229, { name: "muesli de frutas auchan 500g" }],
      ["AUCHAN BIO", "500g", 199, { name: "flocos de aveia auchan bio 500g" }],
      ["QUAKER", "500g", 249, { name: "flocos de aveia quaker 500g" }],
    ],
  },
  {
    category: "cafe",
    name: "café moído {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "250g", 279],
      ["DELTA", "250g", 429],
      ["SICAL", "250g", 399],
      ["NICOLA", "250g", 389, promo(439)],
    ],
  },
  {
    category: "cafe",
    name: "café em grão {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "1kg", 1299],
      ["DELTA", "1kg", 1899, out],
    ],
  },
  {
    category: "cafe",
    name: "cápsulas de café {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "10un 52g", 199, { name: "cápsulas de café intenso auchan compatíveis nespresso 10un 52g" }],
      ["DELTA Q", "10un 55g", 329, { name: "cápsulas de café delta q qalidus 10un 55g" }],
      ["AUCHAN", "40un 208g", 749, { name: "cápsulas de café lungo auchan compatíveis nespresso 40un 208g" }],
      ["NESCAFÉ", "16un 128g", 569, { name: "cápsulas dolce gusto espresso nescafé 16un 128g" }],
    ],
  },
  {
    category: "cafe",
    name: "café solúvel {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "200g", 399],
      ["NESCAFÉ", "200g", 749],
      ["BICAFÉ", "200g", 299, { name: "mistura de cevada solúvel bicafé 200g" }],
    ],
  },
  {
    category: "cha",
    name: "chá {b} {s}",
    per: "un",
    variants: [
      ["AUCHAN", "25 saquetas", 99, { name: "chá verde auchan 25 saquetas" }],
      ["TETLEY", "25 saquetas", 249, { name: "chá preto tetley 25 saquetas" }],
      ["LIPTON", "20 saquetas", 229, { name: "chá yellow label lipton 20 saquetas" }],
      ["GORREANA", "20 saquetas", 299, { name: "chá preto gorreana açores 20 saquetas", labels: PT }],
      ["AUCHAN", "20 saquetas", 119, { name: "infusão de camomila auchan 20 saquetas" }],
      ["AUCHAN BIO", "20 saquetas", 179, { name: "infusão de tília auchan bio 20 saquetas" }],
    ],
  },
  {
    category: "bolachas",
    name: "bolacha maria {b} {s}",
    per: "kg",
    labels: PT,
    variants: [
      ["AUCHAN", "800g", 199, { name: "bolacha maria auchan 4x200g" }],
      ["VIEIRA", "200g", 99],
      ["CUÉTARA", "800g", 279],
      ["POLEGAR", "800g", 159],
    ],
  },
  {
    category: "bolachas",
    name: "bolacha {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "200g", 89, { name: "bolacha de água e sal auchan 200g" }],
      ["CUÉTARA", "200g", 139, { name: "bolacha de água e sal cuétara 200g" }],
      ["AUCHAN", "300g", 149, { name: "bolacha digestive auchan 300g" }],
      ["MCVITIE'S", "400g", 269, { name: "bolacha digestive mcvitie's 400g" }],
      ["OREO", "154g", 149, { name: "bolacha oreo original 154g" }],
      ["AUCHAN", "500g", 199, { name: "bolacha de chocolate auchan 500g", out: true }],
      ["FILIPINOS", "135g", 169, { name: "bolacha filipinos chocolate 135g" }],
    ],
  },
  {
    category: "compotas",
    name: "doce de {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "400g", 179, { name: "doce de morango auchan 400g" }],
      ["MONTE DA QUINTA", "280g", 249, { name: "doce de morango monte da quinta 280g" }],
      ["AUCHAN", "400g", 179, { name: "doce de pêssego auchan 400g" }],
      ["AUCHAN GOURMET", "250g", 279, { name: "doce de abóbora com noz auchan gourmet 250g" }],
      ["AUCHAN", "500g", 399, { name: "mel multifloral auchan 500g" }],
      ["SERRA DA LOUSÃ", "500g", 749, { name: "mel da serra da lousã dop 500g", labels: PT }],
      ["NUTELLA", "400g", 399, { name: "creme de avelã nutella 400g", was: 459 }],
      ["AUCHAN", "400g", 229, { name: "creme de avelã com cacau auchan 400g" }],
    ],
  },
  // Bebidas
  {
    category: "aguas",
    name: "água mineral natural {b} {s}",
    per: "l",
    labels: PT,
    variants: [
      ["AUCHAN", "1,5l", 25],
      ["AUCHAN", "6x1,5l", 149],
      ["LUSO", "1,5l", 49],
      ["LUSO", "6x1,5l", 279, promo(299)],
      ["VITALIS", "6x1,5l", 249],
      ["CALDAS DE PENACOVA", "5l", 99],
      ["AUCHAN", "5l", 79],
      ["LUSO", "12x33cl", 349],
    ],
  },
  {
    category: "aguas-gas",
    name: "água com gás {b} {s}",
    per: "l",
    labels: PT,
    variants: [
      ["PEDRAS", "25cl", 79, { name: "água com gás pedras salgadas 25cl" }],
      ["PEDRAS", "6x25cl", 399, { name: "água com gás pedras salgadas 6x25cl" }],
      ["AUCHAN", "1l", 49],
      ["VIDAGO", "6x25cl", 349],
      ["FASTIO", "6x33cl", 329, { name: "água com gás fastio limão 6x33cl" }],
    ],
  },
  {
    category: "sumos",
    name: "sumo de laranja {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN", "1l", 119, { name: "sumo de laranja 100% auchan 1l" }],
      ["COMPAL", "1l", 199, { name: "néctar de laranja compal clássico 1l", staleUnitPrice: true }],
      ["COMPAL", "4x200ml", 249, { name: "néctar de laranja compal clássico 4x200ml" }],
      ["AUCHAN", "4x200ml", 149, { name: "néctar de laranja auchan 4x200ml" }],
      ["SUMOL", "1l", 179, { name: "sumo de laranja sumol 1l" }],
    ],
  },
  {
    category: "sumos",
    name: "néctar {b} {s}",
    per: "l",
    variants: [
      ["COMPAL", "1l", 199, { name: "néctar de pêra rocha compal clássico 1l", labels: PT }],
      ["AUCHAN", "1l", 109, { name: "néctar de pêssego auchan 1l" }],
      ["COMPAL", "1l", 219, { name: "néctar de manga compal 1l" }],
      ["UM BONGO", "1l", 189, { name: "sumo um bongo 8 frutos 1l" }],
      ["AUCHAN", "1l", 119, { name: "sumo multifrutos auchan 1l" }],
    ],
  },
  {
    category: "refrigerantes",
    name: "refrigerante {b} {s}",
    per: "l",
    variants: [
      ["COCA-COLA", "1,5l", 219, { name: "refrigerante coca-cola original 1,5l" }],
      ["COCA-COLA", "6x33cl", 469, { name: "refrigerante coca-cola original 6x33cl", was: 529 }],
      ["COCA-COLA", "1,5l", 219, { name: "refrigerante coca-cola zero 1,5l" }],
      ["AUCHAN", "1,5l", 89, { name: "refrigerante de cola auchan 1,5l" }],
      ["AUCHAN", "1,5l", 89, { name: "refrigerante de cola zero auchan 1,5l" }],
      ["SUMOL", "1,5l", 199, { name: "refrigerante sumol laranja 1,5l", labels: PT }],
      ["SUMOL", "6x33cl", 429, { name: "refrigerante sumol ananás 6x33cl", labels: PT }],
      ["AUCHAN", "1,5l", 79, { name: "refrigerante de laranja com gás auchan 1,5l" }],
      ["7UP", "1,5l", 199, { name: "refrigerante 7up 1,5l" }],
      ["FANTA", "1,5l", 199, { name: "refrigerante fanta laranja 1,5l" }],
      ["LIPTON", "1,5l", 179, { name: "ice tea limão lipton 1,5l" }],
      ["AUCHAN", "1,5l", 89, { name: "ice tea limão auchan 1,5l" }],
    ],
  },
  {
    category: "cervejas",
    name: "cerveja {b} {s}",
    per: "l",
    labels: PT,
    variants: [
      ["SUPER BOCK", "6x0.33l", 499, { name: "cerveja super bock original 6x0.33l" }],
      ["SUPER BOCK", "6x0.50l", 679, { name: "cerveja super bock original 6x0.50l" }],
      ["SAGRES", "6x33cl", 479, { name: "cerveja sagres 6x33cl", was: 549 }],
      ["SAGRES", "24x25cl", 1199, { name: "cerveja sagres 24x25cl" }],
      ["CRISTAL", "6x33cl", 399, { name: "cerveja cristal 6x33cl" }],
      ["AUCHAN", "6x33cl", 279, { name: "cerveja lager auchan 6x33cl", labels: [] }],
      ["HEINEKEN", "6x33cl", 629, { name: "cerveja heineken 6x33cl", labels: [] }],
      ["SUPER BOCK", "6x33cl", 549, { name: "cerveja sem álcool super bock 6x33cl" }],
    ],
  },
  {
    category: "vinhos",
    name: "vinho {b} {s}",
    per: "l",
    labels: PT,
    variants: [
      ["GAZELA", "75cl", 399, { name: "vinho verde gazela 75cl" }],
      ["CASAL GARCIA", "75cl", 449, { name: "vinho verde casal garcia 75cl" }],
      ["PAPA FIGOS", "75cl", 799, { name: "vinho tinto douro papa figos 75cl" }],
      ["MATEUS", "75cl", 549, { name: "vinho rosé mateus 75cl" }],
      ["AUCHAN", "75cl", 299, { name: "vinho tinto alentejo auchan 75cl" }],
      ["AUCHAN COLLECTION", "75cl", 599, { name: "vinho tinto douro reserva auchan collection 75cl" }],
      ["AUCHAN", "3 l", 699, { name: "vinho tinto de mesa auchan 3 l" }],
      ["PORCA DE MURÇA", "75cl", 699, { name: "vinho tinto douro porca de murça 75cl", out: true }],
      ["MONTE VELHO", "75cl", 549, { name: "vinho tinto alentejo monte velho 75cl", was: 649 }],
    ],
  },
  // Limpeza
  {
    category: "detergente-roupa",
    name: "detergente líquido para roupa {b} {s}",
    per: "dose",
    variants: [
      ["AUCHAN", "40 doses", 699],
      ["SKIP", "40 doses", 1399, promo(1699)],
      ["XAU", "50 doses", 899],
      ["PERSIL", "40 doses", 1299],
      ["POLEGAR", "30 doses", 399],
      ["SKIP", "20 doses", 799, { name: "detergente em cápsulas para roupa skip 20 doses" }],
      ["AUCHAN", "30 doses", 599, { name: "detergente em cápsulas para roupa auchan 30 doses" }],
    ],
  },
  {
    category: "detergente-roupa",
    name: "amaciador de roupa {b} {s}",
    per: "dose",
    variants: [
      ["AUCHAN", "80 doses", 299],
      ["SOFLAN", "72 doses", 549],
      ["COMFORT", "60 doses", 599],
    ],
  },
  {
    category: "detergente-loica",
    name: "detergente loiça manual {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN", "1l", 129],
      ["FAIRY", "780ml", 299],
      ["POLEGAR", "1,5l", 149],
      ["SONASOL", "1l", 229],
    ],
  },
  {
    category: "detergente-loica",
    name: "pastilhas máquina loiça {b} {s}",
    per: "un",
    variants: [
      ["AUCHAN", "40 pastilhas", 599],
      ["FINISH", "36 pastilhas", 1199, promo(1399)],
      ["FAIRY", "30 pastilhas", 999],
    ],
  },
  {
    category: "lixivia",
    name: "lixívia {b} {s}",
    per: "l",
    labels: PT,
    variants: [
      ["AUCHAN", "2l", 99],
      ["NEOBLANC", "2l", 169],
      ["POLEGAR", "4l", 159],
      ["CONFORTO", "2l", 149],
    ],
  },
  {
    category: "lixivia",
    name: "limpa tudo {b} {s}",
    per: "l",
    variants: [
      ["AUCHAN", "1,5l", 139, { name: "detergente limpa tudo auchan 1,5l" }],
      ["AJAX", "1,25l", 249, { name: "detergente limpa tudo ajax 1,25l" }],
      ["SONASOL", "1,5l", 299, { name: "detergente limpa tudo sonasol 1,5l" }],
    ],
  },
  {
    category: "papel",
    name: "papel higiénico {b} {s}",
    per: "un",
    variants: [
      ["AUCHAN", "12 rolos", 379],
      ["RENOVA", "12 rolos", 549],
      ["POLEGAR", "12 rolos", 279],
      ["RENOVA", "24 rolos", 999, promo(1149)],
      ["FOFO", "12 rolos", 449],
    ],
  },
  {
    category: "papel",
    name: "rolo de cozinha {b} {s}",
    per: "un",
    variants: [
      ["AUCHAN", "4 rolos", 279],
      ["RENOVA", "3 rolos", 329],
      ["POLEGAR", "2 rolos", 119],
    ],
  },
  {
    category: "papel",
    name: "guardanapos {b} {s}",
    per: "un",
    variants: [
      ["AUCHAN", "2x25un", 99, { name: "guardanapos de papel 2 folhas auchan 2x25un" }],
      ["RENOVA", "100un", 199],
    ],
  },
  // Higiene
  {
    category: "banho",
    name: "gel de banho {b} {s}",
    per: "l",
    variants: [
      ["COSMIA", "750ml", 199],
      ["DOVE", "720ml", 499, promo(599)],
      ["NIVEA", "750ml", 449],
      ["COSMIA BIO", "250ml", 349],
      ["PALMOLIVE", "750ml", 349],
    ],
  },
  {
    category: "banho",
    name: "sabonete líquido {b} {s}",
    per: "l",
    variants: [
      ["COSMIA", "500ml", 129],
      ["DOVE", "250ml", 299],
    ],
  },
  {
    category: "cabelo",
    name: "champô {b} {s}",
    per: "l",
    variants: [
      ["COSMIA", "400ml", 189],
      ["PANTENE", "360ml", 449, out],
      ["ELVIVE", "400ml", 499, promo(579)],
      ["H&S", "400ml", 549, { name: "champô anticaspa h&s 400ml" }],
      ["COSMIA", "400ml", 219, { name: "amaciador cosmia 400ml" }],
    ],
  },
  {
    category: "higiene-oral",
    name: "pasta de dentes {b} {s}",
    per: "l",
    variants: [
      ["COSMIA", "75ml", 99],
      ["COLGATE", "75ml", 249],
      ["SENSODYNE", "75ml", 549],
      ["COLGATE", "3x75ml", 599, { name: "pasta de dentes colgate total 3x75ml" }],
      ["AQUAFRESH", "75ml", 229],
    ],
  },
  {
    category: "higiene-oral",
    name: "escova de dentes {b} {s}",
    per: "un",
    variants: [
      ["COSMIA", "2 unid", 199],
      ["COLGATE", "2 unid", 399],
      ["ORAL-B", "1 unid", 349],
    ],
  },
  // Bebé
  {
    category: "fraldas",
    name: "fraldas {b} {s}",
    per: "un",
    variants: [
      ["AUCHAN", "tamanho 4 44 fraldas", 999, { name: "fraldas auchan baby tamanho 4 44 fraldas" }],
      ["DODOT", "tamanho 4 50 fraldas", 1799, { name: "fraldas dodot sensitive tamanho 4 50 fraldas" }],
      [
        "HUGGIES",
        "tamanho 4 44 fraldas",
        1599,
        { name: "fraldas huggies ultra comfort tamanho 4 44 fraldas" },
      ],
      ["AUCHAN", "tamanho 3 52 fraldas", 999, { name: "fraldas auchan baby tamanho 3 52 fraldas" }],
      [
        "DODOT",
        "tamanho 3 58 fraldas",
        1799,
        { name: "fraldas dodot sensitive tamanho 3 58 fraldas", was: 1999 },
      ],
      ["AUCHAN", "80 toalhitas", 149, { name: "toalhitas bebé auchan baby 80 toalhitas" }],
      ["DODOT", "64 toalhitas", 299, { name: "toalhitas bebé dodot 64 toalhitas" }],
    ],
  },
  {
    category: "papas",
    name: "papa {b} {s}",
    per: "kg",
    variants: [
      ["NESTLÉ", "250g", 399, { name: "papa cerelac 8 cereais nestlé 250g" }],
      ["AUCHAN", "300g", 279, { name: "papa multicereais auchan baby 300g" }],
      ["BLÉDINE", "400g", 449, { name: "papa blédine cereais com mel 400g" }],
      ["NESTLÉ", "2x90g", 219, { name: "boião de fruta maçã e banana nestlé 2x90g" }],
      ["AUCHAN", "4x100g", 229, { name: "boião de fruta auchan baby 4x100g" }],
    ],
  },
  // Animais
  {
    category: "racao-cao",
    name: "ração para cão adulto {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "4kg", 799],
      ["PEDIGREE", "4kg", 1399],
      ["PURINA ONE", "3kg", 1899, promo(2199)],
      ["POLEGAR", "10kg", 1299],
      ["DOG CHOW", "3kg", 1199],
    ],
  },
  {
    category: "racao-cao",
    name: "comida húmida para cão {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "4x100g", 199, { name: "comida húmida para cão auchan 4x100g" }],
      ["PEDIGREE", "4x100g", 299],
    ],
  },
  {
    category: "racao-gato",
    name: "ração para gato adulto {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "2kg", 549],
      ["WHISKAS", "1,9kg", 999],
      ["FRISKIES", "1,5kg", 649],
      ["PURINA ONE", "1,5kg", 1149, out],
    ],
  },
  {
    category: "racao-gato",
    name: "comida húmida para gato {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "12x85g", 449],
      ["WHISKAS", "12x85g", 699, promo(799)],
      ["FELIX", "12x85g", 649],
    ],
  },
  {
    category: "racao-gato",
    name: "areia para gato {b} {s}",
    per: "kg",
    variants: [
      ["AUCHAN", "5kg", 299, { name: "areia aglomerante para gato auchan 5kg" }],
      ["CATSAN", "5l", 699, { name: "areia higiénica para gato catsan 5l", per: "l" }],
    ],
  },
];
