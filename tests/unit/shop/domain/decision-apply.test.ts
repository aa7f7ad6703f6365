import { describe, expect, it } from "vitest";
import type { StorePort } from "../../../../functions/shop/domain/ports/store-port";
import {
  applyClaimedChanges,
  type ClaimedChange,
  type DecisionOutcome,
} from "../../../../functions/shop/domain/runs/decision-apply";
import type { CoordinatorCartLine } from "../../../../functions/shop/domain/store-shapes";

const line = (productId: string, quantity: number): CoordinatorCartLine => ({
  productId,
  name: productId,
  price: 1,
  available: true,
  categoryPath: [],
  quantity,
});

/** A cart in memory, whose calls are kept; `failOn` names the calls that throw. */
const cartStore = (lines: CoordinatorCartLine[], failOn: (call: string) => boolean = () => false) => {
  const cart = new Map(lines.map((l) => [l.productId, l.quantity]));
  const calls: string[] = [];
  let closed = false;
  const store: Pick<StorePort, "scanCart" | "addToCart" | "removeFromCart"> & {
    close(): Promise<void>;
  } = {
    scanCart: async () => [...cart].map(([id, quantity]) => line(id, quantity)),
    addToCart: async (productId, quantity) => {
      calls.push(`add ${productId} ${quantity}`);
      if (failOn(`add ${productId}`)) throw new Error(`add ${productId} failed`);
      cart.set(productId, (cart.get(productId) ?? 0) + quantity);
    },
    removeFromCart: async (productId) => {
      calls.push(`remove ${productId}`);
      if (failOn(`remove ${productId}`)) throw new Error(`remove ${productId} failed`);
      cart.delete(productId);
    },
    close: async () => {
      closed = true;
    },
  };
  return {
    store: store as unknown as StorePort & { close(): Promise<void> },
    cart,
    calls,
    closed: () => closed,
  };
};

const substitute = (resumed = false): ClaimedChange => ({
  plan: {
    kind: "substitute",
    decision: { originalProductId: "milk-1", action: "accept" },
    originalId: "milk-1",
    substituteId: "milk-2",
    quantity: 2,
    reason: "covers 2 l",
  },
  index: 0,
  resumed,
});
const prune: ClaimedChange = {
  plan: { kind: "prune", decision: { pruneProductId: "rice-1", action: "remove" }, productId: "rice-1" },
  index: 1,
  resumed: false,
};
const recorded = (claimed: readonly ClaimedChange[]): DecisionOutcome[] =>
  claimed.map(({ plan }) => ({ decision: plan.decision, outcome: "recorded", changes: [] }));

describe("applyClaimedChanges", () => {
  it("adds the substitute, removes the original and the pruned line, on one session it closes", async () => {
    const fake = cartStore([line("milk-1", 2), line("rice-1", 1)]);
    const claimed = [substitute(), prune];
    const results = recorded(claimed);
    await applyClaimedChanges(async () => fake.store, claimed, results);
    expect(results.map((r) => r.outcome)).toEqual(["applied", "applied"]);
    expect(results[0]?.changes).toEqual([
      { change: "added", productId: "milk-2", quantity: 2, reason: "covers 2 l" },
      { change: "removed", productId: "milk-1" },
    ]);
    expect([...fake.cart]).toEqual([["milk-2", 2]]);
    expect(fake.closed()).toBe(true);
  });

  it("undoes the addition when the original cannot be removed, and says the cart is as it was", async () => {
    const fake = cartStore([line("milk-1", 2)], (call) => call === "remove milk-1");
    const results = recorded([substitute()]);
    await applyClaimedChanges(async () => fake.store, [substitute()], results);
    expect(results[0]).toMatchObject({ outcome: "failed", code: "store_failed", undone: true, changes: [] });
    expect([...fake.cart]).toEqual([["milk-1", 2]]);
  });

  it("fails a change whose original left the cart (original_not_in_cart) without adding anything", async () => {
    const fake = cartStore([]);
    const results = recorded([substitute()]);
    await applyClaimedChanges(async () => fake.store, [substitute()], results);
    expect(results[0]).toMatchObject({ outcome: "failed", code: "original_not_in_cart", undone: true });
    expect(fake.calls).toEqual([]);
  });

  it("completes a resumed claim without repeating the addition the cart shows done", async () => {
    const fake = cartStore([line("milk-1", 2), line("milk-2", 2)]);
    const results = recorded([substitute(true)]);
    await applyClaimedChanges(async () => fake.store, [substitute(true)], results);
    expect(results[0]).toMatchObject({ outcome: "applied" });
    expect(fake.calls).toEqual(["remove milk-1"]);
  });

  it("fails every claimed change, undone, when no session opens; opens none when nothing is claimed", async () => {
    const results = recorded([substitute(), prune]);
    await applyClaimedChanges(
      async () => {
        throw new Error("no browser");
      },
      [substitute(), prune],
      results,
    );
    expect(results).toMatchObject([
      { outcome: "failed", error: "no browser", code: "store_failed", undone: true },
      { outcome: "failed", error: "no browser", code: "store_failed", undone: true },
    ]);
    let opened = false;
    await applyClaimedChanges(
      async () => {
        opened = true;
        return cartStore([]).store;
      },
      [],
      [],
    );
    expect(opened).toBe(false);
  });
});
