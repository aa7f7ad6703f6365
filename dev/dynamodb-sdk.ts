// What DynamoDB Local's readiness poll needs of the SDK, for dynamodb-local.ts to import lazily (its static
// imports stay light so that `npm start` spawns the JVM first). A module of ours rather than the package
// itself: in the stack bundle a static import of a CommonJS package is a `require` (dev/stack-bundle.mjs),
// a dynamic one is Node's ESM import of it, which runs its lexer over the SDK's files.
export { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
