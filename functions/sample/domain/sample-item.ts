import { z } from "zod";

export const sampleItemSchema = z.object({
  item: z.string(),
  index: z.number().int().min(0),
});

export type SampleItem = z.output<typeof sampleItemSchema>;

export interface ProcessedSampleItem {
  index: number;
  item: string;
  /** The item as a key: trimmed, lower case, inner spaces as dashes. */
  key: string;
}

/** The per-item work of the sample's Map: small and deterministic, so tests can check every result. */
export const processSampleItem = ({ item, index }: SampleItem): ProcessedSampleItem => ({
  index,
  item,
  key: item.trim().toLowerCase().replace(/\s+/g, "-"),
});
