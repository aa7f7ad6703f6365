import { DependencyUnavailableError, DomainRefusedError } from "../../../core/errors";
import { STORE_FIXES } from "../../domain/runs/run-error-codes";

/**
 * A store page loaded but no longer has the structure the selector registry describes (a redesign, an
 * A/B test), or yields a value no product could have (a negative price, a link that is not a web page).
 * Raised instead of returning an empty list or bad data, so a silent scraping failure never looks like
 * "nothing in stock". Names the page, the registry version, the field, the selectors tried and the URL.
 */
export class StorePageChangedError extends DependencyUnavailableError {
  override name = "StorePageChangedError";
  readonly selectors: string[];
  readonly url: string;
  constructor(args: {
    page: string;
    registryVersion: string;
    what: string;
    selectors: string[];
    url: string;
    /** Why a value that was found is refused; absent, nothing was found. */
    invalid?: string;
  }) {
    const problem = args.invalid === undefined ? "not found" : `invalid (${args.invalid})`;
    const tried = args.selectors.length > 0 ? ` with ${args.selectors.map((s) => `"${s}"`).join(" | ")}` : "";
    super(
      `Store page "${args.page}" no longer matches selector registry ${args.registryVersion}: ${args.what} ` +
        `${problem}${tried} at ${args.url}`,
      {
        code: "store_page_changed",
        fix: STORE_FIXES.store_page_changed,
        details: {
          page: args.page,
          registryVersion: args.registryVersion,
          what: args.what,
          selectors: args.selectors,
          url: args.url,
          ...(args.invalid === undefined ? {} : { invalid: args.invalid }),
        },
      },
    );
    this.selectors = args.selectors;
    this.url = args.url;
  }
}

/** The store cannot be reached at all (connection refused, DNS failure, timeout, 5xx). */
export class StoreUnreachableError extends DependencyUnavailableError {
  override name = "StoreUnreachableError";
  readonly url: string;
  constructor(url: string, reason: string, cause?: unknown) {
    super(`Store unreachable at ${url}: ${reason}`, {
      code: "store_unreachable",
      fix: STORE_FIXES.store_unreachable,
      details: { url, reason },
      cause,
    });
    this.url = url;
  }
}

/**
 * The caller's deadline (a Lambda's remaining time less a margin) came before the store finished. Raised
 * instead of letting the Lambda time out, so the caller gets a typed error it can retry or report.
 */
export class StoreDeadlineExceededError extends DependencyUnavailableError {
  override name = "StoreDeadlineExceededError";
  readonly url: string | undefined;
  constructor(what: string, url?: string) {
    super(`The store call reached its deadline ${what}${url === undefined ? "" : ` at ${url}`}`, {
      code: "store_deadline_exceeded",
      fix: STORE_FIXES.store_deadline_exceeded,
      details: { what, url },
    });
    this.url = url;
  }
}

/**
 * The automation was asked to do something it must never do on a household's behalf (check out, book
 * or confirm a slot, leave the store's origin). A person confirms those on the site.
 */
export class StoreActionForbiddenError extends DomainRefusedError {
  override name = "StoreActionForbiddenError";
  constructor(message: string, url: string) {
    super(message, { code: "store_action_forbidden", details: { url } });
  }
}

/*
 * A household's own store account. Step Functions carries each by its class name; the run's record shows
 * its code (domain/runs/run-error-codes.ts), as GET /shop/store-account does. None is
 * retried by the workflow (a wrong password tried again could lock the account), and none carries the
 * password: only the store's words or what page was seen.
 */

/** A real store needs the household's own account, and none is connected (PUT /shop/store-account). */
export class StoreAccountMissingError extends DomainRefusedError {
  override name = "StoreAccountMissingError";
  constructor(storeUrl: string) {
    super(
      `No store account is connected for this household, and ${storeUrl} needs one to read its cart, orders and slots`,
      { code: "store_account_missing", fix: STORE_FIXES.store_account_missing, details: { storeUrl } },
    );
  }
}

/**
 * The store refused the email or password; tried once, not again until the credentials are replaced.
 * `why` is the store's own words, quoted once (the account's record keeps the same words).
 */
export class StoreSignInFailedError extends DomainRefusedError {
  override name = "StoreSignInFailedError";
  constructor(why: string) {
    super(`The store refused the account's email or password: "${why}"`, {
      code: "store_sign_in_failed",
      fix: STORE_FIXES.store_sign_in_failed,
      details: { why },
    });
  }
}

/** A captcha, a second factor or a page the tools do not know: a person signs in on the site once. */
export class StoreSignInNeedsPersonError extends DomainRefusedError {
  override name = "StoreSignInNeedsPersonError";
  constructor(seen: string) {
    super(`Signing in to the store needs a person: ${seen}`, {
      code: "store_sign_in_needs_person",
      fix: STORE_FIXES.store_sign_in_needs_person,
      details: { seen },
    });
  }
}
