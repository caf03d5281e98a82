import type { IncomingMessage, ServerResponse } from "node:http";

export function mayUseCache(req: IncomingMessage): boolean;
export function mayKeep(statusCode: number, headers: Record<string, unknown>): boolean;
export function createPageCache(options: {
  freshMs: number;
  renderMayBeKept: (res: ServerResponse) => boolean;
  maxEntries?: number;
  maxBytes?: number;
  maxPageBytes?: number;
  now?: () => number;
}): {
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
  readonly hits: number;
  readonly stored: number;
};
