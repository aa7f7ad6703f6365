import { foldText } from "../../../core/text/fold-text";
import { mealTypeNamePt } from "../../../core/text/meal-type-names";
import { parsePackSize } from "../packs/parse-pack-size";
import { isSoldByWeight } from "../packs/substitute-quantity";
import type { PlanIngredient, PlanMeal } from "../ports/plan-shopping-list-port";
import type { StorePort } from "../ports/store-port";
import { nameDifferences } from "../product-attributes";
import type { CoordinatorCartLine, CoordinatorProduct } from "../store-shapes";
import type { CartAddition, PlanIngredientNotAdded } from "./cart-builder";
import { packsForAmount } from "./plan-pack-count";

/** Results read per search: the first relevant product is taken, so a few are plenty. */
const SEARCH_RESULTS = 5;

/**
 * The store sells in Portuguese; the cook area's demo plan (and many imported recipes) is written in
 * English. The store's search is literal, so an English name finds nothing: these are the shelf words for
 * common ingredient names (data, extendable). A name not listed is searched as written (Portuguese recipes).
 */
export const INGREDIENT_SEARCH_TERMS: Readonly<Record<string, string>> = {
  "basmati rice": "arroz basmati",
  "chicken breast": "peito frango",
  "coconut milk": "leite coco",
  "feta cheese": "queijo feta",
  "greek yogurt": "iogurte grego",
  "green bean": "feijão verde",
  "minced beef": "carne picada",
  "new potato": "batata vermelha",
  "olive oil": "azeite",
  "red bell pepper": "pimento vermelho",
  "red lentil": "lentilhas",
  "red onion": "cebola roxa",
  "rolled oat": "flocos aveia",
  "salmon fillet": "salmão",
  "soy sauce": "molho soja",
  "tinned chickpea": "grão bico cozido",
  "tinned chopped tomato": "tomate pelado",
  "tomato paste": "concentrado tomate",
  "tomato puree": "polpa tomate",
  "vegetable oil": "óleo",
  "white rice": "arroz",
  broccoli: "brócolos",
  butter: "manteiga",
  carrot: "cenoura",
  cucumber: "pepino",
  garlic: "alho",
  honey: "mel",
  lemon: "limão",
  milk: "leite",
  onion: "cebola",
  ovo: "ovos",
  salt: "sal",
  spaghetti: "esparguete",
  tomato: "tomate",
};

/** The store query for an ingredient name: its shelf words when listed, else the name as written. */
export const searchTermFor = (ingredientName: string): string =>
  INGREDIENT_SEARCH_TERMS[ingredientName.toLowerCase().trim()] ?? ingredientName;

/**
 * The product for a query among search results: the first whose name starts with the query's first word
 * ("cebola kg" for "cebola"). None otherwise: the search is literal, so "limão" also finds a lemon ice
 * tea and "sal" a salted butter, and adding those would be worse than reporting the ingredient.
 */
export const pickProduct = (
  term: string,
  results: readonly CoordinatorProduct[],
): CoordinatorProduct | undefined => {
  const head = foldText(term).split(/\s+/)[0] ?? "";
  return results.find((product) => foldText(product.name).split(/\s+/)[0] === head);
};

/** A cart line as the food match reads it (cart lines, and the lines this run already added). */
interface HeldLine {
  productId: string;
  name: string;
  quantity: number;
  size?: string;
  pricePerUnit?: string;
  soldByWeight?: boolean;
  quantityUnit?: "un" | "kg";
  available?: boolean;
}

/** A cart line matched to a plan ingredient: all of it covered, or only `held` of the `need`. */
export interface Coverage {
  line: HeldLine;
  why: string;
  /** Set when the line holds less than the plan needs: what is missing, in `per` (kg, l or units). */
  missing?: { amount: number; per: "kg" | "l" | "un"; held: number; need: number };
}

const METRIC_BASE: Readonly<Record<string, { per: "kg" | "l"; factor: number }>> = {
  g: { per: "kg", factor: 0.001 },
  kg: { per: "kg", factor: 1 },
  ml: { per: "l", factor: 0.001 },
  cl: { per: "l", factor: 0.01 },
  l: { per: "l", factor: 1 },
};

const formatAmount = (value: number, per: string): string =>
  `${Number(value.toFixed(3)).toLocaleString("pt-PT", { maximumFractionDigits: 3 })} ${per}`;

/** What a held line holds in `per` (12 × 1 l → 12 l; 1,5 kg by weight), when its size says. */
const heldAmount = (line: HeldLine, per: "kg" | "l" | "un"): number | undefined => {
  if (per === "kg" && line.quantityUnit !== "un" && (line.quantityUnit === "kg" || isSoldByWeight(line))) {
    return line.quantity;
  }
  const pack = parsePackSize(line.size ?? "") ?? parsePackSize(line.name);
  const each = pack?.totals[per];
  return each === undefined ? undefined : each * line.quantity;
};

/**
 * The cart line that already covers an ingredient with an equivalent item, by food, not by product id:
 * its name starts with the shelf term's first word, holds every word of the term, and keeps the term's
 * defining attributes (a milk for "leite", not a coconut milk). When both amounts can be read and the
 * line holds less than the plan needs, it covers part: `missing` says how much is left to add (2 l
 * needed, 1 l in the cart → 1 l). A line that fully covers is preferred to one that covers part.
 * Answers the line and why, or undefined.
 */
export const coveringLine = (
  ingredient: Pick<PlanIngredient, "quantity" | "unit" | "containerUnit">,
  term: string,
  lines: readonly HeldLine[],
): Coverage | undefined => {
  const termWords = foldText(term).split(/\s+/).filter(Boolean);
  const head = termWords[0];
  if (head === undefined) return undefined;
  let partial: Coverage | undefined;
  for (const line of lines) {
    const lineWords = foldText(line.name).split(/\s+/);
    if (lineWords[0] !== head || !termWords.every((word) => lineWords.includes(word))) continue;
    if (nameDifferences(term, line.name).length > 0) continue;
    const metric = ingredient.unit ? METRIC_BASE[ingredient.unit.toLowerCase()] : undefined;
    const countUnit = ingredient.unit === null && !ingredient.containerUnit;
    const per = metric?.per ?? (countUnit ? "un" : undefined);
    const need =
      ingredient.quantity === null || per === undefined
        ? undefined
        : ingredient.quantity * (metric?.factor ?? 1);
    const held = per === undefined ? undefined : heldAmount(line, per);
    if (need !== undefined && held !== undefined && per !== undefined) {
      if (held + 1e-9 < need) {
        partial ??= {
          line,
          why: `${line.name} já está no carrinho (${formatAmount(held, per)}, o plano pede ${formatAmount(need, per)}): falta ${formatAmount(need - held, per)}`,
          missing: { amount: Number((need - held).toFixed(6)), per, held, need },
        };
        continue;
      }
      return {
        line,
        why: `${line.name} já está no carrinho (${formatAmount(held, per)}, o plano pede ${formatAmount(need, per)})`,
      };
    }
    return { line, why: `${line.name} já está no carrinho: o mesmo alimento` };
  }
  return partial;
};

/** Why a cart line of the same food does not count: unavailable, or proposed for removal by this run. */
const notCoveringWhy = (
  ingredient: Pick<PlanIngredient, "quantity" | "unit" | "containerUnit">,
  term: string,
  lines: readonly HeldLine[],
  toBePruned: ReadonlyMap<string, string>,
): string | undefined => {
  const excluded = coveringLine(ingredient, term, lines);
  if (!excluded) return undefined;
  return excluded.line.available === false
    ? `${excluded.line.name} está no carrinho mas indisponível`
    : `${excluded.line.name} está no carrinho mas esta execução propõe retirá-lo (${toBePruned.get(excluded.line.productId) ?? "stock em casa"})`;
};

const describeMeals = (meals: readonly PlanMeal[]): string =>
  meals
    .map((meal) => `${meal.date} ${mealTypeNamePt(meal.meal_type) ?? meal.meal_type} (${meal.recipe_id})`)
    .join(", ");

/**
 * Merges the plan's shopping list into the cart: each ingredient is looked up through the store's search
 * and its product added once, as many packs as the plan's amount needs (packsForAmount; how, in the
 * reason). An
 * ingredient whose product is already in the cart (or was just added) is not added twice; one the store
 * has no product for is reported, not guessed.
 */
export const mergePlanIngredients = async (
  store: Pick<StorePort, "searchProducts" | "addToCart">,
  args: {
    ingredients: readonly PlanIngredient[];
    cart: readonly CoordinatorCartLine[];
    alreadyAdded: readonly CartAddition[];
    /** Cart lines this run proposes removing (product id → why): they cover nothing. */
    toBePruned?: ReadonlyMap<string, string>;
  },
): Promise<{ added: CartAddition[]; notAdded: PlanIngredientNotAdded[] }> => {
  const toBePruned = args.toBePruned ?? new Map<string, string>();
  // What the household will not get is not "in the cart" for the plan: unavailable or to-be-pruned lines.
  const counts = (line: CoordinatorCartLine) => line.available && !toBePruned.has(line.productId);
  const notCounted: HeldLine[] = args.cart.filter((line) => !counts(line));
  const inCart = new Set([...args.cart.filter(counts), ...args.alreadyAdded].map((line) => line.productId));
  const added: CartAddition[] = [];
  const notAdded: PlanIngredientNotAdded[] = [];
  const held: HeldLine[] = [...args.cart.filter(counts), ...args.alreadyAdded.map((a) => ({ ...a }))];
  for (const ingredient of args.ingredients) {
    const term = searchTermFor(ingredient.name);
    // Matched by food first: a cart with 12 l of milk needs no more for a litre in the plan.
    const covered = coveringLine(ingredient, term, held);
    if (covered && !covered.missing) {
      notAdded.push({ ingredient: ingredient.display, reason: `${covered.why}.` });
      continue;
    }
    // Only what is missing is added (2 l needed, 1 l in the cart → 1 l), and the line says so.
    const amount = covered?.missing
      ? {
          quantity: covered.missing.amount,
          unit: covered.missing.per === "un" ? null : covered.missing.per,
          containerUnit: false,
        }
      : ingredient;
    const because = covered?.missing ? covered.why : notCoveringWhy(ingredient, term, notCounted, toBePruned);
    const product = pickProduct(term, await store.searchProducts(term, SEARCH_RESULTS));
    if (!product) {
      notAdded.push({ ingredient: ingredient.display, reason: `Sem produto na loja para "${term}".` });
      continue;
    }
    if (inCart.has(product.productId) && !covered?.missing) {
      notAdded.push({ ingredient: ingredient.display, reason: `${product.name} já está no carrinho.` });
      continue;
    }
    const { packs, explanation } = packsForAmount(amount, product);
    try {
      await store.addToCart(product.productId, packs);
    } catch (error) {
      notAdded.push({
        ingredient: ingredient.display,
        reason: `A loja recusou ${product.name}: ${error instanceof Error ? error.message : String(error)}`,
      });
      continue;
    }
    inCart.add(product.productId);
    held.push({ ...product, quantity: packs });
    added.push({
      productId: product.productId,
      name: product.name,
      quantity: packs,
      why: "plan_ingredient",
      reason: `Ingrediente do plano (${ingredient.display}) para ${describeMeals(ingredient.meals)}; ${because ? `${because}; ` : ""}${explanation}.`,
      ingredient: ingredient.display,
      meals: ingredient.meals,
    });
  }
  return { added, notAdded };
};
