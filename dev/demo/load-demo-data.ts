import { z } from "zod";
import { CreateSnapshotBodySchema, RecipeSchema } from "../../functions/cook/domain";
import demoFile from "./cook-demo.json" with { type: "json" };
import { DEMO_TENANT } from "./demo-tenant";

const DemoDataSchema = z.object({
  recipes: z.array(RecipeSchema).min(1),
  plan: CreateSnapshotBodySchema,
});

export interface DemoDataLoaded {
  tenant: string;
  recipesCreated: number;
  recipesReplaced: number;
  snapshotId: string;
  meals: number;
  /** False when the plan was already there (a second load leaves it as it is). */
  planCreated: boolean;
}

const send = async (apiUrl: string, method: string, path: string, body: unknown): Promise<Response> =>
  fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer dev:${DEMO_TENANT}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const refused = async (what: string, response: Response): Promise<Error> =>
  new Error(`Demo data: ${what} answered ${response.status}: ${await response.text()}`);

/** What `loadDemoData` loaded into a new table, told without loading it: the demo table's template holds it. */
export const demoDataInTemplate = (): DemoDataLoaded => {
  const demo = DemoDataSchema.parse(demoFile);
  return {
    tenant: DEMO_TENANT,
    recipesCreated: demo.recipes.length,
    recipesReplaced: 0,
    snapshotId: demo.plan.snapshot_id ?? "",
    meals: demo.plan.planned_meals.length,
    planCreated: true,
  };
};

/**
 * Loads dev/demo/cook-demo.json (a week's plan of real recipes) through the running API, as a client
 * would: PUT each recipe, then POST the plan. Idempotent: recipes are replaced with the same content and
 * a plan whose snapshot id is taken (409) is left as it is.
 */
export const loadDemoData = async (apiUrl: string): Promise<DemoDataLoaded> => {
  const demo = DemoDataSchema.parse(demoFile);
  const snapshotId = demo.plan.snapshot_id;
  if (snapshotId === undefined) {
    throw new Error("Demo data: the plan needs a snapshot_id, so that loading it twice finds the first one");
  }
  let recipesCreated = 0;
  let recipesReplaced = 0;
  for (const { recipe_id, ...body } of demo.recipes) {
    const response = await send(apiUrl, "PUT", `/recipes/${encodeURIComponent(recipe_id)}`, body);
    if (response.status === 201) recipesCreated += 1;
    else if (response.status === 200) recipesReplaced += 1;
    else throw await refused(`PUT /recipes/${recipe_id}`, response);
    await response.body?.cancel();
  }
  const plan = await send(apiUrl, "POST", "/plans", demo.plan);
  if (plan.status !== 201 && plan.status !== 409) throw await refused("POST /plans", plan);
  await plan.body?.cancel();
  return {
    tenant: DEMO_TENANT,
    recipesCreated,
    recipesReplaced,
    snapshotId,
    meals: demo.plan.planned_meals.length,
    planCreated: plan.status === 201,
  };
};
