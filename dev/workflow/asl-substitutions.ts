import { ConfigError } from "../../functions/core/errors";

/** Region and account of every ARN the local stack makes up: well-formed, and plainly not a real one. */
export const localRegion = "local";
export const localAccountId = "000000000000";

/** What the local runner puts where CDK puts a function's ARN. */
export const localLambdaArn = (functionId: string): string =>
  `arn:aws:lambda:${localRegion}:${localAccountId}:function:${functionId}`;

const localLambdaArnPattern = new RegExp(
  `^arn:aws:lambda:${localRegion}:${localAccountId}:function:([A-Za-z0-9_-]+)$`,
);

/** The function id inside a local Lambda ARN; undefined for any other resource. */
export const functionIdOfLocalLambdaArn = (arn: string): string | undefined =>
  localLambdaArnPattern.exec(arn)?.[1];

const placeholderPattern = /\$\{([^}]*)\}/g;

/**
 * Replaces `${Key}` in the ASL text as CloudFormation's DefinitionSubstitutions does (plain text, before
 * the JSON is parsed). Stricter than AWS on purpose: a placeholder without a value (AWS would deploy the
 * literal and fail at run time) and a value no placeholder uses (a typo in the key) are refused here.
 */
export const substitutePlaceholders = (
  aslText: string,
  substitutions: Readonly<Record<string, string>>,
  workflowName: string,
): string => {
  const used = new Set([...aslText.matchAll(placeholderPattern)].map((m) => m[1] ?? ""));
  const missing = [...used].filter((key) => !Object.hasOwn(substitutions, key));
  if (missing.length > 0) {
    throw new ConfigError(
      `Workflow "${workflowName}": the ASL uses ${missing.map((k) => `\${${k}}`).join(", ")} but functionSubstitutions has no such key`,
      { details: { workflowName, missing } },
    );
  }
  const unused = Object.keys(substitutions).filter((key) => !used.has(key));
  if (unused.length > 0) {
    throw new ConfigError(
      `Workflow "${workflowName}": functionSubstitutions ${unused.join(", ")} appear nowhere in the ASL`,
      { details: { workflowName, unused } },
    );
  }
  return aslText.replace(placeholderPattern, (_, key: string) => substitutions[key] ?? "");
};
