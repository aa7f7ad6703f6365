/**
 * The cook area's domain (seed 001): schemas the HTTP layer reuses, the patch engine, scaling, the
 * shopping list, warnings, the offline instruction parser, ports and use cases. Pure: no AWS or LLM SDK.
 */
export * from "./apply-meal-edit-ops";
export * from "./apply-patch-ops";
export * from "./check-coverage";
export * from "./clock";
export * from "./cook-logger";
export * from "./cook-view";
export * from "./food-name";
export * from "./ids";
export * from "./ingredient-line";
export * from "./ingredient-name";
export * from "./limits";
export * from "./meal-edit-op";
export * from "./merge-patch-ops";
export * from "./offline-instruction-parser";
export * from "./patch-gen-result";
export * from "./patch-op";
export * from "./patch-ops-generator";
export * from "./plan-repository";
export * from "./planned-meal";
export * from "./quantity-format";
export * from "./read-ingredient-line";
export * from "./recipe";
export * from "./recipe-locale";
export * from "./recipe-repository";
export * from "./recipe-variant";
export * from "./resolve-ingredient-target";
export * from "./retry-timing";
export * from "./rule-based-warnings";
export * from "./scale-ingredient-line";
export * from "./shopping-list";
export * from "./snapshot";
export * from "./strip-warning-numbers";
export * from "./use-cases/clear-variant";
export * from "./use-cases/cook-deps";
export * from "./use-cases/create-variant-from-instruction";
export * from "./use-cases/create-variant-from-ops";
export * from "./use-cases/get-shopping-list";
export * from "./use-cases/lookup-cook-recipe";
export * from "./use-cases/recipes";
export * from "./use-cases/snapshots";
export * from "./validate-patch-ops";
export * from "./variant-id";
export * from "./variant-request";
export * from "./warnings-generator";
