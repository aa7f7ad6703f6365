import type { AddressInfo } from "node:net";
import { createServer, type Socket } from "node:net";

export interface TarpitServer {
  /** `http://127.0.0.1:<port>`: a provider base URL (ANTHROPIC_BASE_URL, or OPENAI_BASE_URL with `/v1`). */
  url: string;
  /** Connections accepted so far: each one a model call (or an SDK retry) left waiting. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A "provider" that accepts every connection and never answers, as providers do under load: the case a
 * fast failure (DNS, 5xx, 529) never shows. Point a provider's base URL here to see what a hanging model
 * does to the system (`npm start` with `ANTHROPIC_BASE_URL`, or the reliability tests). Binds to
 * 127.0.0.1 only; closing it drops every held connection.
 */
export const startTarpitServer = async (port = 0): Promise<TarpitServer> => {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    // Read and discard whatever the client sends; never write a byte back.
    socket.on("data", () => undefined);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    connections: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
