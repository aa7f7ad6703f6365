import { type AgentTool, defineTool } from "../../core/agent";
import {
  GetPlanInputSchema,
  type KitchenChatOperations,
  MealAddressInputSchema,
  ModifyRecipeInputSchema,
} from "../domain/kitchen-chat/kitchen-chat-operations";
import { KITCHEN_TOOL_NAMES } from "../domain/kitchen-chat/kitchen-chat-tool-names";
import type { PlanMeal } from "../domain/kitchen-chat/plan-overview";
import { readMealAddress } from "../domain/kitchen-chat/read-meal-address";

/**
 * The kitchen chat's tools over one plan. Their inputs are strict: a snapshot id (or any other field) the
 * model adds is refused and goes back to it as invalid arguments, never acted on.
 */
/**
 * A tool that acts on one meal reads the model's address against the plan first (`readMealAddress`:
 * "Friday", "Dinner"); a weekday it cannot place goes back to the model as invalid arguments naming the
 * plan's dates.
 */
const readingMealAddress = (tool: AgentTool, loadMeals: () => Promise<PlanMeal[]>): AgentTool => ({
  name: tool.name,
  spec: tool.spec,
  async execute(args, context) {
    const reading = await readMealAddress(args, loadMeals);
    if (reading.kind === "read") return tool.execute(reading.args, context);
    return {
      status: "invalid_arguments",
      issues: [{ path: "date", message: reading.message }],
      content: `Invalid arguments for ${tool.name}: ${reading.message}. Fix them and call again if needed.`,
    };
  },
});

export const createKitchenChatTools = (operations: KitchenChatOperations): AgentTool[] => [
  defineTool({
    name: KITCHEN_TOOL_NAMES.getPlan,
    description:
      "Read this meal plan: each meal's date, weekday, meal_type, recipe name, whether it is modified, and " +
      "its base ingredient lines with their indexes (a modified meal also shows its current ingredients " +
      "and changes). Use it to turn day names into dates before modifying or clearing a meal.",
    input: GetPlanInputSchema,
    run: (input) => operations.getPlan(input),
  }),
  readingMealAddress(
    defineTool({
      name: KITCHEN_TOOL_NAMES.modifyRecipe,
      description:
        "Change the recipe of one planned meal (identified by date and meal_type) with a plain-words " +
        "instruction. Creates or extends the meal's variant; the base recipe is never changed. May answer " +
        "needs_clarification with a question to pass on to the user.",
      input: ModifyRecipeInputSchema,
      run: (input) => operations.modifyRecipe(input),
    }),
    operations.loadMeals,
  ),
  readingMealAddress(
    defineTool({
      name: KITCHEN_TOOL_NAMES.clearVariant,
      description:
        "Remove every modification of one planned meal (identified by date and meal_type), so it is back to " +
        'its original recipe. Use it for "remove modifications", "undo the changes", "back to the original".',
      input: MealAddressInputSchema,
      run: (input) => operations.clearVariant(input),
    }),
    operations.loadMeals,
  ),
];
