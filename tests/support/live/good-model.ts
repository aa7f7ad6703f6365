import type { FakeLlmRequest, FakeLlmStep, FakeModelReply } from "../../../dev/fake-llm";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";

/**
 * A fake model that answers every live scenario the way a good model does, written apart from the checks
 * in scripts/live so the test proves the checks accept right answers. `overrides` replaces the answer to
 * one request (a scripted wrong action).
 */
export type ReplyOverride = (request: FakeLlmRequest) => FakeModelReply | undefined;

const call = (name: string, args: unknown): FakeLlmStep => ({
  reply: { toolCalls: [{ name, arguments: args }], usage: { inputTokens: 900, outputTokens: 60 } },
});
const text = (answer: string): FakeLlmStep => ({
  reply: { text: answer, usage: { inputTokens: 1200, outputTokens: 40 } },
});
const fail = (message: string): FakeLlmStep => ({
  error: { status: 400, message: `good model: ${message}`, headers: { "x-should-retry": "false" } },
});

const bodyText = (request: FakeLlmRequest): string => JSON.stringify(request.body);
const messages = (request: FakeLlmRequest): Array<{ role: string; content: unknown }> =>
  (request.body.messages as Array<{ role: string; content: unknown }> | undefined) ?? [];
const firstUserText = (request: FakeLlmRequest): string => {
  const user = messages(request).find((m) => m.role === "user");
  return typeof user?.content === "string" ? user.content : JSON.stringify(user?.content ?? "");
};

/** OpenAI sends a tool result as a `tool` message, Anthropic as a `tool_result` block in a user message. */
const endsWithToolResult = (request: FakeLlmRequest): boolean => {
  const last = messages(request).at(-1);
  return (
    last?.role === "tool" ||
    (Array.isArray(last?.content) &&
      last.content.some((block) => (block as { type?: unknown }).type === "tool_result"))
  );
};

/**
 * Where a good model does not do what the scripted one does: on loop-hits-cap, the scripted orchestrator
 * asks ten rounds (CI checks the cap with it), a good one asks the supplier which price applies.
 */
const GOOD_MODEL_SCRIPTS: Record<string, Record<string, object[]>> = {
  "loop-hits-cap": {
    extract_quote: [
      {
        extractedData: {
          unitPrice: null,
          currency: "USD",
          quantity: null,
          minimumOrderQuantity: null,
          leadTimeDays: null,
          paymentTerms: null,
          validUntil: null,
          otherTerms: "4.9 or 5.1 depending on conditions not stated",
        },
        confidence: 0.3,
        notes: "Two prices, conditions unknown.",
      },
    ],
    evaluate_escalation: [
      {
        shouldEscalate: false,
        reasoning: "No trigger condition holds.",
        triggersEvaluated: ["full prepayment", "threat to stop supplying"],
        triggeredTriggers: [],
        severity: "none",
      },
    ],
    orchestrate_decision: [
      {
        readyToAct: true,
        action: "clarify",
        reasoning: "Two prices with unstated conditions: ask which applies to 2,000 units.",
        nextExpert: null,
        questionForExpert: null,
        counterTerms: null,
      },
    ],
    generate_clarification: [
      {
        subject: "Re: OAT-1L-ORG",
        body: "Thank you. Which of the two prices applies to 2,000 units, and on what does it depend?",
      },
    ],
  },
};

const NEGOTIATION_TOOLS = new Set(NEGOTIATION_SCENARIOS.flatMap((scenario) => Object.keys(scenario.script)));

/** Each negotiation's scripted answers, queued per tool; a request belongs to the thread whose email it quotes. */
const negotiationModel = () => {
  const queues = new Map(
    NEGOTIATION_SCENARIOS.map((scenario) => [
      scenario.name,
      new Map(
        Object.entries({ ...scenario.script, ...GOOD_MODEL_SCRIPTS[scenario.name] }).map(
          ([tool, answers]) => [tool, [...answers]],
        ),
      ),
    ]),
  );
  const classifyAnswer = NEGOTIATION_SCENARIOS[0]?.script.classify_instructions?.[0];
  // The needs expert and the crafter never see the email: they belong to the thread last seen (threads run one by one).
  let current: (typeof NEGOTIATION_SCENARIOS)[number] | undefined;
  return (request: FakeLlmRequest, tool: string): FakeLlmStep => {
    if (tool === "classify_instructions") return call(tool, classifyAnswer);
    const body = bodyText(request);
    current =
      NEGOTIATION_SCENARIOS.find((s) =>
        s.turns.some((turn) => body.includes(JSON.stringify(turn.supplierMessage.slice(0, 24)).slice(1, -1))),
      ) ?? current;
    const scenario = current;
    if (!scenario) return fail(`no negotiation thread in a ${tool} request`);
    const answer = queues.get(scenario.name)?.get(tool)?.shift();
    return answer ? call(tool, answer) : fail(`${scenario.name}: no ${tool} answer left`);
  };
};

const CAMPAIGN_CALLS: Array<[RegExp, string, Record<string, unknown>]> = [
  [
    /offers from recent Cash Back, Premium/,
    "filter_campaigns",
    { value_prop: ["Cash Back / Rewards"], sentiment: ["Premium"], date_range: "recent" },
  ],
  [/travel benefits/, "semantic_search", { query: "travel benefits" }],
  [/mention/, "full_text_search", { query: '"price protection"' }],
  [/Email campaigns from last quarter/, "filter_campaigns", { channel: "Email", date_range: "last quarter" }],
];

const CATALOG_CALLS: Array<[string, string, Record<string, unknown>]> = [
  ["покажи ноутбуки", "search_products", { query: "ноутбуки" }],
  ["найди кроссовки Nike", "search_products", { query: "кроссовки", brand: "Nike" }],
  ["только до 50000", "filter_products", { max_price: 50000 }],
  ["покажи только Samsung", "filter_products", { brand: "Samsung" }],
  ["с рейтингом от 4.5", "filter_products", { min_rating: 4.5 }],
  ["дешевле 100000", "filter_products", { max_price: 100000 }],
  ["Nike shoes under $100", "search_products", { query: "shoes", brand: "Nike", max_price: 100 }],
  ["show me laptops", "search_products", { query: "laptops" }],
  ["only Nike", "filter_products", { brand: "Nike" }],
  ["дешевые телефоны Samsung", "search_products", { query: "телефоны", brand: "Samsung", max_price: 20000 }],
  ["покажи только Asus", "filter_products", { brand: "Asus" }],
  ["с рейтингом выше 4", "filter_products", { min_rating: 4 }],
];

const QUERIES: Array<[string, Record<string, unknown>]> = [
  [
    "batata doce",
    {
      primaryQuery: "batata doce cubos congelada",
      fallbackQueries: ["batata doce congelada", "legumes congelados cubos"],
    },
  ],
  ["requeijão", { primaryQuery: "requeijão ovelha", fallbackQueries: ["requeijão", "queijo fresco ovelha"] }],
  ["fiambre", { primaryQuery: "fiambre pá fatiado", fallbackQueries: ["fiambre fatiado", "fiambre"] }],
];

const ranking = (productId: string, rank: number, valueScore: number, brandPreference: string) => ({
  productId,
  rank,
  valueScore,
  brandPreference,
  recommendation: valueScore > 0.8 ? "strong" : valueScore >= 0.5 ? "acceptable" : "weak",
  reason: `${brandPreference} brand`,
});

/** The fake server's script: a good model for every live scenario, with `override` taking precedence. */
export const goodModelScript = (override?: ReplyOverride) => {
  const negotiation = negotiationModel();
  return (request: FakeLlmRequest): FakeLlmStep => {
    const replaced = override?.(request);
    if (replaced) return { reply: replaced };
    const tool = request.forcedToolName;
    if (tool && NEGOTIATION_TOOLS.has(tool)) return negotiation(request, tool);
    if (tool === "generate_search_query") {
      const product = request.lastMessageText.toLowerCase();
      const found = QUERIES.find(([key]) => product.includes(key));
      return found
        ? call(tool, { ...found[1], inferredCategory: "mercearia", reasoning: "Brand and size removed." })
        : fail("unknown product");
    }
    if (tool === "rank_substitutes_by_value") {
      return call(tool, {
        rankings: [
          ranking("auchan-rodelas-450g", 1, 0.92, "store"),
          ranking("iglo-cubos-400g", 2, 0.71, "national"),
          ranking("bio-300g", 3, 0.45, "premium"),
        ],
        summary: "Auchan first: store brand, best €/kg.",
      });
    }
    if (tool === "generate_patch_ops") {
      return call(tool, {
        ops: [],
        needs_clarification: true,
        clarification_message: "Which oil should become butter: the olive oil or the sesame oil?",
      });
    }
    if (request.toolNames.includes("filter_campaigns")) {
      if (endsWithToolResult(request)) return text("Here is what I found.");
      const question = firstUserText(request);
      const found = CAMPAIGN_CALLS.find(([pattern]) => pattern.test(question));
      return found ? call(found[1], found[2]) : fail(`unknown campaign question ${question}`);
    }
    if (request.toolNames.includes("search_products")) {
      const query = request.lastMessageText;
      const found = CATALOG_CALLS.find(([key]) => query.includes(key));
      return found ? call(found[1], found[2]) : fail(`unknown catalog query ${query}`);
    }
    return fail(`unexpected request (forced ${tool ?? "none"}, tools ${request.toolNames.join(", ")})`);
  };
};
