import type { IncomingMessage, ServerResponse } from "node:http";

export function redactUrl(url: string): string;
export function requestLogger(
  stream?: { write(line: string): void },
): (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
