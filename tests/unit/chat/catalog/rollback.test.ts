import { describe, expect, it } from "vitest";
import type { Delta, SessionState } from "../../../../functions/chat/catalog/domain/session-state";
import {
  type CatalogToolName,
  runCatalogTool,
} from "../../../../functions/chat/catalog/domain/tools/catalog-tools";
import { emptyState, memoryCatalog, product } from "../../../support/chat/catalog-fixtures";

const catalog = memoryCatalog([
  product("l1", { name: "Asus Zenbook", price: 9_000_000, rating: 4.6 }),
  product("l2", { name: "Apple MacBook Air", brand: "Apple", price: 12_000_000, rating: 4.9 }),
  product("l3", { name: "Lenovo IdeaPad", brand: "Lenovo", price: 5_000_000, rating: 4.1 }),
  product("p1", { name: "Samsung Galaxy", category: "phones", brand: "Samsung", price: 2_000_000 }),
]);

/** Runs tools in order like the use case does, keeping the deltas. */
const session = () => {
  let state: SessionState = emptyState();
  const deltas: Delta[] = [];
  return {
    get state() {
      return state;
    },
    deltas,
    async run(tool: CatalogToolName, args: unknown) {
      const outcome = await runCatalogTool({ catalog, state, deltas: async () => deltas }, tool, args);
      if (outcome.change) {
        state = outcome.change.state;
        deltas.push({ ...outcome.change.delta, trigger: "TOOL_CALL", createdAt: "2026-01-01T00:00:00.000Z" });
      }
      return outcome.tool_result;
    },
  };
};

const ids = (state: SessionState) => state.current.data.products.map((p) => p.id);

describe("rollback by replaying deltas", () => {
  it("returns to each earlier step as a new step with a ROLLBACK delta, keeping history", async () => {
    const s = session();
    expect(await s.run("search_products", { query: "laptops" })).toBe("ok: found 3 products");
    await s.run("filter_products", { max_price: 100_000 });
    await s.run("sort_products", { by: "price", order: "desc" });
    const seen = [[], ["l1", "l2", "l3"], ["l1", "l3"], ["l1", "l3"]];
    for (const toStep of [2, 1, 0]) {
      const before = s.state.step;
      expect(await s.run("rollback", { to_step: toStep })).toMatch(/^ok: rolled back to step/);
      expect(s.state.step).toBe(before + 1);
      expect(ids(s.state)).toEqual(seen[toStep]);
      expect(s.deltas.at(-1)?.action).toEqual({
        type: "ROLLBACK",
        tool: "rollback",
        params: { to_step: toStep },
      });
    }
    expect(s.deltas.map((d) => d.action.type)).toEqual([
      "SEARCH",
      "FILTER",
      "SORT",
      "ROLLBACK",
      "ROLLBACK",
      "ROLLBACK",
    ]);
  });

  it("replays a search from its recorded ids, not against the changed catalog", async () => {
    const s = session();
    await s.run("search_products", { query: "laptops" });
    await s.run("filter_products", { brand: "apple" });
    catalog.products.push(product("l4", { name: "New laptop" }));
    try {
      await s.run("rollback", { to_step: 1 });
      expect(ids(s.state)).toEqual(["l1", "l2", "l3"]);
    } finally {
      catalog.products.pop();
    }
  });

  it("undo without to_step goes back one step, and a rollback of a rollback replays it", async () => {
    const s = session();
    await s.run("search_products", { query: "laptops" });
    await s.run("filter_products", { brand: "Lenovo" });
    await s.run("rollback", {});
    expect(ids(s.state)).toEqual(["l1", "l2", "l3"]);
    await s.run("filter_products", { min_rating: 4.5 });
    await s.run("rollback", { to_step: 3 });
    expect(ids(s.state)).toEqual(["l1", "l2", "l3"]);
  });

  it("refuses a rollback to the current or a later step naming to_step", async () => {
    const s = session();
    await s.run("search_products", { query: "laptops" });
    await expect(s.run("rollback", { to_step: 1 })).rejects.toMatchObject({
      category: "validation",
      issues: [expect.objectContaining({ path: "to_step" })],
    });
  });

  it("has nothing to roll back on a new session", async () => {
    expect(await session().run("rollback", {})).toBe("empty: nothing to roll back");
  });
});
