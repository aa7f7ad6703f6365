import { afterEach, describe, expect, it } from "vitest";
import type { FakeLlmScript } from "../../../../dev/fake-llm/fake-llm-script";
import { type FakeLlmServer, startFakeLlmServer } from "../../../../dev/fake-llm/fake-llm-server";
import { envForFakeServer, type RealProvider } from "../../../support/llm/llm-against-fake-server";
import { runProjectScript, type ScriptOutcome } from "../../../support/project-script";

/** Runs `npm run llm -- ping` as the npm script does (`tsx scripts/llm.ts`), with only `env` set. */
const runLlmCommand = (args: string[], env: Record<string, string>): Promise<ScriptOutcome> =>
  runProjectScript("scripts/llm.ts", args, env);

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const start = async (script: FakeLlmScript) => {
  server = await startFakeLlmServer({ script });
  return server;
};

describe("npm run llm -- ping", () => {
  it("prints a one-line reason and exits non-zero when no provider is configured", async () => {
    const outcome = await runLlmCommand(["ping"], { LLM_PROVIDER: "none" });

    expect(outcome.code).not.toBe(0);
    expect(outcome.stdout).toBe("");
    expect(outcome.stderr.trim().split("\n")).toEqual([
      "llm ping failed: no LLM provider is configured (LLM_PROVIDER=none)",
    ]);
  });

  it("prints a one-line reason naming the variable when the chosen provider has no key", async () => {
    const outcome = await runLlmCommand(["ping"], { LLM_PROVIDER: "openai" });

    expect(outcome.code).not.toBe(0);
    expect(outcome.stderr.trim().split("\n")).toHaveLength(1);
    expect(outcome.stderr).toContain("OPENAI_API_KEY is missing");
  });

  it.each<RealProvider>(["openai", "anthropic"])(
    "prints the value and the usage from the %s provider and exits 0",
    async (provider) => {
      const fake = await start([
        {
          reply: {
            toolCalls: [{ name: "ping", arguments: { message: "pong from fake" } }],
            usage: { inputTokens: 40, outputTokens: 9 },
          },
        },
      ]);
      const outcome = await runLlmCommand(["ping"], envForFakeServer(provider, fake));

      expect(outcome.code).toBe(0);
      expect(outcome.stdout).toContain('value: {"message":"pong from fake"}');
      expect(outcome.stdout).toMatch(
        new RegExp(
          `usage: provider=${provider} model=\\S+ input_tokens=40 output_tokens=9 latency_ms=\\d+ attempts=1`,
        ),
      );
      expect(fake.requests[0]?.forcedToolName).toBe("ping");
    },
  );

  it("prints the provider's message on one line when the provider refuses", async () => {
    const fake = await start([{ error: { status: 401, message: "Incorrect API key provided" } }]);
    const outcome = await runLlmCommand(["ping"], envForFakeServer("openai", fake));

    expect(outcome.code).not.toBe(0);
    const lines = outcome.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Incorrect API key provided");
    expect(outcome.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });
});
