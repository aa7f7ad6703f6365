import type { APIGatewayProxyEventV2WithJWTAuthorizer } from "aws-lambda";
import { TenantIdSchema } from "../db/keys";
import { ForbiddenError, UnauthorizedError } from "../errors";

/** Claims that may carry the tenant: our own token's `tenant`, or a Cognito custom attribute. */
export const TENANT_CLAIMS = ["tenant", "custom:tenant"] as const;

/**
 * The tenant of a request, from the claims the JWT authorizer passed (API Gateway verified the token;
 * the local server plays that part). No claims at all is a 401; a token without a usable tenant a 403.
 */
export const tenantFromEvent = (
  event: Partial<APIGatewayProxyEventV2WithJWTAuthorizer> | undefined,
): string => {
  const claims = event?.requestContext?.authorizer?.jwt?.claims;
  if (!claims) throw new UnauthorizedError("Missing or invalid bearer token");
  for (const name of TENANT_CLAIMS) {
    const value = claims[name];
    if (value === undefined) continue;
    const parsed = TenantIdSchema.safeParse(String(value));
    if (parsed.success) return parsed.data;
    throw new ForbiddenError(`The token's ${name} claim is not a valid tenant id`, {
      code: "invalid_tenant",
    });
  }
  throw new ForbiddenError("The token carries no tenant claim", { code: "missing_tenant" });
};
