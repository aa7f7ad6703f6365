import type { WeeklyRunIndex } from "../../../functions/shop/domain/ports/weekly-run-index";
import type { WeeklySlot } from "../../../functions/shop/domain/runs/weekly-slot";

const slotKey = (slot: WeeklySlot) => `${slot.weekday}#${slot.hour}`;

/** The weekly-run index in memory, for unit tests; `entries()` lists `tenant@weekday#hour`, sorted. */
export const createInMemoryWeeklyRunIndex = (): WeeklyRunIndex & { entries(): string[] } => {
  const slots = new Map<string, Set<string>>();
  return {
    async put(tenant, slot) {
      const tenants = slots.get(slotKey(slot)) ?? new Set<string>();
      tenants.add(tenant);
      slots.set(slotKey(slot), tenants);
    },
    async remove(tenant, slot) {
      slots.get(slotKey(slot))?.delete(tenant);
    },
    async tenantsDue(slot) {
      return [...(slots.get(slotKey(slot)) ?? [])].sort();
    },
    entries: () =>
      [...slots.entries()]
        .flatMap(([slot, tenants]) => [...tenants].map((tenant) => `${tenant}@${slot}`))
        .sort(),
  };
};
