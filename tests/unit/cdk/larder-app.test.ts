import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allFunctions, allRoutes, allSchedules, allWorkflows, areas } from "../../../lib/areas";
import { PUT_EVENTS_RESOURCE } from "../../../lib/asl-placeholders";
import { repositoryRoot } from "../../../lib/repository-root";
import {
  logicalIdOf,
  type SynthesizedLarder,
  synthLarder,
  unacknowledgedNagFindings,
} from "../../support/cdk/synth-larder";
import type { Resources } from "../../support/cdk/template-intrinsics";
import { SYNTH_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";

// The app's real area definitions (the fixtures cover the wiring in detail). Unbundled to stay fast;
// `npm run synth` bundles them.
let synth: SynthesizedLarder;

beforeAll(() => {
  synth = synthLarder({ areas, bundle: false });
}, scaledTimeout(SYNTH_TIMEOUT_MS));

afterAll(() => synth.dispose());

describe("the app's area definitions", () => {
  it(
    "synthesize with no unacknowledged AwsSolutions finding",
    () => {
      expect(unacknowledgedNagFindings(synth.stack)).toEqual([]);
    },
    scaledTimeout(30_000),
  );

  it("produce every route they define, with the authorizer exactly on the non-public ones", () => {
    const deployed = Object.values(synth.template.findResources("AWS::ApiGatewayV2::Route")).map((r) => {
      const p = r.Properties as { RouteKey: string; AuthorizationType: string };
      return `${p.RouteKey} ${p.AuthorizationType}`;
    });
    const defined = allRoutes().map((r) => `${r.route} ${r.public ? "NONE" : "JWT"}`);
    expect(deployed.sort()).toEqual(defined.sort());
  });

  it("produce one state machine per workflow and one schedule per schedule definition", () => {
    synth.template.resourceCountIs("AWS::StepFunctions::StateMachine", allWorkflows().length);
    synth.template.resourceCountIs("AWS::Scheduler::Schedule", allSchedules().length);
  });
});

describe("the domain events bus", () => {
  it("is larder-<stage>, and the shop coordinator's PutEvents Tasks name it, with the right to publish there only", () => {
    synth.template.hasResourceProperties("AWS::Events::EventBus", { Name: "larder-sandbox" });
    const busId = logicalIdOf(synth.stack.events.bus);
    const machine = synth.stack.workflows.get("shop-coordinator");
    const resources = synth.template.toJSON().Resources as Record<
      string,
      { Type: string; Properties: Record<string, unknown> }
    >;
    const properties = resources[logicalIdOf(machine)]?.Properties as {
      DefinitionString: string;
      DefinitionSubstitutions: Record<string, unknown>;
      RoleArn: { "Fn::GetAtt": [string, string] };
    };
    expect(properties.DefinitionSubstitutions.EventBusName).toEqual({ Ref: busId });
    const states = (
      JSON.parse(properties.DefinitionString) as { States: Record<string, Record<string, unknown>> }
    ).States;
    const putEvents = Object.entries(states).filter(([, s]) => s.Resource === PUT_EVENTS_RESOURCE);
    expect(putEvents.map(([name]) => name).sort()).toEqual(["AnnounceRunFailed", "AnnounceRunSucceeded"]);
    for (const [, state] of putEvents) expect(state.Retry).toBeDefined();
    const roleId = properties.RoleArn["Fn::GetAtt"][0];
    const statements = Object.values(resources)
      .filter((r) => r.Type === "AWS::IAM::Policy")
      .map((r) => r.Properties as { Roles: { Ref: string }[]; PolicyDocument: { Statement: unknown[] } })
      .filter((p) => p.Roles.some((role) => role.Ref === roleId))
      .flatMap((p) => p.PolicyDocument.Statement) as { Action: string | string[]; Resource: unknown }[];
    const publish = statements.filter((s) => [s.Action].flat().includes("events:PutEvents"));
    expect(publish).toEqual([expect.objectContaining({ Resource: { "Fn::GetAtt": [busId, "Arn"] } })]);
  });

  it("reaches the functions that publish API-side events (EVENT_BUS_NAME, events:PutEvents on it only), and no other function", () => {
    const busId = logicalIdOf(synth.stack.events.bus);
    const resources = synth.template.toJSON().Resources as Record<
      string,
      { Type: string; Properties: Record<string, unknown> }
    >;
    const policies = Object.values(resources).filter((r) => r.Type === "AWS::IAM::Policy");
    const publishers: string[] = [];
    for (const definition of allFunctions()) {
      const fn = synth.stack.functions.get(definition.id).function;
      const properties = resources[logicalIdOf(fn)]?.Properties as {
        Role: { "Fn::GetAtt": [string] };
        Environment?: { Variables: Record<string, unknown> };
      };
      const roleId = properties.Role["Fn::GetAtt"][0];
      const publish = policies
        .map((p) => p.Properties as { Roles: { Ref: string }[]; PolicyDocument: { Statement: unknown[] } })
        .filter((p) => p.Roles.some((role) => role.Ref === roleId))
        .flatMap((p) => p.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((s) => [s.Action].flat().some((action) => action.startsWith("events:")));
      const busName = properties.Environment?.Variables.EVENT_BUS_NAME;
      if (definition.needs.includes("events")) {
        publishers.push(definition.id);
        expect(busName).toEqual({ Ref: busId });
        expect(publish).toEqual([
          expect.objectContaining({ Action: "events:PutEvents", Resource: { "Fn::GetAtt": [busId, "Arn"] } }),
        ]);
      } else {
        expect(busName, definition.id).toBeUndefined();
        expect(publish, definition.id).toEqual([]);
      }
    }
    expect(publishers.sort()).toEqual(["CookApi", "ShopApi"]);
  });
});

/** The app's resources, for the cursor key's checks below. */
let resources: Resources;

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

/** The functions serving an operation with a `cursor` query parameter, from the generated OpenAPI document. */
const listingFunctions = (): string[] => {
  const document = JSON.parse(readFileSync(join(repositoryRoot, "docs/openapi.json"), "utf8")) as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  };
  const routes = new Map(allRoutes().map((route) => [route.route, route.functionId]));
  const ids = new Set<string>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.parameters?.some((p) => p.name === "cursor" && p.in === "query")) continue;
      const functionId = routes.get(`${method.toUpperCase()} ${path}`);
      if (!functionId) throw new Error(`no route for ${method} ${path}`);
      ids.add(functionId);
    }
  }
  return [...ids].sort();
};

const secretIds = () =>
  Object.entries(resources)
    .filter(([, resource]) => resource.Type === "AWS::SecretsManager::Secret")
    .filter(([id]) => id.includes("CursorKey"))
    .map(([id]) => id);

/** The ids of the functions whose role may read `secretLogicalId`, and how (the actions). */
const readersOf = (secretLogicalId: string): Map<string, string[]> => {
  const readers = new Map<string, string[]>();
  for (const fn of synth.stack.functions.all()) {
    const properties = resources[logicalIdOf(fn.function)]?.Properties as
      | { Role: { "Fn::GetAtt": [string] } }
      | undefined;
    const role = properties?.Role["Fn::GetAtt"][0] ?? "";
    const statements = Object.values(resources)
      .filter(
        (resource) =>
          resource.Type === "AWS::IAM::Policy" &&
          JSON.stringify((resource.Properties as { Roles: unknown }).Roles).includes(role),
      )
      .flatMap(
        (policy) =>
          (policy.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement,
      )
      .filter((statement) => JSON.stringify(statement.Resource).includes(`"Ref":"${secretLogicalId}"`));
    if (statements.length > 0)
      readers.set(fn.definition.id, statements.flatMap((s) => [s.Action].flat()).sort());
  }
  return readers;
};

const environmentOf = (functionLogicalId: string): Record<string, unknown> =>
  (
    resources[functionLogicalId]?.Properties as
      | { Environment?: { Variables?: Record<string, unknown> } }
      | undefined
  )?.Environment?.Variables ?? {};

describe("the list cursors' key, deployed", () => {
  // Read from the app's synth above (its nag test covers the secret's construct too).
  beforeAll(() => {
    resources = synth.template.toJSON().Resources as Resources;
  });

  it("is one secret Secrets Manager generates (64 characters, no value in the template)", () => {
    // The database's secret is generated too; the cursor key is the CursorKey construct's.
    const ids = secretIds();
    expect(ids).toHaveLength(1);
    const properties = resources[ids[0] ?? ""]?.Properties as {
      GenerateSecretString: { PasswordLength: number };
      SecretString?: unknown;
    };
    expect(properties.GenerateSecretString.PasswordLength).toBe(64);
    expect(properties.SecretString).toBeUndefined();
    // Never resolved into the template (a dynamic reference) either: functions read it themselves.
    expect(JSON.stringify(resources)).not.toMatch(new RegExp(`resolve:secretsmanager:[^"]*${ids[0]}`));
  });

  it("is readable by exactly the functions whose lists page to clients, and only read", () => {
    const [secret] = secretIds();
    const expected = listingFunctions();
    expect(expected).toEqual(["ChatCatalogApi", "CookApi", "NegotiateApi", "ShopApi"]);
    const readers = readersOf(secret ?? "");
    expect([...readers.keys()].sort()).toEqual(expected);
    for (const actions of readers.values()) {
      expect(actions).toEqual(["secretsmanager:DescribeSecret", "secretsmanager:GetSecretValue"]);
    }
  });

  it("is named to those functions by id in CURSOR_KEY_SECRET_ID, and to no other", () => {
    const [secret] = secretIds();
    const expected = new Set(listingFunctions());
    for (const fn of synth.stack.functions.all()) {
      const variables = environmentOf(logicalIdOf(fn.function));
      if (expected.has(fn.definition.id)) {
        expect(JSON.stringify(variables.CURSOR_KEY_SECRET_ID)).toContain(`"Ref":"${secret}"`);
      } else {
        expect(variables).not.toHaveProperty("CURSOR_KEY_SECRET_ID");
      }
      expect(variables).not.toHaveProperty("CURSOR_KEY");
    }
  });
});
