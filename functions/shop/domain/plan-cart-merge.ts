import { foldText } from "../../core/text/fold-text";
import type { CartAddition, PlanIngredientNotAdded } from "./cart-builder";
import { packsForAmount } from "./plan-pack-count";
import type { PlanIngredient, PlanMeal } from "./ports/plan-shopping-list-port";
import type { StoreToolsPort } from "./ports/store-tools-port";
import type { CoordinatorCartLine, CoordinatorProduct } from "./store-shapes";

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
  "tomato paste": "polpa tomate",
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

/**
 * Meal types as a pt-PT reason names them. The cook area and the kitchen chat hold their own copies of
 * these names (issue 22 lists three): one shared table needs a home both areas may import (functions/core,
 * or a port); left to the lead, since cook is being moved at the same time.
 */
const MEAL_TYPES_PT: Record<string, string> = {
  breakfast: "pequeno-almoço",
  lunch: "almoço",
  dinner: "jantar",
  snack: "lanche",
};

const describeMeals = (meals: readonly PlanMeal[]): string =>
  meals
    .map((meal) => `${meal.date} ${MEAL_TYPES_PT[meal.meal_type] ?? meal.meal_type} (${meal.recipe_id})`)
    .join(", ");

/**
 * Merges the plan's shopping list into the cart: each ingredient is looked up through the store's search
 * and its product added once, as many packs as the plan's amount needs (packsForAmount; how, in the
 * reason). An
 * ingredient whose product is already in the cart (or was just added) is not added twice; one the store
 * has no product for is reported, not guessed.
 */
export const mergePlanIngredients = async (
  store: Pick<StoreToolsPort, "searchProducts" | "addToCart">,
  args: {
    ingredients: readonly PlanIngredient[];
    cart: readonly CoordinatorCartLine[];
    alreadyAdded: readonly CartAddition[];
  },
): Promise<{ added: CartAddition[]; notAdded: PlanIngredientNotAdded[] }> => {
  const inCart = new Set([...args.cart, ...args.alreadyAdded].map((line) => line.productId));
  const added: CartAddition[] = [];
  const notAdded: PlanIngredientNotAdded[] = [];
  for (const ingredient of args.ingredients) {
    const term = searchTermFor(ingredient.name);
    const product = pickProduct(term, await store.searchProducts(term, SEARCH_RESULTS));
    if (!product) {
      notAdded.push({ ingredient: ingredient.display, reason: `Sem produto na loja para "${term}".` });
      continue;
    }
    if (inCart.has(product.productId)) {
      notAdded.push({ ingredient: ingredient.display, reason: `${product.name} já está no carrinho.` });
      continue;
    }
    const { packs, explanation } = packsForAmount(ingredient, product);
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
    added.push({
      productId: product.productId,
      name: product.name,
      quantity: packs,
      why: "plan_ingredient",
      reason: `Ingrediente do plano (${ingredient.display}) para ${describeMeals(ingredient.meals)}; ${explanation}.`,
      ingredient: ingredient.display,
      meals: ingredient.meals,
    });
  }
  return { added, notAdded };
};
