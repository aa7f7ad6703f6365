import { Stack, Validations } from "aws-cdk-lib";
// cdk-nag's own renderer of CloudFormation references in finding ids; no public export offers it.
import { flattenCfnReference } from "cdk-nag/lib/utils/flatten-cfn-reference";
import type { IConstruct } from "constructs";

/**
 * Acknowledges AwsSolutions-IAM5 for one wildcard resource in a policy under `scope`. The finding id
 * embeds the resource as cdk-nag renders it (`<Logical.Arn>/index/*`, `arn:<AWS::Partition>:...`), so it
 * is computed from the same token the grant used, whatever the stack's environment.
 */
export const acknowledgeWildcardResource = (scope: IConstruct, resource: string, reason: string): void => {
  const rendered = flattenCfnReference(Stack.of(scope).resolve(resource));
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Resource::${rendered}]`, reason });
};
