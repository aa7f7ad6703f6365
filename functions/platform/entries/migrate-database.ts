import type { CloudFormationCustomResourceEvent } from "aws-lambda";
import { z } from "zod";
import { migrationLogger as logger, runMigrations } from "../wiring/migration-wiring";

/**
 * The deploy-time migration runner: a CloudFormation custom resource whose properties carry the ordered
 * migration files (functions/core/sql/migrations, read at synth), so every deploy that changes one runs
 * it through the Data API. Applied migrations are recorded and skipped. Deleting the stack deletes the
 * cluster; the resource's own Delete does nothing.
 */
const MigrationsSchema = z.array(z.object({ name: z.string().min(1), sql: z.string().min(1) }));

const PHYSICAL_ID = "larder-database-migrations";

export const handler = async (event: CloudFormationCustomResourceEvent): Promise<void> => {
  let status: "SUCCESS" | "FAILED" = "SUCCESS";
  let reason = "";
  let applied: string[] = [];
  if (event.RequestType !== "Delete") {
    try {
      const migrations = MigrationsSchema.parse(event.ResourceProperties.Migrations);
      const report = await runMigrations(migrations);
      applied = report.applied;
      logger.info("migrations", { applied: report.applied, alreadyApplied: report.alreadyApplied });
    } catch (error) {
      status = "FAILED";
      reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
      logger.error("migrations failed", { error: error as Error });
    }
  }
  // The answer CloudFormation waits for, PUT to the presigned URL it gave (the cfn-response protocol).
  const response = await fetch(event.ResponseURL, {
    method: "PUT",
    headers: { "content-type": "" },
    body: JSON.stringify({
      Status: status,
      Reason: reason || `applied: ${applied.join(", ") || "none"}`,
      PhysicalResourceId: PHYSICAL_ID,
      StackId: event.StackId,
      RequestId: event.RequestId,
      LogicalResourceId: event.LogicalResourceId,
      Data: { Applied: applied.join(",") },
    }),
  });
  if (!response.ok)
    throw new Error(`CloudFormation refused the custom resource answer: HTTP ${response.status}`);
};
