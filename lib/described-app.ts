import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "../functions/core/http/api-env";

/**
 * An area's HTTP app built with describe-only dependencies (its routes and zod schemas; nothing that
 * runs), for AreaDefinition.describeApi. The app's module loads only when the document is built (never
 * at synth), and after lib/areas has loaded.
 */
export const describedApp = async <D extends object>(
  area: string,
  loadCreateApp: () => Promise<(deps: D) => OpenAPIHono<ApiEnv>>,
  given: Partial<D> = {},
): Promise<OpenAPIHono<ApiEnv>> => {
  const [{ describeOnlyDeps }, { createLogger }, createApp] = await Promise.all([
    import("../functions/core/http/openapi-document"),
    import("../functions/core/logger"),
    loadCreateApp(),
  ]);
  return createApp(describeOnlyDeps<D>(area, { logger: createLogger("openapi"), ...given }));
};
