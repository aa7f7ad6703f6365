import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeLlmApi, FakeLlmRequest, FakeLlmScript, FakeLlmStep } from "./fake-llm-script";
import { createPromptCacheSimulation } from "./prompt-cache-simulation";
import { parseIncomingBody, renderError, renderReply } from "./wire-formats";

export interface FakeLlmServer {
  /** `http://127.0.0.1:<port>`: ANTHROPIC_BASE_URL (and ANTHROPIC_BEDROCK_BASE_URL). */
  url: string;
  /** `<url>/v1`: OPENAI_BASE_URL. */
  openaiBaseUrl: string;
  /** Every request received, in arrival order. */
  requests: FakeLlmRequest[];
  close(): Promise<void>;
}

export interface FakeLlmServerOptions {
  script: FakeLlmScript;
  port?: number;
  /**
   * Simulates the providers' prompt caches in computed usage (default on): Anthropic's and Bedrock's
   * marked prefix (`cache_control`) is written once and read after; OpenAI's prefix (tools and system
   * message) is read when repeated. `false`: every input token is billed in full, as without caching.
   */
  promptCache?: boolean;
}

/**
 * A local HTTP server speaking the Anthropic Messages (`POST /v1/messages`), OpenAI chat-completions
 * (`POST /v1/chat/completions`) and Bedrock InvokeModel (`POST /model/{id}/invoke`) wire formats with
 * scripted answers, so integration tests run the official SDKs end to end without the network. It binds
 * to 127.0.0.1 only.
 */
export const startFakeLlmServer = async (options: FakeLlmServerOptions): Promise<FakeLlmServer> => {
  const requests: FakeLlmRequest[] = [];
  const promptCache = createPromptCacheSimulation();
  const queue = Array.isArray(options.script) ? [...options.script] : undefined;
  const chooser = Array.isArray(options.script) ? undefined : options.script;

  const nextStep = async (request: FakeLlmRequest): Promise<FakeLlmStep> => {
    const step = chooser ? await chooser(request) : queue?.shift();
    return (
      step ?? {
        error: {
          status: 500,
          message: `fake LLM: the script has no step for request #${request.index}`,
          headers: { "x-should-retry": "false" },
        },
      }
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const api = apiOf(req.method, path);
    if (!api) {
      sendJson(res, 404, { error: { message: `fake LLM: no route for ${req.method} ${path}` } });
      return;
    }
    const body = await readJsonBody(req);
    const incoming = parseIncomingBody(body);
    const bedrockModel = api === "bedrock" ? decodeURIComponent(path.split("/")[2] ?? "") : undefined;
    const request: FakeLlmRequest = {
      index: requests.length,
      api,
      path,
      model: bedrockModel ?? incoming.model ?? "unknown",
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(", ") : (value ?? ""),
        ]),
      ),
      body,
      forcedToolName: incoming.forcedToolName,
      toolNames: incoming.toolNames,
      retryCount: Number(req.headers["x-stainless-retry-count"] ?? 0),
      lastMessageText: incoming.lastMessageText,
    };
    requests.push(request);
    const step = await nextStep(request);
    if (step.delayMs) {
      const finished = await delayUnlessClosed(res, step.delayMs);
      if (!finished) return;
    }
    if ("error" in step) {
      sendJson(res, step.error.status, renderError(api, step.error), step.error.headers);
      return;
    }
    const inputTokens = Math.ceil(JSON.stringify(body).length / 4);
    // A scripted usage is sent as scripted; a computed one simulates the provider's prompt cache.
    const cache =
      step.reply.usage || options.promptCache === false ? undefined : promptCache.use(api, body, inputTokens);
    sendJson(
      res,
      200,
      renderReply(api, step.reply, { model: request.model, sequence: request.index, inputTokens, cache }),
    );
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `fake LLM: ${String(error)}` } }, noRetry);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};

const noRetry = { "x-should-retry": "false" };

const apiOf = (method: string | undefined, path: string): FakeLlmApi | undefined => {
  if (method !== "POST") return undefined;
  if (path === "/v1/messages") return "anthropic";
  if (path === "/v1/chat/completions" || path === "/chat/completions") return "openai";
  if (/^\/model\/[^/]+\/invoke$/.test(path)) return "bedrock";
  return undefined;
};

const readJsonBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  const parsed: unknown = text ? JSON.parse(text) : {};
  return parsed && typeof parsed === "object" && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
};

/** Waits, but stops early when the client gives up (its timeout or abort closed the socket). */
const delayUnlessClosed = (res: ServerResponse, ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off("close", onClose);
      resolve(true);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once("close", onClose);
  });

const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
};
