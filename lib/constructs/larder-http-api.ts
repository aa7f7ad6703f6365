import { CfnOutput, Duration, RemovalPolicy, Validations } from "aws-cdk-lib";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import {
  CorsHttpMethod,
  HttpApi,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpStage,
  LogGroupLogDestination,
} from "aws-cdk-lib/aws-apigatewayv2";
import { HttpJwtAuthorizer } from "aws-cdk-lib/aws-apigatewayv2-authorizers";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { LogGroup, type RetentionDays } from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";
import type { RouteDefinition } from "../definition-types";
import type { LarderSettings } from "../larder-settings";
import { parseRouteKey } from "../route-key";
import type { AreaFunctions } from "./area-functions";
import { LarderUserPool } from "./larder-user-pool";

export interface LarderHttpApiProps {
  routes: readonly RouteDefinition[];
  functions: AreaFunctions;
  settings: LarderSettings;
  sandbox: boolean;
  logRetention: RetentionDays;
  /**
   * The deployed web console: its origin is the only one CORS allows, and its URL the user pool's console
   * client returns to. Absent (an external issuer): no CORS, no console client.
   */
  console?: { origin: string; url: string };
}

/** One JSON line per request; HTTP API supports only a subset of REST API `$context` variables. */
const accessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: "$context.requestId",
    time: "$context.requestTime",
    ip: "$context.identity.sourceIp",
    method: "$context.httpMethod",
    routeKey: "$context.routeKey",
    path: "$context.path",
    status: "$context.status",
    responseLength: "$context.responseLength",
    latencyMs: "$context.responseLatency",
    integrationLatencyMs: "$context.integrationLatency",
    integrationError: "$context.integrationErrorMessage",
    authorizerError: "$context.authorizer.error",
  }),
);

/**
 * The HTTP API: every route from the definitions, each behind the JWT authorizer unless the definition
 * marks it public. The issuer is the configured one (`jwtIssuer`/`jwtAudience`) or a Cognito user pool
 * the stack creates.
 */
export class LarderHttpApi extends Construct {
  readonly api: HttpApi;
  readonly userPool?: LarderUserPool;

  constructor(scope: Construct, id: string, props: LarderHttpApiProps) {
    super(scope, id);
    const { settings } = props;
    this.api = new HttpApi(this, "Api", {
      apiName: `larder-${settings.stage}`,
      description: `Larder ${settings.stage}`,
      // Our own stage, because the default one cannot take access log settings.
      createDefaultStage: false,
      ...(props.console
        ? {
            corsPreflight: {
              allowOrigins: [props.console.origin],
              allowMethods: [
                CorsHttpMethod.GET,
                CorsHttpMethod.POST,
                CorsHttpMethod.PUT,
                CorsHttpMethod.DELETE,
                CorsHttpMethod.OPTIONS,
              ],
              allowHeaders: ["authorization", "content-type", "idempotency-key"],
              exposeHeaders: ["retry-after", "x-request-id", "x-larder-source"],
              maxAge: Duration.hours(1),
            },
          }
        : {}),
    });
    const accessLogs = new LogGroup(this, "AccessLogs", {
      retention: props.logRetention,
      removalPolicy: props.sandbox ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    new HttpStage(this, "DefaultStage", {
      httpApi: this.api,
      stageName: "$default",
      autoDeploy: true,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: accessLogFormat },
      throttle: { rateLimit: settings.apiRateLimit, burstLimit: settings.apiBurstLimit },
    });

    let jwt = settings.jwt;
    if (!jwt) {
      this.userPool = new LarderUserPool(this, "Identity", {
        stage: settings.stage,
        sandbox: props.sandbox,
        ...(props.console ? { consoleUrl: props.console.url } : {}),
      });
      const consoleClient = this.userPool.console?.client;
      jwt = {
        issuer: this.userPool.issuerUrl,
        audience: [
          this.userPool.client.userPoolClientId,
          ...(consoleClient ? [consoleClient.userPoolClientId] : []),
        ],
      };
      // Fixed output names, as the docs call them (a nested construct's would carry a hash).
      new CfnOutput(this, "UserPoolId", { value: this.userPool.userPool.userPoolId }).overrideLogicalId(
        "UserPoolId",
      );
      new CfnOutput(this, "UserPoolClientId", {
        value: this.userPool.client.userPoolClientId,
      }).overrideLogicalId("UserPoolClientId");
    }
    const authorizer = new HttpJwtAuthorizer("JwtAuthorizer", jwt.issuer, { jwtAudience: jwt.audience });
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const definition of props.routes) {
      const routeKey = parseRouteKey(definition.route);
      let integration = integrations.get(definition.functionId);
      if (!integration) {
        const fn = props.functions.get(definition.functionId).function;
        integration = new HttpLambdaIntegration(`${definition.functionId}Integration`, fn);
        integrations.set(definition.functionId, integration);
      }
      const route = new HttpRoute(this, definition.route, {
        httpApi: this.api,
        routeKey,
        integration,
        authorizer: definition.public ? new HttpNoneAuthorizer() : authorizer,
      });
      if (definition.public) {
        Validations.of(route).acknowledge({
          id: "AwsSolutions-APIG4",
          reason: `${definition.route} is marked public in its area definition: it serves callers without a token`,
        });
      }
    }

    new CfnOutput(this, "Url", { value: this.api.apiEndpoint, description: "Base URL of the HTTP API" });
  }
}
