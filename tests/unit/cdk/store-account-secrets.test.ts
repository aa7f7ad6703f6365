import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AreaDefinition } from "../../../lib/definition-types";
import { SYNTH_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";
import { logicalIdOf, type SynthesizedLarder, synthLarder, unacknowledgedNagFindings } from "./synth-larder";
import type { Resources } from "./template-intrinsics";

const echoEntry = "tests/unit/cdk/fixtures/echo-handler.ts";

/** One function that signs in to the store (needs `store-account`), one that only searches it. */
const accountArea: AreaDefinition = {
  area: "account",
  functions: [
    {
      id: "SignsIn",
      entry: echoEntry,
      handler: "handler",
      description: "Fixture: reads the cart signed in",
      needs: ["table", "store-account"],
    },
    {
      id: "Searches",
      entry: echoEntry,
      handler: "handler",
      description: "Fixture: search only",
      needs: ["table"],
    },
  ],
  routes: [
    { route: "GET /account", functionId: "SignsIn" },
    { route: "GET /search", functionId: "Searches" },
  ],
  workflows: [],
  schedules: [],
};

let synth: SynthesizedLarder;
let resources: Resources;
beforeAll(() => {
  synth = synthLarder({ areas: [accountArea], bundle: false });
  resources = synth.template.toJSON().Resources as Resources;
}, scaledTimeout(SYNTH_TIMEOUT_MS));
afterAll(() => synth.dispose());

const propertiesOf = <P>(logicalId: string): P => {
  const properties = resources[logicalId]?.Properties;
  if (!properties) throw new Error(`no resource ${logicalId}`);
  return properties as P;
};
const functionIdOf = (functionId: string) => logicalIdOf(synth.stack.functions.get(functionId).function);

/** Every IAM policy statement attached to the function's role, as JSON text. */
const policyOf = (functionId: string): string => {
  const role = propertiesOf<{ Role: { "Fn::GetAtt": [string] } }>(functionIdOf(functionId)).Role[
    "Fn::GetAtt"
  ][0];
  return JSON.stringify(
    Object.values(resources).filter(
      (resource) =>
        resource.Type === "AWS::IAM::Policy" &&
        JSON.stringify((resource.Properties as { Roles: unknown }).Roles).includes(role),
    ),
  );
};
const environmentOf = (functionId: string): Record<string, unknown> =>
  propertiesOf<{ Environment: { Variables: Record<string, unknown> } }>(functionIdOf(functionId)).Environment
    .Variables;

describe("the households' store accounts, deployed", () => {
  it("are one KMS key (rotated) and a secret prefix of the stage, granted to the functions that sign in only", () => {
    const keys = Object.entries(resources).filter(([, resource]) => resource.Type === "AWS::KMS::Key");
    expect(keys).toHaveLength(1);
    expect(propertiesOf<{ EnableKeyRotation: boolean }>(keys[0]?.[0] ?? "").EnableKeyRotation).toBe(true);

    const signsIn = policyOf("SignsIn");
    expect(signsIn).toContain("secretsmanager:GetSecretValue");
    expect(signsIn).toMatch(/secret:larder\/[^/]+\/store-account\/\*/);
    expect(signsIn).toContain("kms:Decrypt");
    expect(environmentOf("SignsIn").STORE_ACCOUNT_SECRET_PREFIX).toMatch(/^larder\/.+\/store-account\/$/);
    expect(environmentOf("SignsIn")).toHaveProperty("STORE_ACCOUNT_KMS_KEY_ID");

    expect(policyOf("Searches")).not.toContain("secretsmanager:");
    expect(policyOf("Searches")).not.toContain("kms:");
    expect(environmentOf("Searches")).not.toHaveProperty("STORE_ACCOUNT_SECRET_PREFIX");
  });

  it("leave cdk-nag nothing unacknowledged", () => {
    expect(unacknowledgedNagFindings(synth.stack)).toEqual([]);
  });
});
