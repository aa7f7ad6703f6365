import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTarpitServer, type TarpitServer } from "../../../dev/fake-llm/tarpit-server";
import { lazyTableProviderConditions } from "../../../functions/core/db/lazy-provider-conditions";
import { createLlm } from "../../../functions/core/llm/create-llm";
import { readLlmConfig } from "../../../functions/core/llm/llm-config";
import { llmWithDeadline } from "../../../functions/core/llm/model-session";
import { resetProviderBreakers } from "../../../functions/core/llm/provider-breaker";
import { createModelCheck } from "../../../functions/platform/wiring/model-check";
import { createTestTable } from "../../support/table";
import { waitUntil } from "../../support/wait-until";

let table: Awaited<ReturnType<typeof createTestTable>>;
let tarpit: TarpitServer;
beforeAll(async () => {
  table = await createTestTable();
  tarpit = await startTarpitServer();
});
afterAll(async () => {
  await tarpit.close();
  await table.drop();
});

const request = {
  schema: z.object({ ok: z.boolean() }),
  schemaName: "check_ok",
  system: "Answer.",
  messages: [{ role: "user" as const, content: "ok?" }],
};

describe("a provider failure shared through the app table (one container to the others)", () => {
  it("is recorded when a breaker opens, skips the provider in another container, and shows on /health's model check", async () => {
    const env = {
      LLM_PROVIDER: "anthropic",
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_BASE_URL: tarpit.url,
      TABLE_NAME: table.tableName,
      DYNAMODB_ENDPOINT: table.endpoint,
    };
    const shared = lazyTableProviderConditions({
      tableName: table.tableName,
      dynamoDbEndpoint: table.endpoint,
    });
    const modelCheck = createModelCheck(shared);
    expect(await modelCheck()).toEqual({ status: "ok" });

    const firstContainer = createLlm(readLlmConfig(env), { logger: null });
    await expect(
      llmWithDeadline(firstContainer, Date.now() + 1_500).structured(request),
    ).rejects.toMatchObject({
      code: "llm_timeout",
    });
    // The record is written in the background of the failing call.
    await waitUntil(
      "the failure to reach the table",
      async () => (await shared.openFailures(Date.now())).length > 0,
    );

    // Another container: no breaker of its own has seen the provider fail.
    resetProviderBreakers();
    // The first container's SDK can still open a connection it scheduled before its deadline aborted it
    // (seen under load): count from when its connections have been still for ten polls.
    let connectionsBefore = -1;
    let stillPolls = 0;
    await waitUntil("the first container's connections to settle", () => {
      const now = tarpit.connections();
      stillPolls = now === connectionsBefore ? stillPolls + 1 : 0;
      connectionsBefore = now;
      return stillPolls >= 10;
    });
    const otherContainer = createLlm(readLlmConfig(env), { logger: null });
    await expect(otherContainer.structured(request)).rejects.toMatchObject({ code: "llm_circuit_open" });
    expect(tarpit.connections()).toBe(connectionsBefore);

    resetProviderBreakers();
    const check = (await modelCheck()) ?? { status: "ok" };
    expect(check.status).toBe("degraded");
    expect(check.detail).toContain("anthropic: llm_timeout");
    expect(check.retry_after_seconds).toBeGreaterThan(0);
  });
});
