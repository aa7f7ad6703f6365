import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";

/** Where the local stack serves the console (the deployed one is CloudFront's root). */
export const CONSOLE_PATH = "/console/";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".map": "application/json",
};

export type ConsoleSite = (
  method: string,
  pathname: string,
) => Promise<APIGatewayProxyStructuredResultV2 | undefined>;

/**
 * The built console (dev/console-build.mjs) at /console/: its files, `config.json` naming this same
 * origin as the API with the local `dev:<tenant>` tokens, and index.html for every page's URL (the
 * console routes in the browser). Undefined for a path outside /console, which goes to the API.
 */
export const createConsoleSite = (built: Promise<string>, defaultTenant: string): ConsoleSite => {
  built.catch(() => undefined);
  return async (method, pathname): Promise<APIGatewayProxyStructuredResultV2 | undefined> => {
    if (pathname === "/console") return { statusCode: 308, headers: { location: CONSOLE_PATH } };
    if (!pathname.startsWith(CONSOLE_PATH)) return undefined;
    if (method !== "GET" && method !== "HEAD") {
      return {
        statusCode: 405,
        headers: { "content-type": "application/json", allow: "GET, HEAD" },
        body: JSON.stringify({ error: { code: "method_not_allowed", message: `${method} ${pathname}` } }),
      };
    }
    const rest = pathname.slice(CONSOLE_PATH.length);
    if (rest === "config.json") {
      return {
        statusCode: 200,
        headers: { "content-type": "application/json", "cache-control": "no-store" },
        body: JSON.stringify({ apiUrl: "", auth: { kind: "dev", defaultTenant } }),
      };
    }
    let dir: string;
    try {
      dir = await built;
    } catch (error) {
      return {
        statusCode: 503,
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: `The console could not be built: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    // A file when the path names one that is inside the build; index.html for any page's URL.
    let decoded: string;
    try {
      decoded = decodeURIComponent(rest);
    } catch {
      return { statusCode: 400, headers: { "content-type": "text/plain; charset=utf-8" }, body: "Bad path" };
    }
    const file = normalize(join(dir, decoded));
    const inside = file.startsWith(dir + sep);
    if (inside && extname(file) !== "") {
      const body = await readFile(file).catch(() => undefined);
      if (body) {
        return {
          statusCode: 200,
          headers: {
            "content-type": TYPES[extname(file)] ?? "application/octet-stream",
            // Vite names its assets by their content: kept for good; anything else is checked each time.
            "cache-control": rest.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache",
          },
          body: body.toString("base64"),
          isBase64Encoded: true,
        };
      }
      return {
        statusCode: 404,
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: `No such file: ${pathname}`,
      };
    }
    const index = await readFile(join(dir, "index.html"));
    return {
      statusCode: 200,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
      body: index.toString("base64"),
      isBase64Encoded: true,
    };
  };
};
