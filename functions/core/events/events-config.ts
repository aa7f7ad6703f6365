import { z } from "zod";
import { envString, parseConfig } from "../config";

const eventsEnvSchema = z
  .object({
    /** The stage's bus (`larder-<stage>`), set by CDK on the functions that need `events`. */
    EVENT_BUS_NAME: envString().optional(),
    /** Set by the Lambda runtime: deployed, an event with no bus would be lost. */
    AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
  })
  .superRefine((env, context) => {
    if (env.AWS_LAMBDA_FUNCTION_NAME && env.EVENT_BUS_NAME === undefined) {
      context.addIssue({
        code: "custom",
        path: ["EVENT_BUS_NAME"],
        message: "required in a Lambda that publishes events (CDK sets it with the `events` need)",
      });
    }
  });

export interface EventsConfig {
  /** Where API-side events go; absent outside a Lambda (the local stack installs its in-process bus). */
  busName?: string;
}

/** EVENT_BUS_NAME: required in a Lambda, so a function that publishes dies at cold start without it. */
export const readEventsConfig = (env: Record<string, string | undefined> = process.env): EventsConfig => {
  const parsed = parseConfig(eventsEnvSchema, env);
  return parsed.EVENT_BUS_NAME ? { busName: parsed.EVENT_BUS_NAME } : {};
};
