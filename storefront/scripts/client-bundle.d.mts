export const DEFAULT_CLIENT_DIR: string;
export function containsZod(source: string): boolean;
export function readManifest(clientDir?: string): { file: string; manifest: unknown };
export function zodChunks(clientDir?: string): string[];
export function firstLoadFiles(routeId: string, clientDir?: string, options?: { withManifestFile?: boolean }): string[];
export function firstLoadSize(routeId: string, clientDir?: string): { files: string[]; raw: number; gzip: number };
export const MEASURED_ROUTES: Record<"home" | "country" | "city" | "tour" | "activity" | "shop", string>;
