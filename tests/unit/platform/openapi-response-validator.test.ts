import { describe, expect, it } from "vitest";
import { documentedPathOf, expectDocumentedResponse } from "../../support/openapi-response-validator";

// The check every integration test's responses go through: a handler drifting from docs/openapi.json
// (a status, a field, a type the document does not promise) fails the test that saw it.

const json = "application/json";
const notFound = JSON.stringify({ error: { code: "snapshot_not_found", message: "No snapshot demo-week" } });

describe("expectDocumentedResponse", () => {
  it("accepts a documented status whose body matches its schema", () => {
    expect(() =>
      expectDocumentedResponse({
        method: "GET",
        path: "/plans/{snapshot_id}",
        status: 404,
        contentType: json,
        text: notFound,
      }),
    ).not.toThrow();
  });

  it("refuses a body missing a field the document requires, naming it", () => {
    const body = JSON.stringify({ created_at: "2025-01-06T10:00:00.000Z", planned_meals: [] });
    expect(() =>
      expectDocumentedResponse({
        method: "GET",
        path: "/plans/{snapshot_id}",
        status: 200,
        contentType: json,
        text: body,
      }),
    ).toThrow(/getPlan\) 200: .*must have required property 'snapshot_id'/);
  });

  it("refuses a field of the wrong type", () => {
    const body = JSON.stringify({ error: { code: 404, message: "No snapshot" } });
    expect(() =>
      expectDocumentedResponse({
        method: "GET",
        path: "/plans/{snapshot_id}",
        status: 404,
        contentType: json,
        text: body,
      }),
    ).toThrow(/\/error\/code must be string/);
  });

  it("refuses a status the operation does not document", () => {
    expect(() =>
      expectDocumentedResponse({
        method: "GET",
        path: "/plans/{snapshot_id}",
        status: 409,
        contentType: json,
        text: notFound,
      }),
    ).toThrow(/answered 409, which docs\/openapi.json does not list/);
  });

  it("refuses a body on a status documented without one", () => {
    expect(() =>
      expectDocumentedResponse({
        method: "DELETE",
        path: "/plans/{snapshot_id}/meals/{date}/{meal_type}/variant",
        status: 204,
        contentType: json,
        text: "{}",
      }),
    ).toThrow(/documented without a body/);
  });

  it("refuses an operation the document does not have", () => {
    expect(() =>
      expectDocumentedResponse({
        method: "PATCH",
        path: "/plans/{snapshot_id}",
        status: 200,
        contentType: json,
        text: "{}",
      }),
    ).toThrow(/not in docs\/openapi.json/);
  });
});

describe("documentedPathOf", () => {
  it("finds the template a concrete path falls under, and none for an undocumented one", () => {
    expect(documentedPathOf("GET", "/cook/variant:demo-week:2025-01-06:dinner")).toBe("/cook/{id}");
    expect(documentedPathOf("GET", "/plans/demo-week/shopping-list")).toBe(
      "/plans/{snapshot_id}/shopping-list",
    );
    expect(documentedPathOf("POST", "/plans")).toBe("/plans");
    expect(documentedPathOf("GET", "/definitely/not/here")).toBeUndefined();
  });
});
