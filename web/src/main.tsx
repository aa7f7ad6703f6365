import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App, type SignedIn } from "./app";
import { type ConsoleConfig, loadConfig } from "./lib/config";
import { initI18n } from "./lib/i18n";
import { browserSignInEnvironment, signIn, signOut, tenantOf, tokenKeeper } from "./lib/sign-in";
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

const base = import.meta.env.BASE_URL;

/**
 * Deployed (config.json names the hosted UI): the person's tokens, after a trip to the hosted UI when
 * this tab has none (or its refresh token no longer works); undefined while the page leaves for it. The
 * API client refreshes them before they expire (tokenKeeper).
 */
const signedInPerson = async (config: ConsoleConfig): Promise<SignedIn | "leaving" | undefined> => {
  if (config.auth.kind !== "cognito") return undefined;
  const auth = config.auth;
  const env = browserSignInEnvironment(base);
  const tokens = await signIn(auth, env);
  if (!tokens) return "leaving";
  return {
    tenant: tenantOf(tokens.idToken),
    tokens: tokenKeeper(auth, env, tokens),
    signOut: () => signOut(auth, env),
  };
};

Promise.all([loadConfig(), initI18n()])
  .then(async ([config]) => {
    const signedIn = await signedInPerson(config);
    if (signedIn === "leaving") return;
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename={base.replace(/\/$/, "")}>
            <App config={config} {...(signedIn ? { signedIn } : {})} />
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.textContent = `The console could not start: ${error instanceof Error ? error.message : String(error)}`;
  });
