import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { unwrap, useClient, useSession } from "../lib/api";
import { formatTime } from "../lib/format";
import {
  detailsToTellApart,
  type InboxItem,
  mergeInbox,
  type RowDetail,
  shortIdOf,
} from "../lib/inbox-items";
import { isHidden } from "../lib/reviewed";

/** How often the inbox asks again (it is also fetched when the window regains focus). */
export const INBOX_POLL_MS = 10_000;
const PAGE_SIZE = 25;

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/**
 * `/console/`: what waits for a person, from the reply drafts and the outreach drafts awaiting review and
 * the runs awaiting decisions.
 */
export const InboxPage = () => {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const { tenant } = useSession();
  const location = useLocation();
  const justReviewed = (location.state as { reviewed?: string } | null)?.reviewed;

  const drafts = useInfiniteQuery({
    queryKey: ["inbox", tenant, "drafts"],
    queryFn: ({ pageParam }) =>
      unwrap(
        client.GET("/negotiations", {
          params: {
            query: {
              status: "awaiting_review",
              limit: PAGE_SIZE,
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: INBOX_POLL_MS,
  });
  const runs = useInfiniteQuery({
    queryKey: ["inbox", tenant, "runs"],
    queryFn: ({ pageParam }) =>
      unwrap(
        client.GET("/shop/runs", {
          params: {
            query: { awaiting: "decisions", limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: INBOX_POLL_MS,
  });
  const outreach = useInfiniteQuery({
    queryKey: ["inbox", tenant, "outreach"],
    queryFn: ({ pageParam }) =>
      unwrap(
        client.GET("/negotiations/outreach", {
          params: {
            query: {
              status: "awaiting_review",
              limit: PAGE_SIZE,
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: INBOX_POLL_MS,
  });
  const lists = [drafts, runs, outreach];

  // Whether a run was degraded comes with the list (one request a page, not one a run).
  const items = mergeInbox(
    drafts.data?.pages.flatMap((page) => page.negotiations) ?? [],
    runs.data?.pages.flatMap((page) => page.runs) ?? [],
    outreach.data?.pages.flatMap((page) => page.outreach) ?? [],
  ).filter((item) => !isHidden(item.key));

  // What a row says, in words: its link, then the line under it (as the page shows them below).
  const titleOf = (item: InboxItem, detail: RowDetail): string => {
    const title =
      item.kind === "draft"
        ? t("inbox.draft", { company: item.row.supplier.company ?? item.row.supplier.name })
        : item.kind === "outreach"
          ? t("inbox.outreach", { company: item.row.supplier.company ?? item.row.supplier.name })
          : t("inbox.run", { time: formatTime(item.row.startedAt, i18n.language, detail !== "minute") });
    // A draft's title has no time of its own: one told apart says its id, so its link's name differs too.
    const withId = detail === "id" || (item.kind !== "run" && detail === "second");
    return withId ? t("inbox.withId", { title, id: shortIdOf(item) }) : title;
  };
  const wordsOf = (item: InboxItem, detail: Exclude<RowDetail, "id">): string =>
    [
      titleOf(item, detail),
      ...(item.kind === "run"
        ? [
            t("inbox.openDecisions", { count: item.row.openDecisions ?? 0 }),
            item.row.degraded ? t("inbox.degraded") : "",
          ]
        : [
            t("inbox.draftSku", { sku: item.row.sku.supplierSku, name: item.row.sku.skuName }),
            formatTime(item.row.since, i18n.language, detail !== "minute"),
            item.row.draftFirstLine ?? "",
          ]),
    ].join("\n");
  const details = detailsToTellApart(items, wordsOf);

  const hasMore = lists.some((list) => list.hasNextPage);
  const count = items.length;
  useEffect(() => {
    document.title = `${count > 0 ? t("inbox.titleCount", { count: hasMore ? `${count}+` : count }) : t("inbox.title")} — Larder`;
  }, [count, hasMore, t]);

  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  links.current.length = items.length;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key !== "j" && event.key !== "k") return;
      const present = links.current.filter((link): link is HTMLAnchorElement => link !== null);
      if (present.length === 0) return;
      const at = present.indexOf(document.activeElement as HTMLAnchorElement);
      const next =
        at === -1 ? 0 : event.key === "j" ? Math.min(at + 1, present.length - 1) : Math.max(at - 1, 0);
      present[next]?.focus();
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // After a decision elsewhere, focus goes to the next item waiting (the first of the queue).
  const focusedAfterReview = useRef(false);
  const firstLoaded = lists.every((list) => list.isSuccess);
  useEffect(() => {
    if (!justReviewed || focusedAfterReview.current || !firstLoaded) return;
    focusedAfterReview.current = true;
    const first = links.current.find((link) => link !== null);
    if (first) first.focus();
    else document.getElementById("inbox-heading")?.focus();
  }, [justReviewed, firstLoaded]);

  const error = lists.find((list) => list.error)?.error;
  const updatedAt = Math.max(...lists.map((list) => list.dataUpdatedAt));
  return (
    <section aria-labelledby="inbox-heading">
      <h1 id="inbox-heading" tabIndex={-1}>
        {t("inbox.title")}
      </h1>
      <p className="hint">{t("inbox.intro", { seconds: INBOX_POLL_MS / 1000 })}</p>
      <p role="status" className="status">
        {justReviewed ? t("inbox.reviewed") : ""}
      </p>
      {error ? (
        <p role="alert">{t("app.error", { message: error.message })}</p>
      ) : !firstLoaded ? (
        <p>{t("app.loading")}</p>
      ) : items.length === 0 ? (
        <p>{t("inbox.empty")}</p>
      ) : (
        <ol className="inbox" data-testid="inbox-items">
          {items.map((item, index) => (
            <li key={item.key} className={`inbox-item ${item.kind}`}>
              <Link
                to={item.href}
                aria-describedby={`${item.key}-detail`}
                ref={(element) => {
                  links.current[index] = element;
                }}
              >
                {titleOf(item, details.get(item.key) ?? "minute")}
              </Link>
              {item.kind === "run" ? (
                <p id={`${item.key}-detail`}>
                  {t("inbox.openDecisions", { count: item.row.openDecisions ?? 0 })}
                  {item.row.degraded ? <span className="badge warn"> {t("inbox.degraded")}</span> : null}
                </p>
              ) : (
                <p id={`${item.key}-detail`}>
                  {t("inbox.draftSku", { sku: item.row.sku.supplierSku, name: item.row.sku.skuName })} ·{" "}
                  <time dateTime={item.row.since}>
                    {t("inbox.waitingSince", {
                      time: formatTime(item.row.since, i18n.language, details.get(item.key) !== "minute"),
                    })}
                  </time>
                  {item.row.draftFirstLine ? <q className="first-line">{item.row.draftFirstLine}</q> : null}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      {hasMore ? (
        <button
          type="button"
          onClick={() => {
            for (const list of lists) if (list.hasNextPage) void list.fetchNextPage();
          }}
        >
          {t("inbox.more")}
        </button>
      ) : null}
      {updatedAt > 0 ? (
        <p className="hint">
          {t("inbox.updated", { time: formatTime(new Date(updatedAt).toISOString(), i18n.language) })}
        </p>
      ) : null}
    </section>
  );
};
