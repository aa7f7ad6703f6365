import { createLlmPatchOpsGenerator } from "../../../functions/cook/adapters/llm-patch-ops-generator";
import type { Recipe } from "../../../functions/cook/domain/recipes/recipe";
import { PatchGenResultSchema } from "../../../functions/cook/domain/variants/patch-gen-result";
import type { LiveScenario } from "../types";

/** Two oils: "swap the oil for butter" cannot name a single target_index. */
const stirFry: Recipe = {
  recipe_id: "live-stir-fry",
  name: "Vegetable stir-fry",
  servings: 2,
  ingredients_raw: [
    "2 tbsp olive oil",
    "1 tbsp sesame oil",
    "200 g broccoli florets",
    "1 red pepper, sliced",
    "2 tbsp soy sauce",
  ],
  steps: ["Heat the olive oil.", "Stir-fry the vegetables.", "Finish with sesame oil and soy sauce."],
};

/**
 * Seed 001: the patch-ops generator (the model adapter the cook area wires) answers an instruction that
 * could mean two ingredients with no ops and a clarification question, never a guess.
 */
export const COOK_LIVE_SCENARIOS: LiveScenario[] = [
  {
    area: "cook",
    name: "ambiguous-instruction-clarifies",
    seed: "001",
    expected: "no ops, needs_clarification: true, a question",
    async run({ llm }) {
      const raw = await createLlmPatchOpsGenerator(llm)({
        recipe: stirFry,
        instruction: "swap the oil for butter",
      });
      const result = PatchGenResultSchema.parse(raw);
      const question = result.clarification_message?.trim() ?? "";
      return {
        got: result.needs_clarification
          ? `clarify: "${question}" (${result.ops.length} ops)`
          : `${result.ops.length} op(s): ${result.ops.map((op) => op.op).join(", ")}`,
        match: result.needs_clarification && result.ops.length === 0 && question.length > 0,
      };
    },
  },
];
