import { describe, expect, it } from "vitest";
import { createDynamoRecipeRepository } from "../../../../functions/cook/adapters/dynamo-recipe-repository";
import type { Recipe, RecipeRepository } from "../../../../functions/cook/domain";
import { StoredItemInvalidError } from "../../../../functions/core/db/tenant-table";
import { useTestAppTable } from "../../../support/table";

const appTable = useTestAppTable();

const recipesOf = (tenant: string): RecipeRepository =>
  createDynamoRecipeRepository(appTable.forTenant(tenant));

let recipeCounter = 0;
/** A recipe with an id no other test uses. */
const freshRecipe = (name = "Chicken Stir Fry"): Recipe => {
  recipeCounter += 1;
  return {
    recipe_id: `recipe-${recipeCounter}`,
    name,
    servings: 4,
    ingredients_raw: ["500 g chicken thighs", "2 cups white rice", "salt to taste"],
    steps: ["Cook the rice.", "Stir-fry the chicken."],
  };
};

describe("DynamoRecipeRepository", () => {
  it("says a first put created the recipe and a second one replaced it", async () => {
    const recipes = recipesOf("alice");
    const recipe = freshRecipe();
    expect(await recipes.putRecipe(recipe)).toEqual({ created: true });
    expect(await recipes.getRecipe(recipe.recipe_id)).toEqual(recipe);

    const replaced: Recipe = { ...recipe, name: "Tofu Stir Fry", servings: undefined, steps: [] };
    expect(await recipes.putRecipe(replaced)).toEqual({ created: false });
    expect(await recipes.getRecipe(recipe.recipe_id)).toEqual({
      recipe_id: recipe.recipe_id,
      name: "Tofu Stir Fry",
      ingredients_raw: recipe.ingredients_raw,
      steps: [],
    });
  });

  it("answers null for a recipe that does not exist", async () => {
    expect(await recipesOf("alice").getRecipe(freshRecipe().recipe_id)).toBeNull();
  });

  it("finds the existing recipes among many ids, keyed by id, and leaves missing ids out", async () => {
    const recipes = recipesOf("alice");
    const stored = Array.from({ length: 20 }, (_, i) => freshRecipe(`Recipe ${i}`));
    for (const recipe of stored) await recipes.putRecipe(recipe);
    const missing = [freshRecipe().recipe_id, freshRecipe().recipe_id];
    const [first] = stored;
    if (!first) throw new Error("recipes were stored");

    const found = await recipes.getRecipes([...missing, ...stored.map((r) => r.recipe_id), first.recipe_id]);
    expect(found).toEqual(new Map(stored.map((recipe) => [recipe.recipe_id, recipe])));
  });

  it("answers an empty map for no ids", async () => {
    expect(await recipesOf("alice").getRecipes([])).toEqual(new Map());
  });

  it("keeps tenants apart: another tenant neither sees nor replaces the recipe", async () => {
    const recipe = freshRecipe();
    await recipesOf("alice").putRecipe(recipe);

    expect(await recipesOf("bob").getRecipe(recipe.recipe_id)).toBeNull();
    expect(await recipesOf("bob").getRecipes([recipe.recipe_id])).toEqual(new Map());
    const bobs: Recipe = { ...recipe, name: "Bob's Stir Fry" };
    expect(await recipesOf("bob").putRecipe(bobs)).toEqual({ created: true });
    expect(await recipesOf("bob").getRecipe(recipe.recipe_id)).toEqual(bobs);
    expect(await recipesOf("alice").getRecipe(recipe.recipe_id)).toEqual(recipe);
  });

  it("refuses a stored recipe that no longer fits the domain's schema instead of passing it on", async () => {
    const table = appTable.forTenant("alice");
    const recipe = freshRecipe();
    await createDynamoRecipeRepository(table).putRecipe(recipe);
    await table.put(
      { pk: ["RECIPE", recipe.recipe_id], sk: ["RECIPE"] },
      { ...recipe, ingredients_raw: [] },
      { expectedVersion: "any" },
    );

    await expect(createDynamoRecipeRepository(table).getRecipe(recipe.recipe_id)).rejects.toBeInstanceOf(
      StoredItemInvalidError,
    );
  });
});
