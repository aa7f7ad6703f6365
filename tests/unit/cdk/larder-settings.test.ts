import { describe, expect, it } from "vitest";
import { isSandboxStage, readSettings } from "../../../lib/larder-settings";

const fromContext = (context: Record<string, unknown>) => readSettings((key) => context[key]);

describe("readSettings", () => {
  it("defaults to the sandbox stage, no external issuer and the offline LLM provider", () => {
    expect(fromContext({})).toEqual({
      stage: "sandbox",
      llmProvider: "none",
      logRetentionDays: 30,
      logLevel: "INFO",
      apiRateLimit: 25,
      apiBurstLimit: 50,
      storeUrl: "https://www.auchan.pt",
    });
  });

  it("takes another store for the store tools, and refuses a value that is not an http(s) URL", () => {
    expect(fromContext({ storeUrl: "https://store.example.com" }).storeUrl).toBe("https://store.example.com");
    expect(() => fromContext({ storeUrl: "auchan.pt" })).toThrow(/storeUrl/);
    expect(() => fromContext({ storeUrl: "file:///etc/passwd" })).toThrow(/storeUrl/);
  });

  it("publishes a prebuilt console folder only when told to (consoleDir); blank is the default build", () => {
    expect(fromContext({ consoleDir: "dist/console" }).consoleDir).toBe("dist/console");
    expect(fromContext({ consoleDir: "  " })).not.toHaveProperty("consoleDir");
    expect(fromContext({})).not.toHaveProperty("consoleDir");
  });

  it("reads -c values, which arrive as strings: numbers and comma-separated audiences", () => {
    const settings = fromContext({
      stage: "prod",
      jwtIssuer: "https://issuer.example.com/",
      jwtAudience: "web, mobile",
      logRetentionDays: "14",
      apiRateLimit: "100",
    });
    expect(settings).toMatchObject({
      stage: "prod",
      jwt: { issuer: "https://issuer.example.com/", audience: ["web", "mobile"] },
      logRetentionDays: 14,
      apiRateLimit: 100,
    });
  });

  it("accepts the audience as a list, as cdk.json may hold it", () => {
    expect(
      fromContext({ jwtIssuer: "https://i.example.com", jwtAudience: ["a", "b"] }).jwt?.audience,
    ).toEqual(["a", "b"]);
  });

  it("refuses an issuer without an audience, naming the missing key", () => {
    expect(() => fromContext({ jwtIssuer: "https://i.example.com" })).toThrow(/jwtAudience/);
  });

  it("refuses an audience without an issuer, naming the missing key", () => {
    expect(() => fromContext({ jwtAudience: "web" })).toThrow(/jwtIssuer/);
  });

  it("refuses a stage that cannot prefix resource names", () => {
    expect(() => fromContext({ stage: "Prod_EU" })).toThrow(/stage/);
  });

  it("refuses a log retention CloudWatch does not offer", () => {
    expect(() => fromContext({ logRetentionDays: 10 })).toThrow(/logRetentionDays/);
  });

  it("refuses an unknown LLM provider", () => {
    expect(() => fromContext({ llmProvider: "gpt" })).toThrow(/llmProvider/);
  });

  it("treats empty -c values as unset", () => {
    expect(
      fromContext({ jwtIssuer: "", jwtAudience: "", anthropicApiKeySecretName: " " }),
    ).not.toHaveProperty("jwt");
    expect(fromContext({ anthropicApiKeySecretName: " " }).anthropicApiKeySecretName).toBeUndefined();
  });
});

describe("isSandboxStage", () => {
  it("counts sandbox and sandbox-<name> as sandboxes, and nothing else", () => {
    expect(isSandboxStage("sandbox")).toBe(true);
    expect(isSandboxStage("sandbox-alice")).toBe(true);
    expect(isSandboxStage("prod")).toBe(false);
    expect(isSandboxStage("sandboxed")).toBe(false);
  });
});
