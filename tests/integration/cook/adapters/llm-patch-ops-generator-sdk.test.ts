import { afterEach, describe, expect, it } from "vitest";
import { type FakeLlmServer, routeByToolName, startFakeLlmServer } from "../../../../dev/fake-llm";
import type { FakeLlmScript } from "../../../../dev/fake-llm/fake-llm-script";
import { createLlmPatchOpsGenerator } from "../../../../functions/cook/adapters/llm-patch-ops-generator";
import type { PatchOpsGenerator, Recipe } from "../../../../functions/cook/domain";
import { createLlm, LlmOutputInvalid, readLlmConfig } from "../../../../functions/core/llm";

const stirFry: Recipe = {
  recipe_id: "123456",
  name: "Chicken Stir Fry",
  servings: 4,
  ingredients_raw: ["500 g chicken thighs", "2 tbsp soy sauce", "2 cups white rice", "salt to taste"],
  steps: ["Cook the rice.", "Stir-fry the chicken."],
};

const replaceRice = {
  op: "replace_ingredient",
  target_index: 2,
  target_name: "white rice",
  replacement: { name: "brown rice", quantity: "2 cups" },
  acknowledged: false,
  reason: "user_request",
};

const answer = (args: unknown) => ({
  reply: { toolCalls: [{ name: "generate_patch_ops", arguments: args }] },
});

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Provider = "openai" | "anthropic";

/** The generator over the real port: the provider's official SDK speaking HTTP to the fake server. */
const generatorAgainst = async (provider: Provider, script: FakeLlmScript): Promise<PatchOpsGenerator> => {
  server = await startFakeLlmServer({ script });
  const env =
    provider === "openai"
      ? { LLM_PROVIDER: "openai", OPENAI_BASE_URL: server.openaiBaseUrl, OPENAI_API_KEY: "test" }
      : { LLM_PROVIDER: "anthropic", ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: "test" };
  const llm = createLlm(readLlmConfig({ ...env, LLM_MAX_RETRIES: "0", LLM_TIMEOUT_MS: "10000" }), {
    logger: null,
  });
  return createLlmPatchOpsGenerator(llm);
};

describe.each<Provider>(["openai", "anthropic"])(
  "createLlmPatchOpsGenerator through the %s SDK",
  (provider) => {
    it("requests generate_patch_ops as a forced tool call with the indexed recipe and returns the answer", async () => {
      const generate = await generatorAgainst(
        provider,
        routeByToolName({ generate_patch_ops: answer({ ops: [replaceRice] }) }),
      );

      const result = await generate({ recipe: stirFry, instruction: "use brown rice instead" });

      expect(result).toEqual({ ops: [replaceRice], needs_clarification: false });
      const [request] = server?.requests ?? [];
      expect(server?.requests).toHaveLength(1);
      expect(request?.forcedToolName).toBe("generate_patch_ops");
      expect(request?.toolNames).toEqual(["generate_patch_ops"]);
      const sent = JSON.stringify(request?.body);
      stirFry.ingredients_raw.forEach((line, index) => {
        expect(sent).toContain(`[${index}] ${line}`);
      });
      expect(request?.lastMessageText).toContain("use brown rice instead");
    });

    it("re-asks once when the answer fails the PatchGenResult schema and returns the corrected answer", async () => {
      const generate = await generatorAgainst(
        provider,
        routeByToolName({
          generate_patch_ops: [
            answer({ ops: [{ op: "rewrite_step", target_index: 0 }] }),
            answer({ ops: [replaceRice] }),
          ],
        }),
      );

      const result = await generate({ recipe: stirFry, instruction: "use brown rice instead" });

      expect(result.ops).toEqual([replaceRice]);
      expect(server?.requests).toHaveLength(2);
      expect(server?.requests[1]?.forcedToolName).toBe("generate_patch_ops");
    });

    it("throws LlmOutputInvalid when the answer fails the schema twice", async () => {
      const invalid = answer({ ops: [{ op: "replace_ingredient", target_index: "two" }] });
      const generate = await generatorAgainst(
        provider,
        routeByToolName({ generate_patch_ops: [invalid, invalid] }),
      );

      await expect(generate({ recipe: stirFry, instruction: "use brown rice" })).rejects.toBeInstanceOf(
        LlmOutputInvalid,
      );
      expect(server?.requests).toHaveLength(2);
    });
  },
);
