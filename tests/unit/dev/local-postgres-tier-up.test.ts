import { describe, expect, it } from "vitest";
import {
  DEFERRED_WASM_TIERING_BUDGET,
  wasmTieringBudget,
  withWasmTierUpDeferred,
} from "../../../dev/local-postgres";

describe("the stack's PGlite open with V8's tier-up deferred", () => {
  it("raises the tiering budget for the open only and sets V8's default back after it", async () => {
    const flags: string[] = [];
    const opened = await withWasmTierUpDeferred(
      async () => {
        expect(flags).toEqual([`--wasm-tiering-budget=${DEFERRED_WASM_TIERING_BUDGET}`]);
        return "db";
      },
      (flag) => flags.push(flag),
    );
    expect(opened).toBe("db");
    expect(flags).toEqual([
      `--wasm-tiering-budget=${DEFERRED_WASM_TIERING_BUDGET}`,
      "--wasm-tiering-budget=1800000",
    ]);
  });

  it("sets the budget back when the open fails, and passes the failure on", async () => {
    const flags: string[] = [];
    await expect(
      withWasmTierUpDeferred(
        () => Promise.reject(new Error("not a database")),
        (flag) => flags.push(flag),
      ),
    ).rejects.toThrow("not a database");
    expect(flags.at(-1)).toBe("--wasm-tiering-budget=1800000");
  });

  it("sets back the budget the process was started with, not V8's default", () => {
    expect(wasmTieringBudget(["--inspect", "--wasm-tiering-budget=900000"])).toBe(900_000);
    expect(wasmTieringBudget(["--wasm-tiering-budget=x"])).toBe(1_800_000);
    expect(wasmTieringBudget([])).toBe(1_800_000);
  });
});
