import { describe, expect, it } from "vitest";
import { describeOnlyDeps } from "../../../functions/core/http/openapi-document";

interface Deps {
  logger: string;
  table: { get(): string };
  limit?: number;
}

describe("describeOnlyDeps", () => {
  it("serves the given values, including ones given as undefined", () => {
    const deps = describeOnlyDeps<Deps>("area", { logger: "log", limit: undefined });
    expect(deps.logger).toBe("log");
    expect(deps.limit).toBeUndefined();
  });

  it("throws, naming the area and the property, when anything else is read", () => {
    const deps = describeOnlyDeps<Deps>("area", { logger: "log" });
    expect(() => deps.table).toThrow("area.table is not available while generating the OpenAPI document");
  });

  it("is not mistaken for a promise (awaiting it does not read a missing `then`)", async () => {
    const deps = describeOnlyDeps<Deps>("area");
    await expect(Promise.resolve(deps)).resolves.toBe(deps);
  });
});
