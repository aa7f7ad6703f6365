import { execFileSync } from "node:child_process";
import { isAbsolute, join } from "node:path";
import {
  AssetHashType,
  CfnOutput,
  DockerImage,
  Duration,
  RemovalPolicy,
  Stack,
  Validations,
} from "aws-cdk-lib";
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import type { Policy } from "aws-cdk-lib/aws-iam";
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from "aws-cdk-lib/aws-s3";
import { BucketDeployment, CacheControl, type ISource, Source } from "aws-cdk-lib/aws-s3-deployment";
// cdk-nag's own renderer of CloudFormation references in finding ids (as lib/nag-findings.ts uses it).
import { flattenCfnReference } from "cdk-nag/lib/utils/flatten-cfn-reference";
import { Construct } from "constructs";
import { repositoryRoot } from "../repository-root";
import { CONSOLE_PREFIX, consoleRoutingSource } from "./console-routing";

export interface LarderConsoleProps {
  stage: string;
  sandbox: boolean;
  /** Days the access logs (S3's and CloudFront's) are kept. */
  logRetentionDays: number;
  /**
   * A folder holding an already built console, published as it is (the `consoleDir` context; the synth
   * tests use a placeholder). Unset: the console is built from web/ at synth.
   */
  prebuiltDir?: string;
}

/** What the console's config.json tells it: the API's address and the hosted UI to sign in with. */
export interface ConsoleConfigValues {
  apiUrl: string;
  region: string;
  userPoolId: string;
  clientId: string;
  /** The Cognito domain's base URL, `https://<prefix>.auth.<region>.amazoncognito.com`. */
  domain: string;
}

/**
 * The web console on CloudFront: a private bucket (no public access, SSL only) read through Origin Access
 * Control, HTTP redirected to HTTPS, page URLs under /console/ answered with index.html by a viewer-request
 * function. Created before the API (whose CORS names `origin`, and whose user pool client names `url`);
 * `publish` then deploys the built console with its config.json.
 */
export class LarderConsole extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** `https://<distribution domain>`: the only origin the API's CORS allows. */
  readonly origin: string;
  /** Where the console opens: `<origin>/console/` (also the hosted UI's callback and sign-out URL). */
  readonly url: string;
  private readonly props: LarderConsoleProps;

  constructor(scope: Construct, id: string, props: LarderConsoleProps) {
    super(scope, id);
    this.props = props;
    const removal = props.sandbox
      ? { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true }
      : { removalPolicy: RemovalPolicy.RETAIN };

    const logs = new Bucket(this, "AccessLogs", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard logs are written with an ACL.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(props.logRetentionDays) }],
      ...removal,
    });
    Validations.of(logs).acknowledge({
      id: "AwsSolutions-S1",
      reason: "This bucket holds the console's access logs; logging it into itself would loop",
    });

    this.bucket = new Bucket(this, "Site", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: "s3/",
      ...removal,
    });

    const routing = new CloudFrontFunction(this, "Routing", {
      comment: "Larder console: / to /console/, page URLs to index.html",
      code: FunctionCode.fromInline(consoleRoutingSource),
      runtime: FunctionRuntime.JS_2_0,
    });

    this.distribution = new Distribution(this, "Distribution", {
      comment: `Larder ${props.stage} console`,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        functionAssociations: [{ function: routing, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: "cloudfront/",
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: "AwsSolutions-CFR1",
        reason: "Households and merchants may sign in from anywhere; the API's authorizer guards the data",
      },
      {
        id: "AwsSolutions-CFR2",
        reason:
          "The console is static files; the API it calls has its own throttling, so a WAF (paid per rule) is not justified yet",
      },
      {
        id: "AwsSolutions-CFR4",
        reason:
          "Served on the distribution's own cloudfront.net name, whose default certificate fixes the minimum TLS version; a custom domain with its certificate would set TLSv1.2_2021",
      },
    );

    this.origin = `https://${this.distribution.distributionDomainName}`;
    this.url = `${this.origin}${CONSOLE_PREFIX}`;
    // A fixed output name, as the docs call it (a nested construct's would carry a hash).
    new CfnOutput(this, "Url", {
      value: this.url,
      description: "The web console (sign in with the user pool)",
    }).overrideLogicalId("ConsoleUrl");
  }

  /** Deploys the console under /console/ with its config.json, and clears CloudFront's cache of it. */
  publish(config: ConsoleConfigValues): BucketDeployment {
    const deployment = new BucketDeployment(this, "Deploy", {
      sources: [
        this.consoleSource(),
        Source.jsonData("config.json", {
          apiUrl: config.apiUrl,
          auth: {
            kind: "cognito",
            region: config.region,
            userPoolId: config.userPoolId,
            clientId: config.clientId,
            domain: config.domain,
          },
        }),
      ],
      destinationBucket: this.bucket,
      destinationKeyPrefix: CONSOLE_PREFIX.slice(1),
      distribution: this.distribution,
      distributionPaths: [`${CONSOLE_PREFIX}*`],
      // Browsers ask again each time (a 304 while nothing changed), so a deploy shows at once.
      cacheControl: [CacheControl.noCache()],
      memoryLimit: 512,
    });
    this.acknowledgeDeploymentFindings(deployment);
    return deployment;
  }

  /**
   * The deployment's Lambda (a singleton CDK writes: its runtime, managed policy and grants are CDK's)
   * copies the asset into the bucket, deletes what a new build no longer has, and clears CloudFront's cache.
   */
  private acknowledgeDeploymentFindings(deployment: BucketDeployment): void {
    const handler = deployment.handlerRole.node.scope;
    if (!handler) throw new Error("BucketDeployment's role has no function around it");
    const nag = Validations.of(handler);
    nag.acknowledge(
      {
        id: "AwsSolutions-L1",
        reason: "CDK's BucketDeployment pins its handler's runtime; it runs only during a deploy",
      },
      {
        id: "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
        reason: "The deployment handler's logs only: the basic execution role CDK attaches",
      },
      {
        id: "AwsSolutions-IAM5[Resource::*]",
        reason: "cloudfront:CreateInvalidation/GetInvalidation, which CDK grants on every distribution",
      },
      ...["s3:GetBucket*", "s3:GetObject*", "s3:List*", "s3:Abort*", "s3:DeleteObject*"].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason:
          "CDK's grantRead/grantReadWrite: the handler reads the asset and replaces the console's objects",
      })),
    );
    // The objects of the asset bucket and of the console's bucket: each named from the policy itself.
    const stack = Stack.of(this);
    const policy = deployment.handlerRole.node.tryFindChild("DefaultPolicy");
    const statements =
      (stack.resolve((policy as Policy | undefined)?.document) as { Statement?: { Resource?: unknown }[] })
        ?.Statement ?? [];
    const wildcards = new Set(
      statements
        .flatMap((statement) => [statement.Resource].flat())
        .map((resource) => flattenCfnReference(resource))
        .filter((resource) => resource.endsWith("/*")),
    );
    for (const resource of wildcards) {
      nag.acknowledge({
        id: `AwsSolutions-IAM5[Resource::${resource}]`,
        reason:
          "The objects the deployment reads (its asset) or writes (the console under console/), in one bucket each",
      });
    }
  }

  /**
   * The built console: the `consoleDir` folder as it is, or web/ built at synth by
   * lib/bundling/build-console.mjs (Vite, through the cache `npm start` keeps). Never a committed bundle.
   */
  private consoleSource(): ISource {
    const prebuilt = this.props.prebuiltDir;
    if (prebuilt !== undefined) {
      return Source.asset(isAbsolute(prebuilt) ? prebuilt : join(repositoryRoot, prebuilt));
    }
    const script = join(repositoryRoot, "lib", "bundling", "build-console.mjs");
    return Source.asset(join(repositoryRoot, "web"), {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        // Never used: the local build below always runs (it needs only Node, which synth runs on).
        image: DockerImage.fromRegistry("public.ecr.aws/docker/library/node:22"),
        command: [
          "sh",
          "-c",
          "echo 'the console builds locally: node lib/bundling/build-console.mjs' && exit 1",
        ],
        local: {
          tryBundle: (outputDir) => {
            execFileSync(process.execPath, [script, outputDir], { cwd: repositoryRoot, stdio: "inherit" });
            return true;
          },
        },
      },
    });
  }
}
