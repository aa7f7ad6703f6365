import { parsePackSize } from "../packs/parse-pack-size";
import { kilogramsForStep } from "../packs/substitute-quantity";

/** A plan ingredient's amount as the cook area's shopping list gives it. */
export interface PlanAmount {
  /** Total in `unit`; null for lines without an amount ("salt to taste"). */
  quantity: number | null;
  /** "g", "kg", "ml", "l", a unit id ("tablespoon", "clove", "can"), or null for a plain count. */
  unit: string | null;
  /**
   * Whether `unit` is a container ("can", "jar"): counted as packs. The cook area knows its unit ids, so
   * its adapter says so (shop's domain never reads cook's unit tables).
   */
  containerUnit?: boolean;
}

export interface PackCount {
  /**
   * Packs (or units, for a product sold by the unit) to put in the cart: at least 1; for a product sold by
   * weight, the kilograms (fractional, to the store's step).
   */
  packs: number;
  /** How the number was reached, in Portuguese, for the cart line's reason. */
  explanation: string;
}

/** The store takes at most this many of a line (add-to-cart's own limit). */
export const MAX_PACKS = 99;

/** Metric units the shopping list writes, to the pack sizes' base units (kg, l). */
const METRIC: Readonly<Record<string, { per: "kg" | "l"; factor: number }>> = {
  g: { per: "kg", factor: 0.001 },
  kg: { per: "kg", factor: 1 },
  ml: { per: "l", factor: 0.001 },
  cl: { per: "l", factor: 0.01 },
  l: { per: "l", factor: 1 },
};

/** Units that count whole items ("2 heads of lettuce"): read like a plain count. */
const COUNT_UNITS = new Set(["piece", "head", "bulb", "whole", "unit", "item"]);

/** A name with a bare "kg" ("tomate chucha kg", not "cenoura 1kg"): the store sells it by weight. */
const SOLD_BY_WEIGHT_NAME = /(?<![\d.,]\s*)\bkg\b/i;
const PRICED_PER_KG = /€\s*\/\s*kg/i;

/** Sold by weight: the store says so, or a name with a bare "kg" / a price per kg and no pack size. */
const soldByWeight = (
  product: { name: string; pricePerUnit?: string; soldByWeight?: boolean },
  noPackSize: boolean,
): boolean =>
  product.soldByWeight ??
  (noPackSize && (SOLD_BY_WEIGHT_NAME.test(product.name) || PRICED_PER_KG.test(product.pricePerUnit ?? "")));

const formatNumber = (value: number): string =>
  Number(value.toFixed(3)).toLocaleString("pt-PT", { maximumFractionDigits: 3 });

const packsWord = (packs: number): string => (packs === 1 ? "1 embalagem" : `${packs} embalagens`);

/** Rounded up, never below 1, never above the store's limit; float noise (0.8 / 0.4) is not a pack more. */
const whole = (value: number): number =>
  Math.min(MAX_PACKS, Math.max(1, Math.ceil(Number(value.toFixed(6)))));

/**
 * How many of the chosen product to add for a plan amount: a weight or volume divided by the product's pack
 * size and rounded up (800 g of chickpeas in 400 g tins → 2); a plain count (or a count unit: "2 heads")
 * is that many only for a product sold by the piece (3 avocados → 3) or in packs of units (6 eggs in a
 * 12-egg box → 1); a count never becomes kilos: for a product sold by weight ("salmão posta kg", or
 * priced per kg with no size) or in weight/volume packs ("cenoura 1kg") it is 1 pack, and the explanation
 * says the count could not be converted. A container unit ("2 cans") is that many packs. When the pack
 * size cannot be read, or the amount is in a unit with no conversion (a cup, a clove), 1 pack, and the
 * explanation says why.
 */
export const packsForAmount = (
  amount: PlanAmount,
  product: {
    name: string;
    size?: string;
    pricePerUnit?: string;
    soldByWeight?: boolean;
    quantityStepKg?: number;
    minimumQuantityKg?: number;
  },
): PackCount => {
  const { quantity, unit } = amount;
  if (quantity === null || !(quantity > 0)) {
    return { packs: 1, explanation: "quantidade não indicada no plano: 1 embalagem" };
  }
  const pack = parsePackSize(product.size ?? "") ?? parsePackSize(product.name);
  const written = `${formatNumber(quantity)}${unit === null ? "" : ` ${unit}`}`;
  if (unit === null || COUNT_UNITS.has(unit.toLowerCase())) {
    const perPack = pack?.totals.un;
    if (perPack === undefined) {
      const soldByWeight =
        pack === null &&
        (SOLD_BY_WEIGHT_NAME.test(product.name) || PRICED_PER_KG.test(product.pricePerUnit ?? ""));
      if (pack !== null || soldByWeight) {
        const how = pack !== null ? `embalagens de ${pack.text}` : "produto vendido ao peso";
        return {
          packs: 1,
          explanation: `${written} unidades não se convertem em ${how} (${product.name}): 1 embalagem`,
        };
      }
      const packs = whole(quantity);
      return { packs, explanation: `${written} unidades → ${packs}` };
    }
    const packs = whole(quantity / perPack);
    return {
      packs,
      explanation: `${written} unidades em embalagens de ${formatNumber(perPack)} → ${packsWord(packs)}`,
    };
  }
  const lowerUnit = unit.toLowerCase();
  if (amount.containerUnit) {
    const packs = whole(quantity);
    return { packs, explanation: `${packsWord(packs)}, como no plano` };
  }
  const metric = METRIC[lowerUnit];
  if (metric === undefined) {
    // The unit id is English ("tablespoon"); the reason already shows the plan's own text of the amount.
    return { packs: 1, explanation: "a quantidade não se converte em embalagens: 1 embalagem" };
  }
  const perPack = pack?.totals[metric.per];
  if (perPack === undefined && metric.per === "kg" && soldByWeight(product, pack === null)) {
    // The store takes fractional kilograms for these (bananas at 1,5): the amount needed, to its step.
    // The page's minimum ("Quant. Mínima = 250g") and step: never less than the store sells.
    const needed = kilogramsForStep(quantity * metric.factor, product.quantityStepKg);
    const minimum =
      product.minimumQuantityKg === undefined
        ? undefined
        : kilogramsForStep(product.minimumQuantityKg, product.quantityStepKg);
    if (minimum !== undefined && minimum > needed) {
      return {
        packs: minimum,
        explanation: `${written} ao peso → ${formatNumber(minimum)} kg, o mínimo que a loja vende`,
      };
    }
    return { packs: needed, explanation: `${written} ao peso → ${formatNumber(needed)} kg` };
  }
  if (perPack === undefined) {
    return {
      packs: 1,
      explanation: `${written}; tamanho da embalagem desconhecido (${product.name}): 1 embalagem`,
    };
  }
  const packs = whole((quantity * metric.factor) / perPack);
  const packText = pack?.text ?? "";
  return {
    packs,
    explanation: `${written} em embalagens de ${packText} → ${packsWord(packs)}`,
  };
};
