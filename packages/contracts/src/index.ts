export * from "./auth.ts";
export * from "./config.ts";
export * from "./errors.ts";
export * from "./google.ts";
export * from "./me.ts";
export * from "./outbox.ts";
export * from "./plans.ts";
export * from "./workspaces.ts";
