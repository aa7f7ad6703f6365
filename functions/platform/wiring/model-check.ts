import {
  type ProviderCondition,
  providerConditions,
  sharedProviderConditions,
} from "../../core/llm/provider-breaker";
import type { SharedProviderConditions } from "../../core/llm/shared-provider-conditions";
import type { HealthCheck, HealthProbe } from "../domain/health-check";

const describe = (condition: ProviderCondition): string =>
  `${condition.provider}: ${condition.reason ?? "failed"} at ${condition.failedAt}, skipped until ${condition.retryAfter}`;

/**
 * The model's check, which never calls a model: `degraded` while a provider failed recently (this
 * container's breakers, and what other containers recorded in the app table), `ok` otherwise.
 */
export const createModelCheck =
  (shared: SharedProviderConditions, now: () => number = Date.now): HealthProbe =>
  async (): Promise<HealthCheck> => {
    const conditions = [
      ...providerConditions().filter((condition) => condition.state === "degraded"),
      ...(await sharedProviderConditions(shared, now())),
    ];
    const degraded = new Map(conditions.map((condition) => [condition.provider, condition]));
    if (degraded.size === 0) return { status: "ok" };
    const retryAfter = Math.max(
      ...[...degraded.values()].map((condition) => Date.parse(condition.retryAfter ?? "") || now()),
    );
    return {
      status: "degraded",
      detail: `answering offline: ${[...degraded.values()].map(describe).join("; ")}`,
      retry_after_seconds: Math.max(1, Math.ceil((retryAfter - now()) / 1000)),
    };
  };
