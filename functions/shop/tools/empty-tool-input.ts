import { z } from "zod";

/**
 * The input of the tools that take none (scanCart, listDeliverySlots). Optional, and
 * extra keys are dropped rather than refused: the seed's coordinator calls scanCartTool with
 * `{ expandAll: true }`, and the tool always reads the whole cart.
 */
export const emptyToolInputSchema = z.object({}).optional();
