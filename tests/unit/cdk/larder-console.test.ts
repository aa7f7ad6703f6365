import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleRoutingSource } from "../../../lib/constructs/console-routing";
import {
  logicalIdOf,
  onlyResource,
  type SynthesizedLarder,
  synthLarder,
  unacknowledgedNagFindings,
} from "../../support/cdk/synth-larder";
import { type Resources, renderIntrinsics } from "../../support/cdk/template-intrinsics";
import { SYNTH_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";
import { fixtureAreas } from "./fixtures/fixture-areas";

// The default (sandbox) stage, whose stack makes its own user pool and so publishes the console. The
// console itself is the placeholder folder synthLarder names (no Vite build here).
let synth: SynthesizedLarder;
let resources: Resources;
let ids: { site: string; distribution: string; consoleClient: string; api: string };

beforeAll(() => {
  synth = synthLarder({ areas: fixtureAreas, bundle: false });
  resources = synth.template.toJSON().Resources as Resources;
  const web = synth.stack.console;
  const identity = synth.stack.api.userPool?.console;
  if (!web || !identity) throw new Error("the sandbox stack has no console");
  ids = {
    site: logicalIdOf(web.bucket),
    distribution: logicalIdOf(web.distribution),
    consoleClient: logicalIdOf(identity.client),
    api: logicalIdOf(synth.stack.api.api),
  };
}, scaledTimeout(SYNTH_TIMEOUT_MS));

afterAll(() => synth.dispose());

const propertiesOf = <P>(logicalId: string): P => resources[logicalId]?.Properties as P;
const consoleOrigin = () => `https://<${ids.distribution}.DomainName>`;

describe("the console's bucket", () => {
  it("blocks every kind of public access and refuses requests without TLS", () => {
    expect(propertiesOf<Record<string, unknown>>(ids.site).PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const policy = Object.values(resources).find(
      (r) =>
        r.Type === "AWS::S3::BucketPolicy" &&
        (r.Properties as { Bucket: { Ref: string } }).Bucket.Ref === ids.site,
    );
    if (!policy) throw new Error("the console's bucket has no policy");
    const statements = (
      policy.Properties as {
        PolicyDocument: {
          Statement: { Effect: string; Principal: unknown; Action: unknown; Condition?: unknown }[];
        };
      }
    ).PolicyDocument.Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
    );
    // Readers: CloudFront for this distribution only (OAC), never everyone.
    const reads = statements.filter(
      (s) => s.Effect === "Allow" && [s.Action].flat().includes("s3:GetObject"),
    );
    expect(reads).toEqual([
      expect.objectContaining({
        Principal: { Service: "cloudfront.amazonaws.com" },
        Condition: { StringEquals: { "AWS:SourceArn": expect.anything() } },
      }),
    ]);
    expect(JSON.stringify(statements.filter((s) => s.Effect === "Allow"))).not.toContain('"Principal":"*"');
    expect(JSON.stringify(statements.filter((s) => s.Effect === "Allow"))).not.toContain('"AWS":"*"');
  });
});

describe("the console's distribution", () => {
  it("redirects HTTP to HTTPS and reads the bucket through Origin Access Control, not an identity", () => {
    const config = propertiesOf<{
      DistributionConfig: {
        DefaultCacheBehavior: { ViewerProtocolPolicy: string; FunctionAssociations: unknown[] };
        Origins: {
          DomainName: unknown;
          OriginAccessControlId?: { "Fn::GetAtt": [string, string] };
          S3OriginConfig: { OriginAccessIdentity: string };
        }[];
        Logging?: unknown;
      };
    }>(ids.distribution).DistributionConfig;
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe("redirect-to-https");
    expect(config.Origins).toHaveLength(1);
    const [origin] = config.Origins;
    expect(renderIntrinsics(origin?.DomainName)).toBe(`<${ids.site}.RegionalDomainName>`);
    expect(origin?.S3OriginConfig.OriginAccessIdentity).toBe("");
    const oac = onlyResource<{ OriginAccessControlConfig: Record<string, string> }>(
      synth.template,
      "AWS::CloudFront::OriginAccessControl",
    );
    expect(origin?.OriginAccessControlId).toEqual({ "Fn::GetAtt": [oac.id, "Id"] });
    expect(oac.properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: "s3",
      SigningBehavior: "always",
      SigningProtocol: "sigv4",
    });
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: "viewer-request" }),
    ]);
    expect(config.Logging).toBeDefined();
  });

  it("is what the stack outputs as the console's URL, /console/ on its own domain", () => {
    const outputs = synth.template.toJSON().Outputs as Record<string, { Value: unknown }>;
    // Named exactly as README and docs/console.md call them.
    expect(renderIntrinsics(outputs.ConsoleUrl?.Value)).toBe(`${consoleOrigin()}/console/`);
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(["UserPoolId", "UserPoolClientId"]));
  });

  it("carries no unacknowledged cdk-nag finding", () => {
    expect(unacknowledgedNagFindings(synth.stack)).toEqual([]);
  });
});

describe("the API's CORS", () => {
  it("allows exactly the console's origin, with the headers the console sends", () => {
    const cors = propertiesOf<{
      CorsConfiguration: { AllowOrigins: unknown[]; AllowHeaders: string[]; AllowMethods: string[] };
    }>(ids.api).CorsConfiguration;
    expect(cors.AllowOrigins.map(renderIntrinsics)).toEqual([consoleOrigin()]);
    expect(cors.AllowHeaders).toEqual(expect.arrayContaining(["authorization", "content-type"]));
    expect(cors.AllowMethods).toEqual(expect.arrayContaining(["GET", "POST", "PUT", "DELETE"]));
  });
});

describe("sign-in", () => {
  it("is the hosted UI's authorization code flow for a client with no secret, back to the console only", () => {
    expect(propertiesOf<Record<string, unknown>>(ids.consoleClient)).toMatchObject({
      GenerateSecret: false,
      AllowedOAuthFlows: ["code"],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: expect.arrayContaining(["openid"]),
      SupportedIdentityProviders: ["COGNITO"],
    });
    const client = propertiesOf<{ CallbackURLs: unknown[]; LogoutURLs: unknown[] }>(ids.consoleClient);
    expect(client.CallbackURLs.map(renderIntrinsics)).toEqual([`${consoleOrigin()}/console/`]);
    expect(client.LogoutURLs.map(renderIntrinsics)).toEqual([`${consoleOrigin()}/console/`]);
    synth.template.resourceCountIs("AWS::Cognito::UserPoolDomain", 1);
  });

  it("gives tokens the API's authorizer accepts: the console's client is one of its audiences", () => {
    const authorizer = onlyResource<{ JwtConfiguration: { Audience: unknown[] } }>(
      synth.template,
      "AWS::ApiGatewayV2::Authorizer",
    );
    expect(authorizer.properties.JwtConfiguration.Audience).toContainEqual({ Ref: ids.consoleClient });
  });

  it("is named in the config.json deployed beside the console, with the API's address", () => {
    const deployment = onlyResource<{
      DestinationBucketKeyPrefix: string;
      SourceMarkers: Record<string, unknown>[];
    }>(synth.template, "Custom::CDKBucketDeployment");
    expect(deployment.properties.DestinationBucketKeyPrefix).toBe("console/");
    // The staged config.json holds markers the deployment replaces with the stack's values at deploy.
    const staged = readdirSync(synth.outdir, { recursive: true, encoding: "utf8" }).filter(
      (file) => basename(file) === "config.json",
    );
    expect(staged).toHaveLength(1);
    let text = readFileSync(join(synth.outdir, staged[0] ?? ""), "utf8");
    for (const markers of deployment.properties.SourceMarkers)
      for (const [marker, value] of Object.entries(markers))
        text = text.replaceAll(marker, renderIntrinsics(value));
    const pool = logicalIdOf(synth.stack.api.userPool?.userPool ?? synth.stack);
    expect(JSON.parse(text)).toEqual({
      apiUrl: `<${ids.api}.ApiEndpoint>`,
      auth: {
        kind: "cognito",
        region: "eu-west-1",
        userPoolId: `<${pool}>`,
        clientId: `<${ids.consoleClient}>`,
        domain: expect.stringMatching(
          /^https:\/\/<HttpIdentityUserPoolHostedUi\w+>\.auth\.eu-west-1\.amazoncognito\.com$/,
        ),
      },
    });
  });
});

describe("the console's routing function", () => {
  type Answer = { statusCode?: number; headers?: { location: { value: string } }; uri?: string };
  const route = (uri: string): Answer =>
    runInNewContext(`${consoleRoutingSource}\nhandler(event);`, {
      event: { request: { uri, method: "GET", headers: {} } },
    }) as Answer;

  it("sends / and /console to /console/", () => {
    for (const uri of ["/", "/console"]) {
      expect(route(uri)).toMatchObject({ statusCode: 308, headers: { location: { value: "/console/" } } });
    }
  });

  it("answers a page's URL with index.html and a file's URL with the file", () => {
    expect(route("/console/").uri).toBe("/console/index.html");
    expect(route("/console/shop/runs/01JRUN").uri).toBe("/console/index.html");
    expect(route("/console/negotiations/n-1").uri).toBe("/console/index.html");
    expect(route("/console/assets/index-3fa9.js").uri).toBe("/console/assets/index-3fa9.js");
    expect(route("/console/config.json").uri).toBe("/console/config.json");
    expect(route("/other/thing").uri).toBe("/other/thing");
  });
});
