import { afterAll, beforeAll } from "vitest";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";
import { createDynamoNegotiationRepository } from "../../../functions/negotiate/adapters/dynamo-negotiation-repository";
import type { Negotiation } from "../../../functions/negotiate/domain/negotiation";
import type { NegotiationRepository } from "../../../functions/negotiate/domain/ports/negotiation-repository";
import { createRecordingTable } from "../recording-dynamo";
import { createTestTable } from "../table";

/**
 * The negotiation lists' tests (`GET /negotiations`, `GET /negotiations/outreach`) over DynamoDB Local: a
 * fresh table whose client records every command, one repository per tenant (`mine`, `theirs`), made in
 * the file's beforeAll and dropped in its afterAll.
 */
export const useNegotiationLists = () => {
  let testTable: Awaited<ReturnType<typeof createTestTable>> | undefined;
  const lists = {} as {
    recording: ReturnType<typeof createRecordingTable>;
    mine: NegotiationRepository;
    theirs: NegotiationRepository;
    /** Another tenant's repository on the same table (a list of its own, empty until a test fills it). */
    forTenant(tenant: string): NegotiationRepository;
  };
  beforeAll(async () => {
    testTable = await createTestTable();
    lists.recording = createRecordingTable(testTable.endpoint, testTable.tableName);
    lists.mine = createDynamoNegotiationRepository(lists.recording.forTenant("tenant-a"));
    lists.theirs = createDynamoNegotiationRepository(lists.recording.forTenant("tenant-b"));
    lists.forTenant = (tenant) => createDynamoNegotiationRepository(lists.recording.forTenant(tenant));
  });
  afterAll(async () => {
    lists.recording?.destroy();
    await testTable?.drop();
  });
  return lists;
};

export const listOrderContext = NEGOTIATION_SCENARIOS[0]?.orderContext as Negotiation["orderContext"];

let clock = Date.parse("2026-02-01T00:00:00Z");
let serial = 0;

/** The lists' clock now (the moment the last negotiation was made at). */
export const listClockNow = (): string => new Date(clock).toISOString();

/**
 * A negotiation made "now", each a second later than the one before (the lists order by it), numbered in
 * order, with no message and no outreach draft yet.
 */
export const nextListedNegotiation = (supplier: Partial<Negotiation["supplier"]> = {}): Negotiation => {
  clock += 1000;
  serial += 1;
  const at = listClockNow();
  return {
    negotiationId: `neg_${String(serial).padStart(8, "0")}`,
    orderContext: listOrderContext,
    merchantInstructions: "Aim low.",
    supplier: { name: `Supplier ${serial}`, company: "Oat Co", ...supplier },
    classifiedInstructions: null,
    createdAt: at,
    messageCount: 0,
    outreach: null,
  };
};

/** The serial number a listed negotiation's id carries (`neg_00000012` → 12). */
export const listedSerial = (negotiation: Pick<Negotiation, "negotiationId">): number =>
  Number(negotiation.negotiationId.slice("neg_".length));
