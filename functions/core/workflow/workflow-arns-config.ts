import { z } from "zod";
import { parseConfig } from "../config";

/** `{ "<workflow name>": "arn:aws:states:...:stateMachine:..." }`, as LarderFunction.bindWorkflows sets it. */
const workflowArnsSchema = z.record(
  z.string().min(1),
  z.string().regex(/^arn:aws[a-z-]*:states:[^:]*:\d{12}:stateMachine:[^:]+$/, "a state machine ARN"),
);

const workflowConfigSchema = z.object({
  WORKFLOW_ARNS: z
    .string()
    .trim()
    .min(1)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "not JSON" });
        return z.NEVER;
      }
    })
    .pipe(workflowArnsSchema),
});

export type WorkflowArns = Record<string, string>;

/** Reads `WORKFLOW_ARNS`; a missing or malformed value fails with the variable's name (ConfigError). */
export const readWorkflowArns = (env: Record<string, string | undefined> = process.env): WorkflowArns =>
  parseConfig(workflowConfigSchema, env).WORKFLOW_ARNS;
