/** The tenant the demo belongs to: call the local API with `Authorization: Bearer dev:demo` to see it. */
export const DEMO_TENANT = "demo";
