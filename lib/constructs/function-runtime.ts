import { Runtime } from "aws-cdk-lib/aws-lambda";

/** One runtime for every function: the newest Lambda Node LTS, so the code and cdk-nag agree on it. */
export const functionRuntime = Runtime.NODEJS_24_X;
