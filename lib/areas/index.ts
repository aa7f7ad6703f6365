import type { AreaDefinition, FunctionDefinition } from "../definition-types";
import { campaignChatArea } from "./campaign-chat";
import { catalogChatArea } from "./catalog-chat";
import { cookArea } from "./cook";
import { negotiateArea } from "./negotiate";
import { platformArea } from "./platform";
import { shopArea } from "./shop";

/** Every area of the app. Add an area's definition here; CDK and the local stack pick it up. */
export const areas: AreaDefinition[] = [
  platformArea,
  cookArea,
  shopArea,
  negotiateArea,
  catalogChatArea,
  campaignChatArea,
];

export const allFunctions = (): FunctionDefinition[] => areas.flatMap((a) => a.functions);
export const allRoutes = () => areas.flatMap((a) => a.routes);
export const allWorkflows = () => areas.flatMap((a) => a.workflows);
export const allSchedules = () => areas.flatMap((a) => a.schedules);

export const findFunction = (id: string): FunctionDefinition => {
  const fn = allFunctions().find((f) => f.id === id);
  if (!fn) throw new Error(`No function definition with id ${id}`);
  return fn;
};
