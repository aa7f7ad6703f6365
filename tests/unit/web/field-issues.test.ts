import { describe, expect, it } from "vitest";
import { ApiError } from "../../../web/src/lib/api";
import { FormError, issueAt, unwrapEmpty, unwrapForm } from "../../../web/src/lib/field-issues";

const answer = (status: number, body?: unknown) => ({
  ...(status < 300 ? { data: body } : { error: body }),
  response: new Response(null, { status: status === 204 ? 204 : status }),
});

describe("unwrapForm: an API refusal keeps its field issues for the form", () => {
  it("throws a FormError whose issues are at their fields, without the `body.` prefix", async () => {
    const refused = unwrapForm(
      Promise.resolve(
        answer(400, {
          error: {
            code: "validation",
            message: "Invalid body: body.weeklyRun.hour",
            details: {
              issues: [{ path: "body.weeklyRun.hour", message: "Too big: expected number to be <=23" }],
            },
          },
        }),
      ),
    );
    const error = await refused.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FormError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as FormError).status).toBe(400);
    expect(issueAt(error, "weeklyRun.hour")).toBe("Too big: expected number to be <=23");
    expect(issueAt(error, "weeklyRun")).toBe("Too big: expected number to be <=23");
    expect(issueAt(error, "priceCapPercent")).toBeUndefined();
  });

  it("answers the data of a success, and no issue for an error without details", async () => {
    expect(await unwrapForm(Promise.resolve(answer(200, { ok: 1 })))).toEqual({ ok: 1 });
    const error = await unwrapForm(
      Promise.resolve(answer(409, { error: { code: "conflict", message: "stale" } })),
    ).catch((caught: unknown) => caught);
    expect((error as FormError).issues).toEqual([]);
    expect(issueAt(new Error("plain"), "email")).toBeUndefined();
  });

  it("unwrapEmpty: a 204 resolves, a 404 throws the API's code", async () => {
    await expect(unwrapEmpty(Promise.resolve(answer(204)))).resolves.toBeUndefined();
    await expect(
      unwrapEmpty(Promise.resolve(answer(404, { error: { code: "not_found", message: "No account" } }))),
    ).rejects.toMatchObject({ status: 404, code: "not_found" });
  });
});
