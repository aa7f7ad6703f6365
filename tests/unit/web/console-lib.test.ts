import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../web/src/lib/config";
import { diffLines } from "../../../web/src/lib/diff";
import { formatLocaleOf, formatTime } from "../../../web/src/lib/format";
import { pickLanguage } from "../../../web/src/lib/i18n";
import { detailsToTellApart, type InboxItem, mergeInbox, shortIdOf } from "../../../web/src/lib/inbox-items";
import { en } from "../../../web/src/locales/en";
import { ptPT } from "../../../web/src/locales/pt-PT";

describe("the console's edit diff", () => {
  it("shows the lines removed and added, the rest the same", () => {
    expect(diffLines("Hello Dana,\nWe accept.\nBest", "Hello Dana,\nWe accept 2,000 units.\nBest")).toEqual([
      { kind: "same", text: "Hello Dana," },
      { kind: "removed", text: "We accept." },
      { kind: "added", text: "We accept 2,000 units." },
      { kind: "same", text: "Best" },
    ]);
    expect(diffLines("a\nb", "a\nb").every((line) => line.kind === "same")).toBe(true);
    expect(diffLines("", "new")).toEqual([
      { kind: "removed", text: "" },
      { kind: "added", text: "new" },
    ]);
  });
});

describe("the console's language", () => {
  it("is the person's choice, else the browser's first language it has, else English", () => {
    expect(pickLanguage(null, ["pt-PT", "en"])).toBe("pt-PT");
    expect(pickLanguage(null, ["pt-BR"])).toBe("pt-PT");
    expect(pickLanguage(null, ["de-DE", "en-US", "pt-PT"])).toBe("en");
    expect(pickLanguage(null, ["de-DE"])).toBe("en");
    expect(pickLanguage("en", ["pt-PT"])).toBe("en");
    expect(pickLanguage("fr", ["pt-PT"])).toBe("pt-PT");
  });

  it("has every English key in Portuguese, none empty", () => {
    const keys = (value: object, prefix = ""): string[] =>
      Object.entries(value).flatMap(([key, inner]) =>
        typeof inner === "string" ? [`${prefix}${key}`] : keys(inner as object, `${prefix}${key}.`),
      );
    expect(keys(ptPT)).toEqual(keys(en));
    const texts = (value: object): string[] =>
      Object.values(value).flatMap((inner) => (typeof inner === "string" ? [inner] : texts(inner as object)));
    expect(texts(ptPT).filter((text) => text.trim() === "")).toEqual([]);
  });

  it("has words for every status and decision a negotiation's thread can show", () => {
    // The API's enums (sdk/larder-api.d.ts, NegotiationDetail's thread), written out so a new one fails here.
    const statuses = ["running", "awaiting_review", "approved", "rejected", "failed", "interrupted"];
    const actions = ["accept", "counter", "escalate", "clarify"];
    for (const locale of [en, ptPT]) {
      const words = locale.negotiation as Record<string, string>;
      expect(statuses.filter((status) => !words[`status_${status}`])).toEqual([]);
      expect(actions.filter((action) => !words[`action_${action}`])).toEqual([]);
    }
    expect(ptPT.negotiation.status_approved).toBe("aprovada");
  });
});

describe("the console's dates and money", () => {
  it("take the browser's region for a language that has none, and keep a language's own region", () => {
    expect(formatLocaleOf("en", ["en-GB", "pt-PT"])).toBe("en-GB");
    expect(formatLocaleOf("en", ["pt-PT", "en-US"])).toBe("en-US");
    expect(formatLocaleOf("en", ["de-DE"])).toBe("en");
    expect(formatLocaleOf("pt-PT", ["pt-BR"])).toBe("pt-PT");
  });

  it("write a British browser's date day first", () => {
    // Node has no navigator.languages, so the language itself is the locale here.
    expect(formatTime("2026-12-02T03:08:48Z", "en-GB")).toMatch(/^2 Dec 2026/);
  });
});

describe("the inbox queue", () => {
  it("merges drafts and runs newest first, each a link to its own page", () => {
    const items = mergeInbox(
      [
        {
          negotiationId: "neg 1",
          messageId: "m1",
          status: "awaiting_review",
          supplier: { name: "Dana" },
          sku: { skuName: "Oat milk", supplierSku: "OAT" },
          draftFirstLine: null,
          receivedAt: "2026-12-01T10:00:00.000Z",
          since: "2026-12-01T10:01:00.000Z",
        },
      ],
      [
        {
          runId: "run_a",
          status: "succeeded",
          startedAt: "2026-12-01T09:00:00.000Z",
          endedAt: "2026-12-01T11:00:00.000Z",
        },
        { runId: "run_b", status: "succeeded", startedAt: "2026-12-01T08:00:00.000Z" },
      ],
    );
    expect(items.map((item) => item.href)).toEqual([
      "/shop/runs/run_a",
      "/negotiations/neg%201",
      "/shop/runs/run_b",
    ]);
  });

  it("takes the outreach drafts in too, by when they began to wait, keyed as the negotiation page hides them", () => {
    const items = mergeInbox(
      [],
      [{ runId: "run_a", status: "succeeded", startedAt: "2026-12-01T09:00:00.000Z", degraded: true }],
      [
        {
          negotiationId: "neg_b",
          status: "awaiting_review",
          supplier: { name: "Dana", company: "Oat Co" },
          sku: { skuName: "Oat milk", supplierSku: "OAT" },
          subject: "Quote request",
          draftFirstLine: "Hello Dana,",
          draftedAt: "2026-12-01T10:00:00.000Z",
          since: "2026-12-01T10:00:00.000Z",
        },
      ],
    );
    expect(items.map((item) => [item.kind, item.key, item.href])).toEqual([
      ["outreach", "outreach:neg_b", "/negotiations/neg_b"],
      ["run", "run:run_a", "/shop/runs/run_a"],
    ]);
  });
});

describe("inbox rows that would read alike", () => {
  const run = (runId: string, startedAt: string, openDecisions = 2) => ({
    runId,
    status: "succeeded" as const,
    startedAt,
    openDecisions,
  });
  /** The words of a run's row as the page builds them: its start and its open decisions. */
  const wordsOf = (item: InboxItem, detail: "minute" | "second") =>
    item.kind === "run"
      ? `${item.row.startedAt.slice(0, detail === "minute" ? 16 : 19)} ${item.row.openDecisions}`
      : item.key;

  it("are told apart: to the second when the minute is shared, with their id's start when the second is too", () => {
    const items = mergeInbox(
      [],
      [
        run("run_aaaa1111", "2026-12-02T09:40:05.000Z"),
        run("run_bbbb2222", "2026-12-02T09:40:50.000Z"),
        run("run_cccc3333", "2026-12-02T09:40:50.400Z"),
        run("run_dddd4444", "2026-12-02T09:40:20.000Z", 5),
        run("run_eeee5555", "2026-12-02T11:15:00.000Z"),
      ],
    );
    expect(Object.fromEntries(detailsToTellApart(items, wordsOf))).toEqual({
      "run:run_aaaa1111": "second",
      "run:run_bbbb2222": "id",
      "run:run_cccc3333": "id",
      // The same minute, but not as many open decisions: it reads differently as it is.
      "run:run_dddd4444": "minute",
      "run:run_eeee5555": "minute",
    });
    expect(items.map(shortIdOf)).toContain("cccc33");
  });
});

describe("config.json", () => {
  it("reads the local and the deployed shapes and refuses another, naming what is wrong", () => {
    expect(parseConfig({ apiUrl: "", auth: { kind: "dev" } })).toEqual({
      apiUrl: "",
      auth: { kind: "dev", defaultTenant: "demo" },
    });
    expect(
      parseConfig({ apiUrl: "https://api", auth: { kind: "cognito", domain: "d", clientId: "c" } }).auth,
    ).toEqual({
      kind: "cognito",
      domain: "d",
      clientId: "c",
    });
    expect(() => parseConfig({ auth: { kind: "dev" } })).toThrow(/apiUrl/);
    expect(() => parseConfig({ apiUrl: "", auth: { kind: "cognito" } })).toThrow(/auth/);
  });
});
