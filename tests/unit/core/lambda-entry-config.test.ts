import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { allFunctions } from "../../../lib/areas";
import { repositoryRoot } from "../../../lib/repository-root";

// Each Lambda entry reads its configuration when its module loads (a cold start), so a missing variable
// fails there, with its name, and never on a request.

const tableFunctions = allFunctions().filter((fn) => fn.needs.includes("table"));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const importEntry = (entry: string) => import(pathToFileURL(resolve(repositoryRoot, entry)).href);

describe("Lambda entries bound to the table", () => {
  it("exist in the app", () => {
    expect(tableFunctions.map((fn) => fn.id)).toContain("PlatformApi");
  });

  it.each(tableFunctions.map((fn) => [fn.id, fn.entry] as const))(
    "%s fails at cold start naming TABLE_NAME when it is missing",
    async (_id, entry) => {
      vi.stubEnv("TABLE_NAME", undefined);
      vi.stubEnv("LLM_PROVIDER", "none");
      const error: unknown = await importEntry(entry).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      // The entry loads its own copy of the errors module (modules are reset per test): match by shape.
      expect(error).toMatchObject({
        name: "ConfigError",
        category: "config",
        message: expect.stringContaining("TABLE_NAME is missing"),
        details: { variables: ["TABLE_NAME"] },
      });
    },
  );

  it.each(tableFunctions.map((fn) => [fn.id, fn.entry, fn.handler] as const))(
    "%s loads and exports its handler when TABLE_NAME is set",
    async (_id, entry, handler) => {
      vi.stubEnv("TABLE_NAME", "larder-test");
      vi.stubEnv("LLM_PROVIDER", "none");
      vi.stubEnv("DATABASE_URL", "postgres://larder@127.0.0.1:5432/larder");
      const module = (await importEntry(entry)) as Record<string, unknown>;
      expect(typeof module[handler]).toBe("function");
    },
  );
});

describe("Lambda entries bound to the database", () => {
  const databaseFunctions = allFunctions().filter((fn) => fn.needs.includes("database"));

  it.each(databaseFunctions.map((fn) => [fn.id, fn.entry] as const))(
    "%s fails at cold start naming DATABASE_URL and the Data API variables when none is set",
    async (_id, entry) => {
      vi.stubEnv("TABLE_NAME", "larder-test");
      vi.stubEnv("LLM_PROVIDER", "none");
      vi.stubEnv("DATABASE_URL", undefined);
      vi.stubEnv("DATABASE_CLUSTER_ARN", undefined);
      const error: unknown = await importEntry(entry).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toMatchObject({
        name: "ConfigError",
        details: { variables: expect.arrayContaining(["DATABASE_URL", "DATABASE_CLUSTER_ARN"]) },
      });
    },
  );
});

describe("Lambda entries that call a model", () => {
  const llmFunctions = allFunctions().filter((fn) => fn.needs.includes("llm"));

  it.each(llmFunctions.map((fn) => [fn.id, fn.entry] as const))(
    "%s fails at cold start naming LLM_PROVIDER when it is malformed",
    async (_id, entry) => {
      vi.stubEnv("TABLE_NAME", "larder-test");
      vi.stubEnv("LLM_PROVIDER", "gpt");
      const error: unknown = await importEntry(entry).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toMatchObject({ name: "ConfigError", details: { variables: ["LLM_PROVIDER"] } });
    },
  );
});
