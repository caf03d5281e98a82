export * from "./primitives.ts";
export * from "./records.ts";
export * from "./bodies.ts";
export * from "./errors.ts";
export * from "./list.ts";
export * from "./calls.ts";
export * from "./client.ts";
