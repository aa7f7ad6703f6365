import { z } from "zod";
import { parseOrThrow } from "../../core/validation";
import { coordinatorCartLineSchema } from "../domain/ports/store-tools-port";
import { searchStateSchema } from "../domain/run-step-events";
import { originalItemFromCartLine, removeSameProduct } from "../domain/substitution-worker";

const eventSchema = z.object({ item: coordinatorCartLineSchema, search: searchStateSchema });

/** Map item, step 3: the unavailable product itself out of its candidates (same id or same name). */
export const handler = async (event: unknown) => {
  const { item, search } = parseOrThrow(eventSchema, event, "RemoveSameProduct event");
  const candidates = removeSameProduct(originalItemFromCartLine(item), search.candidates);
  return { ...search, candidates, candidateCount: candidates.length };
};
