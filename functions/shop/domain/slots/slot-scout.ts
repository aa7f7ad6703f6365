import { z } from "zod";
import type { SlotPreferences, Weekday } from "../household-preferences";
import { type CoordinatorSlot, coordinatorSlotSchema } from "../store-shapes";

export const slotRecommendationSchema = z.object({
  recommended: coordinatorSlotSchema.optional(),
  reason: z.string(),
  acceptableCount: z.number().int(),
  totalCount: z.number().int(),
});
export type SlotRecommendation = z.infer<typeof slotRecommendationSchema>;

const WEEKDAY_OF_UTC_DAY: Weekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const hourOf = (time: string): number => {
  const [hours = "0", minutes = "0"] = time.split(":");
  return Number(hours) + Number(minutes) / 60;
};

const euros = (cents: number): string => `${(cents / 100).toFixed(2).replace(".", ",")} €`;

/** Whether a person could book the slot now and it fits the household's days, hours and fee. */
export const slotIsAcceptable = (slot: CoordinatorSlot, preferences: SlotPreferences): boolean => {
  if (!slot.bookable || slot.full || slot.afterCutoff) return false;
  const weekday = WEEKDAY_OF_UTC_DAY[new Date(`${slot.date}T00:00:00Z`).getUTCDay()] as Weekday;
  if (preferences.days && !preferences.days.includes(weekday)) return false;
  if (preferences.earliestHour !== undefined && hourOf(slot.start) < preferences.earliestHour) return false;
  if (preferences.latestHour !== undefined && hourOf(slot.end) > preferences.latestHour) return false;
  if (preferences.maxFeeCents !== undefined && slot.priceCents > preferences.maxFeeCents) return false;
  return true;
};

/**
 * The SlotScout: among the bookable slots within the household's preferences, the cheapest, then the
 * earliest. It recommends only: nothing here (nor in the store port) books a slot or checks out.
 */
export const recommendSlot = (
  slots: readonly CoordinatorSlot[],
  preferences: SlotPreferences,
): SlotRecommendation => {
  const acceptable = slots
    .filter((slot) => slotIsAcceptable(slot, preferences))
    .sort(
      (a, b) =>
        a.priceCents - b.priceCents || a.date.localeCompare(b.date) || hourOf(a.start) - hourOf(b.start),
    );
  const best = acceptable[0];
  if (!best) {
    return {
      reason:
        slots.length === 0
          ? "A loja não mostrou horários de entrega."
          : "Nenhum horário disponível cumpre as preferências de entrega.",
      acceptableCount: 0,
      totalCount: slots.length,
    };
  }
  return {
    recommended: best,
    reason: `${best.date} ${best.start}-${best.end}, ${best.isFree || best.priceCents === 0 ? "grátis" : euros(best.priceCents)}: o mais barato e, entre os mais baratos, o mais cedo (${acceptable.length} de ${slots.length} horários cumprem as preferências). Não foi reservado.`,
    acceptableCount: acceptable.length,
    totalCount: slots.length,
  };
};
