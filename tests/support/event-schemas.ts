import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import type { BusEvent } from "../../dev/workflow/local-event-bus";
import { repositoryRoot } from "../../lib/repository-root";

const eventsDir = join(repositoryRoot, "docs", "events");

/** docs/events/<detail-type>.v<n>.json, compiled: detail-type → its schema's validator. */
export const documentedEventSchemas = (): Map<string, ValidateFunction> => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const schemas = new Map<string, ValidateFunction>();
  for (const file of readdirSync(eventsDir).filter((f) => f.endsWith(".json"))) {
    const schema = JSON.parse(readFileSync(join(eventsDir, file), "utf8")) as { title: string };
    schemas.set(schema.title, ajv.compile(schema));
  }
  return schemas;
};

/** Why an event does not match its documented schema (an undocumented type included), or []. */
export const eventSchemaProblems = (
  event: Pick<BusEvent, "source" | "detail-type" | "detail">,
  schemas = documentedEventSchemas(),
): string[] => {
  const validate = schemas.get(event["detail-type"]);
  if (!validate) return [`${event["detail-type"]} has no schema under docs/events/`];
  if (validate(event)) return [];
  return (validate.errors ?? []).map((e) => `${event["detail-type"]}${e.instancePath} ${e.message ?? ""}`);
};
