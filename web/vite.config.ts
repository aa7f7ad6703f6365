import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The console: served by `npm start` at /console/ from a cached build (dev/console-build.mjs), or by
 * `npm run console:dev` with hot reload, its API calls and config.json proxied to the running stack
 * (LARDER_API_URL, default http://127.0.0.1:3000).
 */
const api = process.env.LARDER_API_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  root: import.meta.dirname,
  base: "/console/",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", chunkSizeWarningLimit: 800 },
  server: {
    host: "127.0.0.1",
    port: Number(process.env.CONSOLE_DEV_PORT ?? 5173),
    strictPort: true,
    proxy: Object.fromEntries(
      [
        "/console/config.json",
        "/negotiations",
        "/shop",
        "/health",
        "/dev/events",
        "/plans",
        "/recipes",
        "/cook",
        "/chat",
      ].map((path) => [path, api]),
    ),
  },
});
