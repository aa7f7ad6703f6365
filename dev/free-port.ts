import { createServer } from "node:net";

/** Asks the OS for a free loopback port (for children that cannot listen on port 0 themselves). */
export const findFreePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("Could not read the port the OS assigned"));
      });
    });
  });
