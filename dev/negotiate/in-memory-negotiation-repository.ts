import { ConflictError, NotFoundError } from "../../functions/core/errors";
import type { Negotiation, SupplierMessage } from "../../functions/negotiate/domain/negotiation";
import type { NegotiationRepository } from "../../functions/negotiate/domain/ports/negotiation-repository";
import type { ExpertOpinion, OrchestratorTraceEntry } from "../../functions/negotiate/domain/roles/types";

/** The repository port in memory, for the local run of the workflow (local-negotiation.ts) and use-case tests. */
export const createInMemoryNegotiationRepository = (): NegotiationRepository & {
  messages: Map<string, SupplierMessage>;
} => {
  const negotiations = new Map<string, Negotiation>();
  const messages = new Map<string, SupplierMessage>();
  const opinions = new Map<string, ExpertOpinion>();
  const trace = new Map<string, OrchestratorTraceEntry>();
  const key = (...parts: string[]) => parts.join("|");
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    messages,
    async createNegotiation(negotiation) {
      if (negotiations.has(negotiation.negotiationId)) throw new ConflictError("exists");
      negotiations.set(negotiation.negotiationId, copy(negotiation));
    },
    async getNegotiation(id) {
      return copy(negotiations.get(id) ?? null);
    },
    async updateNegotiation(id, change) {
      const current = negotiations.get(id);
      if (!current) throw new NotFoundError("no negotiation");
      const next = change(structuredClone(current));
      negotiations.set(id, next);
      return structuredClone(next);
    },
    async saveClassification(id, classified) {
      const current = negotiations.get(id);
      if (!current) throw new NotFoundError("no negotiation");
      negotiations.set(id, { ...current, classifiedInstructions: classified });
    },
    async addMessage(negotiation, message) {
      const current = negotiations.get(negotiation.negotiationId);
      if (!current) throw new NotFoundError("no negotiation");
      if (current.messageCount !== message.sequence - 1)
        throw new ConflictError("stale", { code: "stale_write" });
      negotiations.set(negotiation.negotiationId, { ...current, messageCount: message.sequence });
      messages.set(key(negotiation.negotiationId, message.messageId), copy(message));
    },
    async getMessage(id, messageId) {
      return copy(messages.get(key(id, messageId)) ?? null);
    },
    async listMessagesByStatus({ status, limit }) {
      const found = [...messages.entries()]
        .filter(([, m]) => m.status === status)
        .sort(([, a], [, b]) => b.receivedAt.localeCompare(a.receivedAt))
        .slice(0, limit)
        .map(([k, m]) => ({ negotiationId: k.split("|")[0] ?? "", message: copy(m), since: m.receivedAt }));
      return { messages: found };
    },
    async listOutreachByStatus({ status, limit }) {
      const found = [...negotiations.values()]
        .filter((n) => n.outreach?.status === status)
        .sort((a, b) => (b.outreach?.draftedAt ?? "").localeCompare(a.outreach?.draftedAt ?? ""))
        .slice(0, limit)
        .map((n) => ({
          negotiation: copy(n),
          since: n.outreach?.review?.reviewedAt ?? n.outreach?.draftedAt ?? n.createdAt,
        }));
      return { negotiations: found };
    },
    async listMessages(id) {
      return [...messages.entries()].filter(([k]) => k.startsWith(`${id}|`)).map(([, m]) => copy(m));
    },
    async updateMessage(id, messageId, change) {
      const current = messages.get(key(id, messageId));
      if (!current) throw new NotFoundError("no message", { code: "message_not_found" });
      const next = change(copy(current));
      messages.set(key(id, messageId), next);
      return copy(next);
    },
    async putOpinion(id, messageId, opinionKey, opinion) {
      opinions.set(key(id, messageId, opinionKey), copy(opinion));
    },
    async listOpinions(id, messageId) {
      return [...opinions.entries()]
        .filter(([k]) => k.startsWith(`${id}|${messageId}|`))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([, o]) => copy(o));
    },
    async putTraceEntry(id, messageId, entry) {
      trace.set(key(id, messageId, String(entry.iteration).padStart(2, "0")), copy(entry));
    },
    async listTrace(id, messageId) {
      return [...trace.entries()]
        .filter(([k]) => k.startsWith(`${id}|${messageId}|`))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([, t]) => copy(t));
    },
  };
};
