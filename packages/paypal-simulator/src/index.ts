export { startPaypalSimulator } from "./server.ts";
export { SIMULATOR_CLIENT_ID, SIMULATOR_CLIENT_SECRET, SIMULATOR_WEBHOOK_ID } from "./constants.ts";
export type { RunningSimulator } from "./types.ts";
