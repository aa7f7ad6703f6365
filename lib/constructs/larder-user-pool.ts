import { Duration, RemovalPolicy, Stack, Validations } from "aws-cdk-lib";
import {
  AccountRecovery,
  Mfa,
  OAuthScope,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolDomain,
} from "aws-cdk-lib/aws-cognito";
import { Construct } from "constructs";

export interface LarderUserPoolProps {
  stage: string;
  sandbox: boolean;
  /**
   * The web console's URL (`https://<distribution>/console/`): when given, the pool gets a hosted UI
   * domain and a public client (no secret) for the console's sign-in, authorization code with PKCE,
   * returning to that URL only.
   */
  consoleUrl?: string;
}

/**
 * The identity provider the stack creates when no external JWT issuer is configured. Users are created
 * by an administrator with their tenant in `custom:tenant` (immutable: a user never changes tenant);
 * the ID token carries it to the API's JWT authorizer.
 */
export class LarderUserPool extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /** The console's client and the hosted UI's domain, when the stack publishes the console. */
  readonly console?: { client: UserPoolClient; domain: UserPoolDomain };
  /** The `iss` of the pool's tokens (the ProviderURL attribute lacks the scheme). */
  readonly issuerUrl: string;

  constructor(scope: Construct, id: string, props: LarderUserPoolProps) {
    super(scope, id);
    this.userPool = new UserPool(this, "UserPool", {
      userPoolName: `larder-${props.stage}`,
      // Households and merchants are onboarded, not self-registered: a tenant is assigned by an admin.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      customAttributes: { tenant: new StringAttribute({ mutable: false, minLen: 1, maxLen: 64 }) },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: !props.sandbox,
      removalPolicy: props.sandbox ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    this.issuerUrl = `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;
    this.client = this.userPool.addClient("ApiClient", {
      authFlows: { userSrp: true },
      generateSecret: false,
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
    });
    if (props.consoleUrl !== undefined) {
      const domain = this.userPool.addDomain("HostedUi", {
        // Unique per region: the stage and the account (a prefix may not contain "aws" or "cognito").
        cognitoDomain: { domainPrefix: `larder-${props.stage}-${Stack.of(this).account}` },
      });
      const client = this.userPool.addClient("ConsoleClient", {
        generateSecret: false,
        // The hosted UI only: no password ever reaches the console's own page.
        authFlows: {},
        supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
        oAuth: {
          flows: { authorizationCodeGrant: true },
          scopes: [OAuthScope.OPENID, OAuthScope.EMAIL],
          callbackUrls: [props.consoleUrl],
          logoutUrls: [props.consoleUrl],
        },
        preventUserExistenceErrors: true,
        idTokenValidity: Duration.hours(1),
        accessTokenValidity: Duration.hours(1),
      });
      this.console = { client, domain };
    }
    Validations.of(this.userPool).acknowledge(
      {
        id: "AwsSolutions-COG2",
        reason:
          "TOTP MFA is offered to every user, not forced: demo and sandbox tenants sign in without a device",
      },
      {
        id: "AwsSolutions-COG8",
        reason:
          "Threat protection needs the Plus feature plan (paid per active user); not justified before launch",
      },
    );
  }
}
