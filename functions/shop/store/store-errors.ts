import { DependencyUnavailableError, DomainRefusedError } from "../../core/errors";

/**
 * A store page loaded but no longer has the structure the selector registry describes (a redesign, an
 * A/B test). Raised instead of returning an empty list, so a silent scraping failure never looks like
 * "nothing in stock". Names the page, the registry version, the selectors tried and the URL.
 */
export class StorePageChangedError extends DependencyUnavailableError {
  readonly selectors: string[];
  readonly url: string;
  constructor(args: {
    page: string;
    registryVersion: string;
    what: string;
    selectors: string[];
    url: string;
  }) {
    super(
      `Store page "${args.page}" no longer matches selector registry ${args.registryVersion}: ${args.what} ` +
        `not found with ${args.selectors.map((s) => `"${s}"`).join(" | ")} at ${args.url}`,
      {
        code: "store_page_changed",
        details: {
          page: args.page,
          registryVersion: args.registryVersion,
          what: args.what,
          selectors: args.selectors,
          url: args.url,
        },
      },
    );
    this.selectors = args.selectors;
    this.url = args.url;
  }
}

/** The store cannot be reached at all (connection refused, DNS failure, timeout, 5xx). */
export class StoreUnreachableError extends DependencyUnavailableError {
  readonly url: string;
  constructor(url: string, reason: string, cause?: unknown) {
    super(`Store unreachable at ${url}: ${reason}`, {
      code: "store_unreachable",
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
  readonly url: string | undefined;
  constructor(what: string, url?: string) {
    super(`The store call reached its deadline ${what}${url === undefined ? "" : ` at ${url}`}`, {
      code: "store_deadline_exceeded",
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
  constructor(message: string, url: string) {
    super(message, { code: "store_action_forbidden", details: { url } });
  }
}
