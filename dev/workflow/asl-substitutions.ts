import { ConfigError } from "../../functions/core/errors";
import { aslPlaceholders, substitutionMismatches } from "../../lib/asl-placeholders";

/** Region and account of every ARN the local stack makes up: well-formed, and plainly not a real one. */
export const localRegion = "local";
export const localAccountId = "000000000000";

/** What the local runner puts where CDK puts a function's ARN. */
export const localLambdaArn = (functionId: string): string =>
  `arn:aws:lambda:${localRegion}:${localAccountId}:function:${functionId}`;

/**
 * Replaces `${Key}` in the ASL text as CloudFormation's DefinitionSubstitutions does (plain text, before
 * the JSON is parsed), after the same agreement check CDK's Workflows construct makes
 * (`substitutionMismatches`): a placeholder without a value or a value no placeholder uses is refused.
 */
export const substitutePlaceholders = (
  aslText: string,
  substitutions: Readonly<Record<string, string>>,
  workflowName: string,
): string => {
  const mismatches = substitutionMismatches(aslText, Object.keys(substitutions));
  if (mismatches.length > 0) {
    throw new ConfigError(`Workflow "${workflowName}": ${mismatches.join("; ")}`, {
      details: { workflowName, mismatches },
    });
  }
  return [...aslPlaceholders(aslText)].reduce(
    (text, key) => text.replaceAll(`\${${key}}`, substitutions[key] ?? ""),
    aslText,
  );
};
