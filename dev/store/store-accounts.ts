import { randomUUID } from "node:crypto";

/** An account the simulated store knows (tests register theirs; nothing else signs in). */
export interface SimulatedAccount {
  email: string;
  password: string;
  /** The household whose cart, orders and slots this account sees (the `larder-household` cookie). */
  householdId: string;
  /** The first name the header greets ("Olá, Ana"). */
  name: string;
  /** A sign-in that asks a person for more: a captcha, or a code sent by SMS (a second factor). */
  challenge?: "captcha" | "second_factor";
}

/** The session cookie the simulated login sets (the real one sets Salesforce's and the store's own). */
export const STORE_SESSION_COOKIE = "larder-store-session";

/**
 * The simulated store's accounts and signed-in sessions. A household with an account shows its cart,
 * orders and slots only to that account's session, as the real site does; a household without one (the
 * demo) needs none. Every submit of the login form is counted per email, so tests can prove one attempt.
 */
export class StoreAccounts {
  private readonly accounts = new Map<string, SimulatedAccount>();
  private readonly sessions = new Map<string, { email: string; expiresAt: number }>();
  private readonly codes = new Map<string, string>();
  private readonly attempts = new Map<string, number>();
  /** How long a session lasts (the cookie's Max-Age too). */
  sessionSeconds = 3600;

  register(account: SimulatedAccount): void {
    this.accounts.set(account.email.toLowerCase(), account);
  }

  /** Forgets every account, session and count. */
  reset(): void {
    this.accounts.clear();
    this.sessions.clear();
    this.codes.clear();
    this.attempts.clear();
    this.sessionSeconds = 3600;
  }

  /** How many times the login form was submitted for this email (right or wrong). */
  signInAttempts(email: string): number {
    return this.attempts.get(email.toLowerCase()) ?? 0;
  }

  /** Ends every session at once, as the store does when a session times out on its side. */
  expireSessions(): void {
    this.sessions.clear();
  }

  householdHasAccount(householdId: string): boolean {
    return [...this.accounts.values()].some((account) => account.householdId === householdId);
  }

  /** The AJAX login: a one-time code to finish the sign-in with, a challenge, or the refusal's words. */
  submit(
    email: string,
    password: string,
  ): { code: string } | { challenge: "captcha" | "second_factor" } | { refused: string } {
    const key = email.trim().toLowerCase();
    this.attempts.set(key, (this.attempts.get(key) ?? 0) + 1);
    const account = this.accounts.get(key);
    if (!account || account.password !== password) {
      return { refused: "O email ou a palavra-passe não estão corretos. Por favor, tente novamente." };
    }
    if (account.challenge) return { challenge: account.challenge };
    const code = randomUUID();
    this.codes.set(code, key);
    return { code };
  }

  /** The redirect back to the store: the code becomes a session token (once). */
  finish(code: string, now: number): string | undefined {
    const email = this.codes.get(code);
    if (!email) return undefined;
    this.codes.delete(code);
    const token = randomUUID();
    this.sessions.set(token, { email, expiresAt: now + this.sessionSeconds * 1000 });
    return token;
  }

  /** The account a session token stands for, while it lasts. */
  signedIn(token: string | undefined, now: number): SimulatedAccount | undefined {
    if (!token) return undefined;
    const session = this.sessions.get(token);
    if (!session || session.expiresAt <= now) return undefined;
    return this.accounts.get(session.email);
  }
}
