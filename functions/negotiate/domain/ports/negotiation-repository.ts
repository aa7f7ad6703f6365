import type { MessageStatus, Negotiation, OutreachStatus, SupplierMessage } from "../negotiation";
import type { ExpertOpinion, OrchestratorTraceEntry } from "../roles/types";

/** Where a negotiation's records live; the DynamoDB adapter binds it to one tenant. */
export interface NegotiationRepository {
  createNegotiation(negotiation: Negotiation): Promise<void>;
  getNegotiation(negotiationId: string): Promise<Negotiation | null>;
  /** Read-modify-write of the negotiation record with optimistic locking; NotFoundError when absent. */
  updateNegotiation(
    negotiationId: string,
    change: (negotiation: Negotiation) => Negotiation,
  ): Promise<Negotiation>;
  saveClassification(negotiationId: string, classified: Negotiation["classifiedInstructions"]): Promise<void>;
  /**
   * Adds the next message and counts it on the negotiation, atomically; ConflictError when another
   * message was added meanwhile.
   */
  addMessage(negotiation: Negotiation, message: SupplierMessage): Promise<void>;
  getMessage(negotiationId: string, messageId: string): Promise<SupplierMessage | null>;
  listMessages(negotiationId: string): Promise<SupplierMessage[]>;
  /**
   * The tenant's messages in one status across negotiations, newest received first, a page at a time
   * (a Query on an index kept for it), each with when it entered its current state (its last write).
   */
  listMessagesByStatus(options: { status: MessageStatus; limit: number; cursor?: string }): Promise<{
    messages: { negotiationId: string; message: SupplierMessage; since: string }[];
    cursor?: string;
  }>;
  /**
   * The tenant's negotiations whose outreach draft is in one status, newest drafted first, a page at a
   * time (a Query on the same index), each with when its outreach entered that status.
   */
  listOutreachByStatus(options: { status: OutreachStatus; limit: number; cursor?: string }): Promise<{
    negotiations: { negotiation: Negotiation; since: string }[];
    cursor?: string;
  }>;
  /** Read-modify-write with optimistic locking (a few attempts); NotFoundError when absent. */
  updateMessage(
    negotiationId: string,
    messageId: string,
    change: (message: SupplierMessage) => SupplierMessage,
  ): Promise<SupplierMessage>;
  /** Stores an opinion under a key unique in the message (a retried step overwrites its own). */
  putOpinion(
    negotiationId: string,
    messageId: string,
    opinionKey: string,
    opinion: ExpertOpinion,
  ): Promise<void>;
  /** The message's opinions in key order. */
  listOpinions(negotiationId: string, messageId: string): Promise<ExpertOpinion[]>;
  putTraceEntry(negotiationId: string, messageId: string, entry: OrchestratorTraceEntry): Promise<void>;
  listTrace(negotiationId: string, messageId: string): Promise<OrchestratorTraceEntry[]>;
}
