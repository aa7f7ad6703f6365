import { parsePackSize } from "./parse-pack-size";

/** A product as the quantity rule reads it: its name, pack size and unit price label. */
export interface QuantityProduct {
  name: string;
  size?: string;
  pricePerUnit?: string;
  /** Set by the store when it says so (cart page, product tile); else read from name and unit price. */
  soldByWeight?: boolean;
  /** The store's input step for products sold by weight, in kg (Auchan.pt: 0.1 kg unless it says). */
  quantityStepKg?: number;
}

export interface SubstituteQuantity {
  /** What to put in the cart: packs (whole), or kilograms for a product sold by weight. */
  quantity: number;
  /** How the quantity covers the original's amount, in pt-PT (the decision's reason). */
  explanation: string;
}

/** Auchan.pt's weight input moves in tenths of a kilo unless a product says otherwise. */
export const DEFAULT_WEIGHT_STEP_KG = 0.1;

const PRICED_PER_KG = /€\s*\/\s*kg/i;

/** A name with a bare "kg" ("bacalhau graúdo kg", not "cenoura 1kg"): how the store names weighed goods. */
const BARE_KG_NAME = /(?<![\d.,]\s*)\bkg\b/i;

/**
 * Sold by weight: the store says so, or its name and size give no pack size and it is priced per kg or
 * named with a bare "kg".
 */
export const isSoldByWeight = (product: QuantityProduct): boolean =>
  product.soldByWeight ??
  ((PRICED_PER_KG.test(product.pricePerUnit ?? "") || BARE_KG_NAME.test(product.name)) &&
    parsePackSize(product.size ?? "") === null &&
    parsePackSize(product.name) === null);

const format = (value: number): string =>
  Number(value.toFixed(3)).toLocaleString("pt-PT", { maximumFractionDigits: 3 });

/** An amount in a pack's base unit as people write it: 0,8 kg → "800 g", 1,5 l → "1,5 l". */
const amountText = (amount: number, per: "kg" | "l" | "un"): string => {
  if (per === "un") return `${format(amount)} un`;
  if (amount < 1) return `${format(amount * 1000)} ${per === "kg" ? "g" : "ml"}`;
  return `${format(amount)} ${per}`;
};

/** Kilograms rounded up to the store's step (0.8 → 0.8; 0.84 → 0.9 at 0.1 kg), never below one step. */
export const kilogramsForStep = (kg: number, stepKg: number = DEFAULT_WEIGHT_STEP_KG): number => {
  const steps = Math.max(1, Math.ceil(Number((kg / stepKg).toFixed(6))));
  return Number((steps * stepKg).toFixed(3));
};

/** How much the original line holds in total, per main dimension (kg, l or units). */
const originalAmount = (
  original: QuantityProduct,
  quantity: number,
): { amount: number; per: "kg" | "l" | "un"; text: string } | undefined => {
  if (isSoldByWeight(original)) return { amount: quantity, per: "kg", text: `${format(quantity)} kg` };
  const pack = parsePackSize(original.size ?? "") ?? parsePackSize(original.name);
  for (const per of ["kg", "l", "un"] as const) {
    const each = pack?.totals[per];
    if (each === undefined) continue;
    const amount = Number((each * quantity).toFixed(6));
    return { amount, per, text: `${format(quantity)} × ${pack?.text ?? ""} = ${amountText(amount, per)}` };
  }
  return undefined;
};

/**
 * How much of an accepted substitute covers the original's amount, not its count: 2 × 400 g → one 1 kg
 * pack, or 2 × 450 g; a substitute sold by weight gets the kilograms needed, to the store's step
 * (fractional: 0,8 kg). When the amounts cannot be compared (no pack size, or other dimensions), the
 * original's count, and the explanation says so.
 */
export const substituteQuantity = (
  original: QuantityProduct & { quantity: number },
  substitute: QuantityProduct,
): SubstituteQuantity => {
  const need = originalAmount(original, original.quantity);
  const sameCount = Math.max(1, Math.ceil(original.quantity));
  if (need === undefined) {
    return { quantity: sameCount, explanation: `a mesma quantidade do original (${format(sameCount)})` };
  }
  if (isSoldByWeight(substitute)) {
    if (need.per !== "kg") {
      return { quantity: sameCount, explanation: `a mesma quantidade do original (${format(sameCount)})` };
    }
    const kg = kilogramsForStep(need.amount, substitute.quantityStepKg);
    return { quantity: kg, explanation: `${need.text}: ${format(kg)} kg ao peso` };
  }
  const pack = parsePackSize(substitute.size ?? "") ?? parsePackSize(substitute.name);
  const each = pack?.totals[need.per];
  if (pack === null || each === undefined) {
    return {
      quantity: sameCount,
      explanation: `a mesma quantidade do original (${format(sameCount)}): tamanho do substituto não comparável`,
    };
  }
  const packs = Math.max(1, Math.ceil(Number((need.amount / each).toFixed(6))));
  const total = amountText(Number((packs * each).toFixed(6)), need.per);
  const packsText = packs === 1 ? `1 embalagem de ${pack.text}` : `${packs} × ${pack.text} (${total})`;
  return { quantity: packs, explanation: `${need.text}: ${packsText}` };
};
