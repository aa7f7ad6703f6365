import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app";
import { loadConfig } from "./lib/config";
import { initI18n } from "./lib/i18n";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");

const queryClient = new QueryClient({
  defaultOptions: {
    // A 4xx will not change by asking again; a network blip or a 5xx gets one more try.
    queries: {
      retry: (count, error) =>
        count < 1 && !(error as { status?: number }).status?.toString().startsWith("4"),
    },
    mutations: { retry: false },
  },
});

Promise.all([loadConfig(), initI18n()])
  .then(([config]) => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, "")}>
            <App config={config} />
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.textContent = `The console could not start: ${error instanceof Error ? error.message : String(error)}`;
  });
