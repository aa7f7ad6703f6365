import { mergeOpenApiDocuments } from "../functions/core/http/openapi-document";
import { areas } from "./areas";

/** Where the API runs: `npm start`, and a deployed stage (its URL is the stack output `Url`). */
export const API_SERVERS = [
  { url: "http://127.0.0.1:3000", description: "Local stack (`npm start`; PORT changes the port)" },
  {
    url: "https://{apiId}.execute-api.{region}.amazonaws.com",
    description: "A deployed stage (`npx cdk deploy`): the stack output `Url`",
    variables: {
      apiId: { default: "your-api-id", description: "The HTTP API's id, from the stack output `Url`" },
      region: { default: "eu-west-1", description: "The AWS region the stack is deployed in" },
    },
  },
];

/**
 * The merged OpenAPI document, from every area's described app (AreaDefinition.describeApi), so an area
 * joins it with its definition file alone. `npm run openapi` writes it to docs/openapi.json, which
 * PlatformApi serves (no Lambda builds it, and none imports lib/); a test fails when that file is out of date.
 */
export const buildOpenApiDocument = async () =>
  mergeOpenApiDocuments(
    await Promise.all(areas.flatMap((area) => (area.describeApi ? [area.describeApi()] : []))),
    {
      title: "Larder API",
      version: "0.1.0",
      description:
        "Serverless backend of LLM agents for household and merchant commerce: cook, shop, chat and negotiate.",
    },
    API_SERVERS,
  );
