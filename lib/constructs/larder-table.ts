import { RemovalPolicy } from "aws-cdk-lib";
import { AttributeType, BillingMode, Table } from "aws-cdk-lib/aws-dynamodb";
import { Construct } from "constructs";
import { tableDefinition } from "../../functions/core/db/table-definition";

export interface LarderTableProps {
  /** Sandbox tables are disposable: no deletion protection, destroyed with the stack. */
  sandbox: boolean;
}

/** The single table, built from the same definition the local stack creates in DynamoDB Local. */
export class LarderTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: LarderTableProps) {
    super(scope, id);
    this.table = new Table(this, "Table", {
      partitionKey: { name: tableDefinition.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: AttributeType.STRING },
      // Traffic is spiky and small (agent runs); on-demand costs nothing while idle.
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      deletionProtection: !props.sandbox,
      removalPolicy: props.sandbox ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    for (const index of tableDefinition.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }
  }
}
