import type { WeeklySlot } from "../runs/weekly-slot";

/**
 * Port: which tenants asked for a weekly run in each hour of the week. A sparse index written beside a
 * tenant's preferences, so the hourly tick reads the tenants due now and never scans every tenant. It is
 * a hint: the tick re-reads each tenant's preferences before starting anything.
 */
export interface WeeklyRunIndex {
  put(tenant: string, slot: WeeklySlot): Promise<void>;
  remove(tenant: string, slot: WeeklySlot): Promise<void>;
  tenantsDue(slot: WeeklySlot): Promise<string[]>;
}
