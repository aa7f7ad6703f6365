import { describe, expect, it } from "vitest";
import { formatVariantId, isVariantId, parseVariantId } from "../../../../functions/cook/domain";

describe("variant ids", () => {
  it("formats variant:{snapshot_id}:{date}:{meal_type} and parses it back", () => {
    const address = { snapshot_id: "snap_abc123", date: "2025-01-03", meal_type: "dinner" } as const;
    const id = formatVariantId(address);
    expect(id).toBe("variant:snap_abc123:2025-01-03:dinner");
    expect(parseVariantId(id)).toEqual(address);
  });

  it.each([
    "variant:snap:2025-01-03",
    "variant:snap:2025-02-30:dinner",
    "variant:snap:2025-01-03:brunch",
    "variant::2025-01-03:dinner",
    "variant:a:b:2025-01-03:dinner",
    "123456",
  ])("refuses %s", (id) => {
    expect(parseVariantId(id)).toBeNull();
  });

  it("tells variant ids from recipe ids", () => {
    expect(isVariantId("variant:snap:2025-01-03:dinner")).toBe(true);
    expect(isVariantId("chicken-stir-fry")).toBe(false);
  });
});
