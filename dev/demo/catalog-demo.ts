import { DEMO_TENANT } from "./demo-tenant";

/**
 * The catalog chat's demo catalog (seed 004): categories named in Russian and English, and products built
 * from real brands and model lines, every model in a few configurations, half named in Russian and half in
 * English. Deterministic: the same products on every start, so loading twice replaces them with themselves.
 */
interface CategorySpec {
  id: string;
  names: string[];
  ru: string;
  en: string;
  /** Brand → model lines with their base price in rubles. */
  models: Record<string, [string, number][]>;
  variants: [string, number][];
}

const CATEGORIES: CategorySpec[] = [
  {
    id: "laptops",
    names: ["ноутбуки", "ноутбук", "laptops", "laptop", "notebooks"],
    ru: "Ноутбук",
    en: "laptop",
    models: {
      Apple: [
        ["MacBook Air 13", 109_990],
        ["MacBook Air 15", 139_990],
        ["MacBook Pro 14", 199_990],
      ],
      Asus: [
        ["VivoBook 15", 54_990],
        ["ZenBook 14", 89_990],
        ["ROG Strix G16", 149_990],
      ],
      Lenovo: [
        ["IdeaPad Slim 5", 64_990],
        ["ThinkPad E14", 84_990],
        ["Legion 5", 129_990],
      ],
      HP: [
        ["Pavilion 15", 59_990],
        ["EliteBook 840", 119_990],
      ],
      Acer: [
        ["Aspire 5", 45_990],
        ["Swift Go 14", 74_990],
      ],
    },
    variants: [
      ["8/256 ГБ", 1],
      ["16/512 ГБ", 1.25],
      ["32/1024 ГБ", 1.6],
    ],
  },
  {
    id: "phones",
    names: ["телефоны", "телефон", "смартфоны", "смартфон", "phones", "smartphones", "mobile phones"],
    ru: "Смартфон",
    en: "smartphone",
    models: {
      Samsung: [
        ["Galaxy A15", 14_990],
        ["Galaxy A55", 39_990],
        ["Galaxy S24", 79_990],
        ["Galaxy Z Flip6", 109_990],
      ],
      Apple: [
        ["iPhone 15", 79_990],
        ["iPhone 16 Pro", 129_990],
      ],
      Xiaomi: [
        ["Redmi Note 13", 19_990],
        ["Xiaomi 14T", 54_990],
      ],
      Google: [
        ["Pixel 8a", 44_990],
        ["Pixel 9", 74_990],
      ],
    },
    variants: [
      ["128 ГБ", 1],
      ["256 ГБ", 1.15],
      ["512 ГБ", 1.4],
    ],
  },
  {
    id: "tablets",
    names: ["планшеты", "планшет", "tablets", "tablet"],
    ru: "Планшет",
    en: "tablet",
    models: {
      Apple: [
        ["iPad 10.9", 44_990],
        ["iPad Air 11", 69_990],
        ["iPad Pro 13", 149_990],
      ],
      Samsung: [
        ["Galaxy Tab S9 FE", 39_990],
        ["Galaxy Tab S10+", 99_990],
      ],
      Lenovo: [["Tab P12", 32_990]],
      Xiaomi: [["Pad 6", 29_990]],
    },
    variants: [
      ["64 ГБ Wi-Fi", 1],
      ["128 ГБ Wi-Fi", 1.15],
      ["256 ГБ LTE", 1.4],
    ],
  },
  {
    id: "headphones",
    names: ["наушники", "headphones", "earbuds", "earphones"],
    ru: "Наушники",
    en: "headphones",
    models: {
      Sony: [
        ["WH-1000XM5", 34_990],
        ["WF-1000XM5", 27_990],
        ["WH-CH720N", 11_990],
      ],
      Apple: [
        ["AirPods 4", 15_990],
        ["AirPods Pro 2", 24_990],
        ["AirPods Max", 59_990],
      ],
      JBL: [
        ["Tune 770NC", 8_990],
        ["Live Pro 2", 12_990],
      ],
      Sennheiser: [["Momentum 4", 32_990]],
    },
    variants: [
      ["чёрные", 1],
      ["белые", 1],
      ["синие", 1.05],
    ],
  },
  {
    id: "sneakers",
    names: ["кроссовки", "кеды", "sneakers", "shoes", "running shoes", "trainers"],
    ru: "Кроссовки",
    en: "sneakers",
    models: {
      Nike: [
        ["Air Max 90", 14_990],
        ["Air Zoom Pegasus 41", 12_990],
        ["Air Force 1", 10_990],
      ],
      Adidas: [
        ["Ultraboost 22", 16_990],
        ["Samba OG", 11_990],
      ],
      "New Balance": [
        ["574", 9_990],
        ["990v6", 24_990],
      ],
      Puma: [["Suede Classic", 7_990]],
    },
    variants: [
      ["размер 41", 1],
      ["размер 43", 1],
      ["размер 45", 1.05],
    ],
  },
  {
    id: "smartwatches",
    names: ["умные часы", "часы", "смарт-часы", "smartwatches", "smart watches", "watches"],
    ru: "Умные часы",
    en: "smartwatch",
    models: {
      Apple: [
        ["Watch Series 10", 44_990],
        ["Watch Ultra 2", 89_990],
      ],
      Samsung: [["Galaxy Watch7", 27_990]],
      Garmin: [
        ["Forerunner 265", 44_990],
        ["Fenix 8", 99_990],
      ],
      Huawei: [["Watch GT 5", 21_990]],
    },
    variants: [
      ["41 мм", 1],
      ["45 мм", 1.08],
      ["45 мм LTE", 1.25],
    ],
  },
  {
    id: "tvs",
    names: ["телевизоры", "телевизор", "tvs", "tv", "televisions"],
    ru: "Телевизор",
    en: "TV",
    models: {
      Samsung: [
        ["Crystal UHD 55", 49_990],
        ["QLED Q80D 65", 119_990],
      ],
      LG: [
        ["OLED C4 55", 139_990],
        ["NanoCell 50", 44_990],
      ],
      Sony: [["Bravia 7 65", 159_990]],
      Xiaomi: [["TV A Pro 43", 29_990]],
    },
    variants: [
      ["2024", 1],
      ["2025", 1.1],
    ],
  },
];

/** Every configuration in two colours. */
const COLOURS: [string, string][] = [
  ["чёрный", "black"],
  ["серебристый", "silver"],
];

/** A small deterministic hash, for ratings and stock that look varied but never change between starts. */
const hash = (text: string): number => {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619) >>> 0;
  return h;
};

export interface DemoProduct {
  id: string;
  name: string;
  category: string;
  brand: string;
  price: number;
  currency: string;
  rating: number;
  stock_quantity: number;
  attributes: Record<string, unknown>;
}

export const demoCatalog = (): { categories: { id: string; names: string[] }[]; products: DemoProduct[] } => {
  const products: DemoProduct[] = [];
  for (const category of CATEGORIES) {
    for (const [brand, lines] of Object.entries(category.models)) {
      for (const [model, rubles] of lines) {
        for (const [colourRu, colourEn] of COLOURS) {
          category.variants.forEach(([variant, factor], v) => {
            const id = `${category.id}-${brand}-${model}-${v}-${colourEn}`
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, "-");
            const h = hash(id);
            const russian = (products.length + v) % 2 === 0;
            products.push({
              id,
              name: russian
                ? `${category.ru} ${brand} ${model}, ${variant}, ${colourRu}`
                : `${brand} ${model} ${category.en} (${variant}, ${colourEn})`,
              category: category.id,
              brand,
              // Whole rubles less one kopeck on some, so filters see prices just under a round cap.
              price: Math.round(rubles * factor) * 100 - (h % 3 === 0 ? 1 : 0),
              currency: "RUB",
              rating: Math.round((3.5 + (h % 16) / 10) * 10) / 10,
              stock_quantity: h % 7 === 0 ? 0 : h % 40,
              attributes: { variant, colour: colourEn },
            });
          });
        }
      }
    }
  }
  return { categories: CATEGORIES.map(({ id, names }) => ({ id, names })), products };
};

const send = async (apiUrl: string, method: string, path: string, body: unknown): Promise<void> => {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer dev:${DEMO_TENANT}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`Demo catalog: ${method} ${path} answered ${response.status}: ${await response.text()}`);
};

/** Loads the demo catalog through the running API, as a client would (categories first, then products). */
export const loadCatalogDemo = async (apiUrl: string): Promise<{ categories: number; products: number }> => {
  const { categories, products } = demoCatalog();
  for (const category of categories) {
    await send(apiUrl, "PUT", `/catalog/categories/${category.id}`, { names: category.names });
  }
  for (let i = 0; i < products.length; i += 500) {
    await send(apiUrl, "POST", "/catalog/products", { products: products.slice(i, i + 500) });
  }
  return { categories: categories.length, products: products.length };
};
