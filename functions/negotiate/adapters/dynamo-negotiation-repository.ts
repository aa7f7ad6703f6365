import type { ItemKey } from "../../core/db/keys";
import type { TenantTable } from "../../core/db/tenant-table";
import { ConflictError, NotFoundError } from "../../core/errors";
import {
  type Negotiation,
  NegotiationSchema,
  type SupplierMessage,
  SupplierMessageSchema,
} from "../domain/negotiation";
import type { NegotiationRepository } from "../domain/ports/negotiation-repository";
import { ExpertOpinionSchema, OrchestratorTraceEntrySchema } from "../domain/roles/types";

/**
 * One partition per negotiation: its header, its messages (`MSG#…`), the experts' opinions
 * (`OPN#{messageId}#{key}`) and the orchestrator's rounds (`RND#{messageId}#{nn}`). Opinions are items
 * of their own so workflow states carry their keys, not their content.
 */
const partition = (negotiationId: string) => ["NEG", negotiationId];
const headerKey = (negotiationId: string): ItemKey => ({ pk: partition(negotiationId), sk: ["META"] });
const messageKey = (negotiationId: string, messageId: string): ItemKey => ({
  pk: partition(negotiationId),
  sk: ["MSG", messageId],
});

/**
 * Each message also sits in gsi1 under its status (`NEGMSGS#{status}` / `{receivedAt}#{negotiationId}#{messageId}`),
 * for `GET /negotiations?status=…`: a fixed sort key, so messages received between pages never shift one.
 */
const statusIndex = (negotiationId: string, message: SupplierMessage): ItemKey => ({
  pk: ["NEGMSGS", message.status],
  sk: [message.receivedAt.replaceAll("#", ""), negotiationId, message.messageId],
});

/**
 * A negotiation with an outreach draft also sits in gsi1 under the draft's status
 * (`NEGOUTREACH#{status}` / `{draftedAt}#{negotiationId}`), for `GET /negotiations/outreach?status=…`.
 */
const headerIndex = (negotiation: Negotiation): { index?: ItemKey } =>
  negotiation.outreach
    ? {
        index: {
          pk: ["NEGOUTREACH", negotiation.outreach.status],
          sk: [negotiation.outreach.draftedAt.replaceAll("#", ""), negotiation.negotiationId],
        },
      }
    : {};

const UPDATE_ATTEMPTS = 6;

/**
 * Between two attempts of a read-modify-write that lost to another writer: a random pause that grows with
 * the attempt, so a write racing a burst of others (a message's workflow steps right after its start)
 * lands between them instead of losing each time to the next.
 */
const pauseBeforeAttempt = (attempt: number): Promise<void> =>
  new Promise((done) => setTimeout(done, Math.random() * 10 * attempt));

export const createDynamoNegotiationRepository = (table: TenantTable): NegotiationRepository => {
  const readHeader = (negotiationId: string) => table.get(headerKey(negotiationId), NegotiationSchema);
  const readMessage = (negotiationId: string, messageId: string) =>
    table.get(messageKey(negotiationId, messageId), SupplierMessageSchema);

  const queryAll = async <S extends Parameters<TenantTable["query"]>[1]>(
    negotiationId: string,
    skPrefix: string[],
    schema: S,
  ) => {
    const items = [];
    let cursor: string | undefined;
    do {
      const page = await table.query(partition(negotiationId), schema, {
        skPrefix,
        consistentRead: true,
        ...(cursor ? { cursor } : {}),
      });
      items.push(...page.items);
      cursor = page.cursor;
    } while (cursor);
    return items;
  };

  return {
    async createNegotiation(negotiation) {
      await table.put(headerKey(negotiation.negotiationId), negotiation, {
        expectedVersion: "absent",
        ...headerIndex(negotiation),
      });
    },

    async getNegotiation(negotiationId) {
      return (await readHeader(negotiationId))?.data ?? null;
    },

    async updateNegotiation(negotiationId, change) {
      for (let attempt = 1; ; attempt += 1) {
        const current = await readHeader(negotiationId);
        if (!current)
          throw new NotFoundError(`No negotiation ${negotiationId}`, { code: "negotiation_not_found" });
        const next = NegotiationSchema.parse(change(current.data));
        try {
          await table.put(headerKey(negotiationId), next, {
            expectedVersion: current.version,
            ...headerIndex(next),
          });
          return next;
        } catch (error) {
          if (!(error instanceof ConflictError) || attempt >= UPDATE_ATTEMPTS) throw error;
          await pauseBeforeAttempt(attempt);
        }
      }
    },

    async saveClassification(negotiationId, classified) {
      for (let attempt = 1; ; attempt += 1) {
        const current = await readHeader(negotiationId);
        if (!current)
          throw new NotFoundError(`No negotiation ${negotiationId}`, { code: "negotiation_not_found" });
        try {
          await table.put(
            headerKey(negotiationId),
            { ...current.data, classifiedInstructions: classified } satisfies Negotiation,
            { expectedVersion: current.version, ...headerIndex(current.data) },
          );
          return;
        } catch (error) {
          if (!(error instanceof ConflictError) || attempt >= UPDATE_ATTEMPTS) throw error;
          await pauseBeforeAttempt(attempt);
        }
      }
    },

    async addMessage(negotiation, message) {
      const current = await readHeader(negotiation.negotiationId);
      if (!current) {
        throw new NotFoundError(`No negotiation ${negotiation.negotiationId}`, {
          code: "negotiation_not_found",
        });
      }
      await table.transactWrite([
        {
          type: "put",
          key: headerKey(negotiation.negotiationId),
          data: { ...current.data, messageCount: message.sequence } satisfies Negotiation,
          options: { expectedVersion: current.version, ...headerIndex(current.data) },
        },
        {
          type: "put",
          key: messageKey(negotiation.negotiationId, message.messageId),
          data: message,
          options: { expectedVersion: "absent", index: statusIndex(negotiation.negotiationId, message) },
        },
      ]);
    },

    async getMessage(negotiationId, messageId) {
      return (await readMessage(negotiationId, messageId))?.data ?? null;
    },

    async listMessages(negotiationId) {
      return (await queryAll(negotiationId, ["MSG"], SupplierMessageSchema)).map((i) => i.data);
    },

    async listMessagesByStatus({ status, limit, cursor }) {
      const page = await table.query(["NEGMSGS", status], SupplierMessageSchema, {
        limit,
        descending: true,
        useIndex: true,
        ...(cursor ? { cursor } : {}),
      });
      return {
        messages: page.items.map((item) => ({
          negotiationId: item.key.pk[1] ?? "",
          message: item.data,
          since: item.updatedAt,
        })),
        ...(page.cursor ? { cursor: page.cursor } : {}),
      };
    },

    async listOutreachByStatus({ status, limit, cursor }) {
      const page = await table.query(["NEGOUTREACH", status], NegotiationSchema, {
        limit,
        descending: true,
        useIndex: true,
        ...(cursor ? { cursor } : {}),
      });
      return {
        negotiations: page.items.map((item) => ({ negotiation: item.data, since: item.updatedAt })),
        ...(page.cursor ? { cursor: page.cursor } : {}),
      };
    },

    async updateMessage(negotiationId, messageId, change) {
      for (let attempt = 1; ; attempt += 1) {
        const current = await readMessage(negotiationId, messageId);
        if (!current) throw new NotFoundError(`No message ${messageId}`, { code: "message_not_found" });
        const next = SupplierMessageSchema.parse(change(current.data));
        try {
          await table.put(messageKey(negotiationId, messageId), next, {
            expectedVersion: current.version,
            index: statusIndex(negotiationId, next),
          });
          return next;
        } catch (error) {
          if (!(error instanceof ConflictError) || attempt >= UPDATE_ATTEMPTS) throw error;
          await pauseBeforeAttempt(attempt);
        }
      }
    },

    async putOpinion(negotiationId, messageId, opinionKey, opinion) {
      await table.put({ pk: partition(negotiationId), sk: ["OPN", messageId, opinionKey] }, opinion, {
        expectedVersion: "any",
      });
    },

    async listOpinions(negotiationId, messageId) {
      return (await queryAll(negotiationId, ["OPN", messageId], ExpertOpinionSchema)).map((i) => i.data);
    },

    async putTraceEntry(negotiationId, messageId, entry) {
      const round = String(entry.iteration).padStart(2, "0");
      await table.put({ pk: partition(negotiationId), sk: ["RND", messageId, round] }, entry, {
        expectedVersion: "any",
      });
    },

    async listTrace(negotiationId, messageId) {
      return (await queryAll(negotiationId, ["RND", messageId], OrchestratorTraceEntrySchema)).map(
        (i) => i.data,
      );
    },
  };
};
