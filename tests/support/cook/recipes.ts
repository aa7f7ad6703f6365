import type { Recipe } from "../../../functions/cook/domain";

/** Seed 001's running example: a stir fry with chicken and white rice. */
export const chickenStirFry: Recipe = {
  recipe_id: "123456",
  name: "Chicken Stir Fry",
  servings: 4,
  ingredients_raw: [
    "500 g chicken thighs, cut into strips",
    "2 tbsp soy sauce",
    "2 cups white rice",
    "1 tbsp rice vinegar",
    "1 red bell pepper, sliced",
    "3 cloves garlic, minced",
    "salt to taste",
  ],
  steps: [
    "Cook the rice until tender.",
    "Stir-fry the chicken in a hot wok until browned.",
    "Add the garlic and pepper, then the soy sauce and vinegar.",
    "Season with salt and serve over the rice.",
  ],
};

export const greekSalad: Recipe = {
  recipe_id: "greek-salad",
  name: "Greek Salad",
  servings: 4,
  ingredients_raw: [
    "4 tomatoes, cut into wedges",
    "1 cucumber, sliced",
    "200 g feta cheese",
    "3 tbsp olive oil",
  ],
  steps: ["Combine everything in a bowl."],
};

export const garlicBread: Recipe = {
  recipe_id: "garlic-bread",
  name: "Garlic Bread",
  ingredients_raw: ["1 baguette", "75 g butter, softened", "2 cloves garlic, crushed"],
  steps: ["Spread the garlic butter into the sliced baguette and bake."],
};

export const lentilSoup: Recipe = {
  recipe_id: "lentil-soup",
  name: "Red Lentil Soup",
  servings: 4,
  ingredients_raw: ["250 g red lentils", "1 onion, chopped", "1 l vegetable stock", "2 tbsp olive oil"],
  steps: ["Soften the onion in the oil, add lentils and stock and simmer."],
};

/** A Portuguese recipe, for the parser's Portuguese forms. */
export const arrozDeFrango: Recipe = {
  recipe_id: "arroz-de-frango",
  name: "Arroz de Frango",
  servings: 4,
  ingredients_raw: [
    "600 g de frango",
    "300 g de arroz carolino",
    "1 cebola picada",
    "2 dentes de alho",
    "1 colher de sopa de vinagre de arroz",
    "sal q.b.",
  ],
  steps: ["Refoga a cebola e o alho.", "Junta o frango e depois o arroz."],
};

export const allRecipes: Recipe[] = [chickenStirFry, greekSalad, garlicBread, lentilSoup, arrozDeFrango];
