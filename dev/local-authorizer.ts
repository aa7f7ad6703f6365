/**
 * Plays API Gateway's JWT authorizer locally. Only `Authorization: Bearer dev:<tenant>` is accepted, and
 * only by the local server: it yields the claims a verified token would carry. Anything else is a 401.
 */
const DEV_TOKEN = /^Bearer dev:([A-Za-z0-9][A-Za-z0-9_.-]{0,63})$/;

export const claimsFromDevToken = (authorization: string | undefined): Record<string, string> | undefined => {
  const match = authorization?.trim().match(DEV_TOKEN);
  if (!match?.[1]) return undefined;
  const tenant = match[1];
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: `dev-user@${tenant}`,
    tenant,
    iss: "https://larder.local/dev",
    aud: "larder-local",
    iat: String(now),
    exp: String(now + 3600),
  };
};
