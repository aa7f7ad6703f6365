import type { ApiCall } from "../local-api-server";
import { planBody, RECIPES } from "./cook-fixtures";

/** Stores the fixture recipes and a plan under `snapshotId` through the API, failing on any refusal. */
export const seedPlanOverHttp = async (
  call: ApiCall,
  snapshotId: string,
  tenant = "alice",
): Promise<void> => {
  for (const [recipeId, body] of Object.entries(RECIPES)) {
    const put = await call("PUT", `/recipes/${recipeId}`, { tenant, body });
    if (put.status !== 200 && put.status !== 201)
      throw new Error(`PUT ${recipeId}: ${put.status} ${put.text}`);
  }
  const plan = await call("POST", "/plans", { tenant, body: planBody(snapshotId) });
  if (plan.status !== 201) throw new Error(`POST /plans: ${plan.status} ${plan.text}`);
};
