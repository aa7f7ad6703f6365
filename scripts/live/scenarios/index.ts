import type { LiveScenario } from "../types";
import { CAMPAIGN_CHAT_LIVE_SCENARIOS } from "./campaign-chat";
import { CATALOG_CHAT_LIVE_SCENARIOS } from "./catalog-chat";
import { COOK_LIVE_SCENARIOS } from "./cook";
import { NEGOTIATE_LIVE_SCENARIOS } from "./negotiate";
import { SHOP_LIVE_SCENARIOS } from "./shop";

/** Every live scenario, by area. */
export const ALL_LIVE_SCENARIOS: LiveScenario[] = [
  ...NEGOTIATE_LIVE_SCENARIOS,
  ...CAMPAIGN_CHAT_LIVE_SCENARIOS,
  ...CATALOG_CHAT_LIVE_SCENARIOS,
  ...SHOP_LIVE_SCENARIOS,
  ...COOK_LIVE_SCENARIOS,
];
