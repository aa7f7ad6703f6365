import { type HealthCheck, summarizeHealth } from "../functions/platform/http/create-platform-app";

/**
 * One named part of the local stack that GET /health reports. The stack keeps a list of these: adding a
 * part (a database, a runner) is one more entry, and /health is 200 only when every entry is ok or disabled.
 */
export interface ReadinessCheck {
  name: string;
  check: () => HealthCheck | Promise<HealthCheck>;
}

/** Runs every check at once; a check that throws is `down` with its message rather than a failed /health. */
export const runReadinessChecks = async (checks: ReadinessCheck[]): Promise<Record<string, HealthCheck>> =>
  Object.fromEntries(
    await Promise.all(
      checks.map(async ({ name, check }): Promise<[string, HealthCheck]> => {
        try {
          return [name, await check()];
        } catch (error) {
          return [name, { status: "down", detail: error instanceof Error ? error.message : String(error) }];
        }
      }),
    ),
  );

/**
 * A part that is made ready after the API listens (demo data is loaded through the API): `starting` until
 * `ready`, and `disabled` when the stack runs without it. (A step that fails stops the whole stack.)
 */
export interface StartupStep {
  check: () => HealthCheck;
  ready(detail?: string): void;
}

export const createStartupStep = (enabled: boolean, startingDetail: string): StartupStep => {
  let state: HealthCheck = enabled ? { status: "starting", detail: startingDetail } : { status: "disabled" };
  return {
    check: () => state,
    ready: (detail) => {
      state = detail === undefined ? { status: "ok" } : { status: "ok", detail };
    },
  };
};

/**
 * What the local GET /health answers while the stack is still starting: `starting` (503) whatever the
 * checks say, each check keeping its own status and detail. Under load a probe can time out before every
 * part is in (the in-process store's 2 s, a database connection's 5 s, on an event loop busy loading the
 * demo data): that part is not ready yet, and `degraded` (a part that was up has failed) would mislead a
 * client waiting for the first 200. Once the stack has been ready, the answer is summarizeHealth's.
 */
export const summarizeLocalHealth = (
  checks: Record<string, HealthCheck>,
  stillStarting: boolean,
): ReturnType<typeof summarizeHealth> => {
  const summary = summarizeHealth(checks);
  if (!stillStarting || summary.httpStatus === 200) return summary;
  return { httpStatus: 503, body: { ...summary.body, status: "starting" } };
};
