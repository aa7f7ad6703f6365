import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { readLocalStackConfig } from "../../../dev/local-config";
import {
  configOnce,
  envBool,
  envPort,
  envString,
  envUrl,
  parseConfig,
  resolveLlmProvider,
} from "../../../functions/core/config";
import { ConfigError } from "../../../functions/core/errors";
import { createLogger } from "../../../functions/core/logger";

const Schema = z.object({
  TABLE_NAME: envString(),
  PORT: envPort(),
  TRACING: envBool(),
  STORE_URL: envUrl(),
});

const VALID = { TABLE_NAME: "larder", PORT: "8080", TRACING: "1", STORE_URL: "http://127.0.0.1:3001" };

/** Runs `read` and returns the ConfigError it throws (failing the test if it throws nothing else). */
const configErrorOf = (read: () => unknown): ConfigError => {
  try {
    read();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError, but the configuration was accepted");
};

describe("parseConfig", () => {
  it("returns typed values from valid variables", () => {
    expect(parseConfig(Schema, VALID)).toEqual({
      TABLE_NAME: "larder",
      PORT: 8080,
      TRACING: true,
      STORE_URL: "http://127.0.0.1:3001",
    });
  });

  it("names a missing variable", () => {
    const { TABLE_NAME: _omitted, ...rest } = VALID;
    const error = configErrorOf(() => parseConfig(Schema, rest));
    expect(error.message).toContain("TABLE_NAME is missing");
    expect(error.details).toEqual({ variables: ["TABLE_NAME"] });
  });

  it("names a malformed variable and says why", () => {
    const error = configErrorOf(() => parseConfig(Schema, { ...VALID, PORT: "eighty" }));
    expect(error.message).toMatch(/PORT is malformed \(.+\)/);
    expect(error.message).not.toContain("is missing");
  });

  it("names every problem at once, missing and malformed", () => {
    const error = configErrorOf(() =>
      parseConfig(Schema, { PORT: "70000", TRACING: "yes", STORE_URL: "not a url" }),
    );
    expect(error.message).toContain("TABLE_NAME is missing");
    expect(error.message).toContain("PORT is malformed");
    expect(error.message).toContain("TRACING is malformed");
    expect(error.message).toContain("STORE_URL is malformed");
    expect(error.details).toEqual({
      variables: expect.arrayContaining(["TABLE_NAME", "PORT", "TRACING", "STORE_URL"]),
    });
  });

  it("treats a blank string as malformed rather than accepting it", () => {
    const error = configErrorOf(() => parseConfig(Schema, { ...VALID, TABLE_NAME: "   " }));
    expect(error.message).toContain("TABLE_NAME is malformed");
  });

  it("reads process.env when no environment is passed", () => {
    vi.stubEnv("LARDER_TEST_ONLY_VARIABLE", "from-process-env");
    try {
      expect(parseConfig(z.object({ LARDER_TEST_ONLY_VARIABLE: envString() }))).toEqual({
        LARDER_TEST_ONLY_VARIABLE: "from-process-env",
      });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it.each([
    ["true", true],
    ["1", true],
    ["false", false],
    ["0", false],
  ])("reads the boolean %s as %s", (raw, expected) => {
    expect(parseConfig(z.object({ FLAG: envBool() }), { FLAG: raw }).FLAG).toBe(expected);
  });

  it.each(["-1", "65536", "3.5", "port"])("refuses the port %s", (raw) => {
    expect(configErrorOf(() => parseConfig(z.object({ P: envPort() }), { P: raw })).message).toContain(
      "P is malformed",
    );
  });
});

describe("configOnce", () => {
  it("reads the configuration once and returns the same value afterwards", () => {
    const read = vi.fn(() => ({ TABLE_NAME: "larder" }));
    const config = configOnce(read);
    const first = config();
    expect(config()).toBe(first);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("reads again after a failed read (a failure is not cached)", () => {
    let calls = 0;
    const config = configOnce(() => {
      calls += 1;
      if (calls === 1) throw new ConfigError("first read fails");
      return calls;
    });
    expect(() => config()).toThrow(ConfigError);
    expect(config()).toBe(2);
  });
});

describe("resolveLlmProvider", () => {
  it("uses LLM_PROVIDER when it is set, even with another provider's key present", () => {
    expect(resolveLlmProvider({ LLM_PROVIDER: "none", ANTHROPIC_API_KEY: "sk-ant" })).toBe("none");
    expect(resolveLlmProvider({ LLM_PROVIDER: "bedrock" })).toBe("bedrock");
    expect(resolveLlmProvider({ LLM_PROVIDER: " openai " })).toBe("openai");
  });

  it("names LLM_PROVIDER when its value is not a known provider", () => {
    const error = configErrorOf(() => resolveLlmProvider({ LLM_PROVIDER: "gpt" }));
    expect(error.message).toContain("LLM_PROVIDER is malformed");
    expect(error.details).toEqual({ variables: ["LLM_PROVIDER"] });
  });

  it("infers Anthropic first, then OpenAI, from the keys present", () => {
    expect(resolveLlmProvider({ ANTHROPIC_API_KEY: "a", OPENAI_API_KEY: "o" })).toBe("anthropic");
    expect(resolveLlmProvider({ OPENAI_API_KEY: "o" })).toBe("openai");
  });

  it("defaults to none without a key, never to a paid provider", () => {
    expect(resolveLlmProvider({})).toBe("none");
    expect(resolveLlmProvider({ LLM_PROVIDER: "", ANTHROPIC_API_KEY: "" })).toBe("none");
  });
});

describe("readLocalStackConfig", () => {
  it("uses the documented local defaults", () => {
    expect(readLocalStackConfig({})).toEqual({
      PORT: 3000,
      STORE_PORT: 3001,
      TABLE_NAME: "larder-local",
      DEMO_DATA: "on",
      SCHEDULES: "on",
      LLM_PROVIDER: "none",
    });
  });

  it("takes every port from the environment so two stacks can run side by side", () => {
    const config = readLocalStackConfig({ PORT: "0", STORE_PORT: "4001", DYNAMODB_PORT: "8123" });
    expect(config).toMatchObject({ PORT: 0, STORE_PORT: 4001, DYNAMODB_PORT: 8123 });
  });

  it("names a malformed variable", () => {
    expect(configErrorOf(() => readLocalStackConfig({ DEMO_DATA: "maybe" })).message).toContain(
      "DEMO_DATA is malformed",
    );
  });
});

describe("createLogger", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("logs at INFO when LOG_LEVEL is unset and takes a level in any case", () => {
    vi.stubEnv("LOG_LEVEL", undefined);
    expect(createLogger("test").getLevelName()).toBe("INFO");
    vi.stubEnv("LOG_LEVEL", "debug");
    expect(createLogger("test").getLevelName()).toBe("DEBUG");
  });

  it("names LOG_LEVEL when it is not a Powertools level, instead of logging at INFO", () => {
    vi.stubEnv("LOG_LEVEL", "VERBOSE");
    const error = configErrorOf(() => createLogger("test"));
    expect(error.message).toContain("LOG_LEVEL is malformed");
    expect(error.details).toEqual({ variables: ["LOG_LEVEL"] });
  });
});
