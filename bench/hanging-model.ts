import { cpus, loadavg } from "node:os";
import { startFakeLlmServer } from "../dev/fake-llm/fake-llm-server";
import { startTarpitServer } from "../dev/fake-llm/tarpit-server";
import { startLocalStack } from "./lib/start-local-stack";

/**
 * Issue 23's user check, as a new user would run it: `npm start` (dev/start.mjs) with a provider that never
 * answers (`--provider tarpit`, the default) or one that answers after 20 s (`--provider slow`), every
 * other setting at its default, then each area's request of the README, timed: the campaign, catalog and
 * kitchen chats and a variant by instruction (each must answer within 30 s with what its offline path
 * answers), the demo household's shop run (must end succeeded), a negotiation message (must reach
 * awaiting_review within 90 s and be approvable), and /health's model check. The circuit breaker is off
 * (LLM_BREAKER_OPEN_MS=0), so every row measures that area's own meeting with the provider, never a
 * breaker an earlier row opened. PORT and STORE_PORT are honoured (free ports when unset).
 *   npx tsx bench/hanging-model.ts [--provider tarpit|slow]
 */
const provider = process.argv.includes("slow") ? "slow" : "tarpit";
const AUTH = { authorization: "Bearer dev:demo", "content-type": "application/json" };

const model =
  provider === "tarpit"
    ? await startTarpitServer()
    : await startFakeLlmServer({
        script: () => ({ delayMs: 20_000, reply: { text: "I cannot help with that." } }),
      });

const { apiUrl: api, stop } = await startLocalStack({
  LLM_PROVIDER: "anthropic",
  ANTHROPIC_API_KEY: "bench-key",
  ANTHROPIC_BASE_URL: model.url,
  OPENAI_API_KEY: "",
  LLM_BREAKER_OPEN_MS: "0",
});

const rows: { what: string; status: string; seconds: string; answer: string }[] = [];
const timed = async (what: string, run: () => Promise<{ status: number | string; answer: string }>) => {
  const started = performance.now();
  try {
    const { status, answer } = await run();
    rows.push({
      what,
      status: String(status),
      seconds: ((performance.now() - started) / 1000).toFixed(1),
      answer,
    });
  } catch (error) {
    rows.push({
      what,
      status: "error",
      seconds: ((performance.now() - started) / 1000).toFixed(1),
      answer: String(error),
    });
  }
};
const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: AUTH,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};
const until = async (path: string, done: (json: Record<string, unknown>) => boolean, limitMs: number) => {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const { status, json } = await call("GET", path);
    if (done(json) || Date.now() > deadline) return { status, json };
    await new Promise((r) => setTimeout(r, 1_000));
  }
};
const brief = (value: unknown) => (JSON.stringify(value) ?? String(value)).slice(0, 110);

await timed("campaign chat: travel benefits", async () => {
  const { status, json } = await call("POST", "/chat/campaigns", {
    message: "Show me campaigns about travel benefits",
  });
  return {
    status,
    answer: `${json.status} · ${(json.campaigns as unknown[] | undefined)?.length ?? "?"} cards · ${brief(json.response)}`,
  };
});
await timed("catalog chat: покажи ноутбуки", async () => {
  const { status, json } = await call("POST", "/chat/catalog", { query: "покажи ноутбуки" });
  return { status, answer: `${brief(json.tool_result)} · session ${brief(json.sessionId)}` };
});
await timed("variant by instruction", async () => {
  const { status, json } = await call("POST", "/plans/demo-week/meals/2025-01-06/dinner/variant", {
    instruction: "replace chicken breast with 400 g firm tofu",
  });
  const variant = json.variant as { variant_id?: string; patch_ops?: unknown } | undefined;
  return {
    status,
    answer: `needs_clarification ${brief(json.needs_clarification)} · ${brief(variant?.variant_id)} · ${brief(variant?.patch_ops)}`,
  };
});
await timed("kitchen chat: remove modifications on Monday", async () => {
  const { status, json } = await call("POST", "/chat/kitchen", {
    snapshot_id: "demo-week",
    message: "remove modifications on Monday",
  });
  return { status, answer: `${brief(json.status)} · ${brief(json.response)}` };
});
await timed("shop run (demo household)", async () => {
  const { json: started } = await call("POST", "/shop/runs", {});
  const { json } = await until(
    `/shop/runs/${String(started.runId)}`,
    (run) => run.status !== "running" && run.status !== "queued",
    600_000,
  );
  const result = json.result as {
    totalUnavailable?: number;
    totalWithSubstitutes?: number;
    heuristicSteps?: unknown;
    offline?: unknown;
  } | null;
  return {
    status: String(json.status),
    answer: `with substitutes ${result?.totalWithSubstitutes ?? "?"}/${result?.totalUnavailable ?? "?"}, heuristicSteps ${brief(result?.heuristicSteps)}, offline ${brief(result?.offline)}, error ${json.error ? brief(json.error) : "none"}`,
  };
});
await timed("negotiation message → awaiting_review", async () => {
  const { json: negotiation } = await call("POST", "/negotiations", {
    orderContext: {
      skuName: "Organic oat milk 1 L",
      supplierSku: "OAT-1L-ORG",
      quantityRequested: "2,000 units",
      targetPrice: 4.37,
      currency: "USD",
    },
    merchantInstructions: "Aim for our target. Walk away above $5.19. Escalate if they demand prepayment.",
    supplier: { name: "Dana", company: "Oat Co" },
  });
  const n = String(negotiation.negotiationId);
  const { json: message } = await call("POST", `/negotiations/${n}/messages`, {
    supplierMessage: "We can do $5.00 per unit, 12 days, net 30.",
  });
  const m = String(message.messageId);
  const { json } = await until(
    `/negotiations/${n}/messages/${m}`,
    (msg) => msg.status !== "running",
    300_000,
  );
  const review = await call("POST", `/negotiations/${n}/messages/${m}/review`, { decision: "approve" });
  return {
    status: String(json.status),
    answer: `action ${brief((json.response as { action?: string } | null)?.action)} · review ${review.status}`,
  };
});
await timed("GET /health (model check)", async () => {
  const response = await fetch(`${api}/health`);
  const json = (await response.json()) as { checks: Record<string, unknown> };
  return { status: response.status, answer: brief(json.checks.model) };
});

await stop();
await model.close();
console.log(
  `\nprovider: ${provider === "tarpit" ? "never answers (tarpit)" : "answers after 20 s"}; ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}\n`,
);
for (const row of rows)
  console.log(`${row.what.padEnd(46)} ${row.status.padEnd(16)} ${row.seconds.padStart(6)} s  ${row.answer}`);
