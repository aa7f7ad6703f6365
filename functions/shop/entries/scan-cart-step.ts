import type { Context } from "aws-lambda";
import { parseOrThrow } from "../../core/validation";
import { runKeysSchema } from "../domain/runs/run-step-events";
import { scanCartForRun } from "../domain/use-cases/scan-cart";
import { stepLogger } from "../wiring/step-logger";
import { withHouseholdStore } from "../wiring/step-store";
import { choicesFor, runRepositoryFor } from "../wiring/step-table";

/** ScanCart: the cart's unavailable lines as Map items, with their policies and the household's rules. */
export const handler = async (event: unknown, context: Context) => {
  const keys = parseOrThrow(runKeysSchema, event, "ScanCart event");
  const runs = runRepositoryFor(keys.tenant);
  // The preferences are read first: the store session opens only for a run whose table answers.
  return scanCartForRun(
    {
      runs,
      choices: choicesFor(keys.tenant),
      logger: stepLogger,
      store: {
        scanCart: () => withHouseholdStore(keys, context, (store) => store.scanCart()),
      },
    },
    keys,
  );
};
