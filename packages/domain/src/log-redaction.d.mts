/** What a log line shows instead of a secret. */
export declare const REDACTED: string;
/** A URL as a log line may show it (log-redaction.mjs). */
export declare function redactUrl(url: string, secretPaths: readonly RegExp[]): string;
