export { startLocalMailServer } from "./server.ts";
export type { InboxMessage, RunningMailServer } from "./server.ts";
