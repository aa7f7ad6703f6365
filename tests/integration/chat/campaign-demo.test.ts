import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CAMPAIGN_COUNT } from "../../../dev/demo/demo-campaigns";
import { readLocalStackConfig } from "../../../dev/local-config";
import { type LocalStack, startLocalStack } from "../../../dev/local-stack";

// `npm start` with DEMO_DATA=on and no model: the demo campaigns are loaded through the real API, and the
// seed's two question types are answered by the offline chat. Restores the process.env it changes.

const savedEnv = { ...process.env };
const logLines: string[] = [];
let stack: LocalStack | undefined;

beforeAll(async () => {
  stack = await startLocalStack(
    readLocalStackConfig({
      PORT: "0",
      STORE_PORT: "0",
      DEMO_DATA: "on",
      SCHEDULES: "off",
      LLM_PROVIDER: "none",
      TABLE_NAME: "larder-campaign-demo-test",
    }),
    (line) => logLines.push(line),
  );
});

afterAll(async () => {
  await stack?.stop();
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
});

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${stack?.apiUrl}${path}`, {
    method: "POST",
    headers: { authorization: "Bearer dev:demo", "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("the campaign demo on npm start", () => {
  it("loads the demo campaigns and answers the seed's two question types offline", async () => {
    expect(logLines.some((line) => line.includes(`Demo campaigns   ${DEMO_CAMPAIGN_COUNT}`))).toBe(true);
    const all = await post("/campaigns/search", { tool: "filter_campaigns", args: {} });
    expect(all.body.count).toBe(DEMO_CAMPAIGN_COUNT);

    const show = await post("/chat/campaigns", {
      message: "Show me campaigns about airport lounges and travel perks",
    });
    expect(show.status).toBe(200);
    expect((show.body.campaigns as unknown[]).length).toBeGreaterThan(0);

    const offers = await post("/chat/campaigns", {
      message: "What are the offers from recent Cash Back, Premium campaigns?",
    });
    expect(offers.body.detectedFilters).toEqual({
      value_prop: ["Cash Back / Rewards", "Premium"],
      date_range: "recent",
    });
    expect(offers.body.response).toContain("The main offers:");
  });
});
