import { BedrockRuntimeClient, InvokeModelCommand } from "@aws-sdk/client-bedrock-runtime";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";
import { createEmbedding } from "../../../../functions/core/embedding/create-embedding";
import {
  EMBEDDING_DIMENSIONS,
  readEmbeddingConfig,
} from "../../../../functions/core/embedding/embedding-config";
import type { EmbeddingUsage } from "../../../../functions/core/embedding/embedding-port";
import { ValidationError } from "../../../../functions/core/errors";

const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);
const unit = (seed: number) => {
  const v = Array.from({ length: EMBEDDING_DIMENSIONS }, (_, i) => Math.sin(seed + i));
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

describe("the local embedding (no model, no network)", () => {
  const local = createEmbedding(readEmbeddingConfig({}), { logger: null });

  it("is the default provider and names itself", () => {
    expect(local.provider).toBe("local");
    expect(local.model).toBe("local-feature-hash-v1");
    expect(local.dimensions).toBe(512);
  });

  it("answers the same unit vector for the same text every time", async () => {
    const { vectors } = await local.embed(["No annual fee", "No annual fee"], { purpose: "document" });
    const [a, b] = vectors as [number[], number[]];
    expect(a).toHaveLength(512);
    expect(a).toEqual(b);
    expect(Math.hypot(...a)).toBeCloseTo(1, 10);
  });

  it("puts texts that share words and word pieces nearer than unrelated ones", async () => {
    const { vectors } = await local.embed(
      [
        "кэшбэк на покупки",
        "кэшбэк за покупку",
        "travel lounge access",
        "reembolsos rápidos",
        "reembolso rápido",
      ],
      { purpose: "document" },
    );
    const [ru1, ru2, en, pt1, pt2] = vectors as number[][] as [
      number[],
      number[],
      number[],
      number[],
      number[],
    ];
    expect(cosine(ru1, ru2)).toBeGreaterThan(cosine(ru1, en) + 0.2);
    expect(cosine(pt1, pt2)).toBeGreaterThan(cosine(pt1, en) + 0.2);
  });

  it("refuses an empty text naming its index", async () => {
    await expect(local.embed(["ok", "  "], { purpose: "query" })).rejects.toThrow(ValidationError);
    await expect(local.embed(["ok", "  "], { purpose: "query" })).rejects.toThrow("texts.1 is empty");
  });
});

describe("the OpenAI embedding provider", () => {
  it("sends text-embedding-3-small with 512 dimensions to the configured base URL in batches, and records usage", async () => {
    const requests: { url: string; body: { model: string; input: string[]; dimensions: number } }[] = [];
    const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { model: string; input: string[]; dimensions: number };
      requests.push({ url: String(url), body });
      const data = body.input.map((_, index) => ({ object: "embedding", index, embedding: unit(index) }));
      return new Response(
        JSON.stringify({
          object: "list",
          data: data.reverse(),
          model: body.model,
          usage: { prompt_tokens: body.input.length * 3, total_tokens: 0 },
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    }) as typeof fetch;
    const usages: EmbeddingUsage[] = [];
    const port = createEmbedding(
      readEmbeddingConfig({
        EMBEDDING_PROVIDER: "openai",
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      }),
      { logger: null, fetch: fakeFetch, recordUsage: (u) => usages.push(u) },
    );
    const texts = Array.from({ length: 130 }, (_, i) => `campaign ${i}`);
    const result = await port.embed(texts, { purpose: "document" });
    expect(requests.map((r) => r.body.input.length).sort((a, b) => a - b)).toEqual([2, 128]);
    expect(requests[0]?.url).toBe("http://127.0.0.1:9/v1/embeddings");
    expect(requests[0]?.body).toMatchObject({ model: "text-embedding-3-small", dimensions: 512 });
    expect(result.vectors).toHaveLength(130);
    // Answers come back out of order; the port puts them in input order.
    expect(result.vectors[0]?.[0]).toBeCloseTo(unit(0)[0] ?? 0, 10);
    expect(result.vectors[128]?.[0]).toBeCloseTo(unit(0)[0] ?? 0, 10);
    expect(result.vectors[1]?.[0]).toBeCloseTo(unit(1)[0] ?? 0, 10);
    expect(usages).toEqual([
      expect.objectContaining({
        provider: "openai",
        purpose: "document",
        texts: 130,
        requests: 2,
        inputTokens: 390,
        outcome: "ok",
      }),
    ]);
  });

  it("refuses to start without a key, naming the variables", () => {
    expect(() => readEmbeddingConfig({ EMBEDDING_PROVIDER: "openai" })).toThrow(/OPENAI_API_KEY is missing/);
  });
});

describe("the Bedrock embedding provider (Titan Text Embeddings V2)", () => {
  const bedrock = mockClient(BedrockRuntimeClient);
  afterEach(() => bedrock.reset());

  it("embeds one text per request with 512 normalised dimensions and sums the token counts", async () => {
    bedrock.on(InvokeModelCommand).callsFake((input: { body: string }) => {
      const { inputText } = JSON.parse(input.body) as { inputText: string };
      return {
        body: new TextEncoder().encode(
          JSON.stringify({ embedding: unit(inputText.length), inputTextTokenCount: 2 }),
        ),
      };
    });
    const port = createEmbedding(
      readEmbeddingConfig({ EMBEDDING_PROVIDER: "bedrock", AWS_REGION: "eu-west-1" }),
      {
        logger: null,
      },
    );
    const result = await port.embed(["a", "bb", "ccc"], { purpose: "query" });
    const calls = bedrock.commandCalls(InvokeModelCommand).map((c) => c.args[0].input);
    expect(calls).toHaveLength(3);
    expect(calls[0]).toMatchObject({
      modelId: "amazon.titan-embed-text-v2:0",
      contentType: "application/json",
    });
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ inputText: "a", dimensions: 512, normalize: true });
    expect(result.vectors[2]?.[5]).toBeCloseTo(unit(3)[5] ?? 0, 10);
    expect(result.usage).toMatchObject({
      provider: "bedrock",
      requests: 3,
      inputTokens: 6,
      purpose: "query",
    });
  });

  it("reports a throttled provider as 429 and a provider failure as 503", async () => {
    const port = createEmbedding(
      readEmbeddingConfig({ EMBEDDING_PROVIDER: "bedrock", AWS_REGION: "eu-west-1", LLM_MAX_RETRIES: "0" }),
      {
        logger: null,
      },
    );
    bedrock
      .on(InvokeModelCommand)
      .rejects(Object.assign(new Error("slow down"), { name: "ThrottlingException" }));
    await expect(port.embed(["a"], { purpose: "query" })).rejects.toMatchObject({ category: "rate_limited" });
    bedrock.reset();
    bedrock.on(InvokeModelCommand).rejects(
      Object.assign(new Error("boom"), {
        name: "InternalServerException",
        $metadata: { httpStatusCode: 500 },
      }),
    );
    await expect(port.embed(["a"], { purpose: "query" })).rejects.toMatchObject({
      category: "unavailable",
      code: "embedding_unavailable",
    });
  });
});
