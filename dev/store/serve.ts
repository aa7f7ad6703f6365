/**
 * Runs the simulated store on its own, with the demo household seeded:
 *   npx tsx dev/store/serve.ts            (STORE_PORT, default 3001)
 * `npm start` starts it too, beside the rest of the local stack.
 */
import { z } from "zod";
import { envPort, parseConfig } from "../../functions/core/config";
import { startSimulatedStore } from "./start-simulated-store";

const config = parseConfig(z.object({ STORE_PORT: envPort().default(3001) }));
const store = await startSimulatedStore({ port: config.STORE_PORT });
const household = store.seedDemoHousehold();
console.log(`Simulated Auchan.pt at ${store.url} (demo household "${household}" seeded)`);
console.log(`  npm run store -- cart --household ${household} --store-url ${store.url}`);
const stop = () => {
  store.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
