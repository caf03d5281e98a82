import type { NextFunction, Request, Response } from "express";

export function createPageCache(options: {
  freshMs: number;
  renderMayBeKept: (res: Response) => boolean;
  maxEntries?: number;
  maxBytes?: number;
  maxPageBytes?: number;
  now?: () => number;
}): {
  middleware: (req: Request, res: Response, next: NextFunction) => void;
};
