import {
  FreeTourAvailabilitySchema,
  FreeTourReviewSchema,
  FreeTourSchema,
  type FreeTour,
  type FreeTourAvailability,
  type FreeTourReview,
} from "@tours/contract";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { FreeTourPage, FreeTourProvider } from "./types.ts";

/** A provider call that failed (HTTP error, timeout, or an answer not in the expected shape). */
export class FreeTourProviderError extends Error {
  override readonly name = "FreeTourProviderError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface HttpProviderOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  timeoutMs: number;
  fetch?: typeof fetch;
  log?: Pick<FastifyBaseLogger, "warn">;
}

/**
 * The external provider over HTTP, freetour.com-partner style (paths documented in
 * docs/decisions/0004-payments-and-free-tours.md):
 *   GET {base}/tours?countryId=…&page=…&lang=es   → { data: { tours, currentPage, totalPages, totalObjects }, status }
 *   GET {base}/tours?cityId=…&page=…&lang=es      → same
 *   GET {base}/tours/{id}?lang=es                 → { data: FreeTour, status }   (404: unknown)
 *   GET {base}/tours/{id}/availability            → { data: Availability[], status }
 *   GET {base}/tours/{id}/reviews?lang=es         → { data: Review[], status }
 * The key travels in `X-API-KEY`. Records that do not parse are dropped (logged) instead of failing the page.
 */
export function createHttpFreeTourProvider(options: HttpProviderOptions): FreeTourProvider {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;

  async function get(pathAndQuery: string): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await doFetch(`${base}${pathAndQuery}`, {
        headers: { Accept: "application/json", ...(options.apiKey ? { "X-API-KEY": options.apiKey } : {}) },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new FreeTourProviderError(
        timedOut ? `free-tour provider: no answer within ${options.timeoutMs} ms (${pathAndQuery})` : `free-tour provider unreachable: ${String(err)}`,
        0,
      );
    }
    if (res.status === 404) return { status: 404, body: null };
    if (!res.ok) throw new FreeTourProviderError(`free-tour provider: HTTP ${res.status} on ${pathAndQuery}`, res.status);
    try {
      return { status: res.status, body: await res.json() };
    } catch {
      throw new FreeTourProviderError(`free-tour provider: answer is not JSON (${pathAndQuery})`, res.status);
    }
  }

  function dataOf(body: unknown, what: string): unknown {
    if (!body || typeof body !== "object" || !("data" in body)) {
      throw new FreeTourProviderError(`free-tour provider: ${what} without data`, 502);
    }
    return (body as { data: unknown }).data;
  }

  function statusOf(body: unknown): string {
    const s = (body as { status?: unknown }).status;
    return typeof s === "string" || typeof s === "number" ? String(s) : "success";
  }

  function parseList<S extends z.core.$ZodType>(schema: S, items: unknown, what: string): z.output<S>[] {
    if (!Array.isArray(items)) throw new FreeTourProviderError(`free-tour provider: ${what} is not a list`, 502);
    const out: z.output<S>[] = [];
    for (const item of items) {
      const parsed = z.safeParse(schema, item);
      if (parsed.success) out.push(parsed.data);
      else options.log?.warn({ what, issues: parsed.error.issues.slice(0, 3) }, "free-tour provider: record dropped");
    }
    return out;
  }

  async function page(query: string): Promise<FreeTourPage> {
    const { status, body } = await get(`/tours?${query}`);
    if (status === 404) return { tours: [], currentPage: 1, totalPages: 0, totalObjects: 0 };
    const data = dataOf(body, "tour page") as Partial<Record<keyof FreeTourPage, unknown>> | null;
    const tours = parseList(FreeTourSchema, data?.tours, "tours") as FreeTour[];
    const num = (v: unknown, fallback: number) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
    return {
      tours,
      currentPage: num(data?.currentPage, 1),
      totalPages: num(data?.totalPages, tours.length ? 1 : 0),
      totalObjects: num(data?.totalObjects, tours.length),
    };
  }

  const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

  return {
    toursByCountry: (countryId, p = 1) => page(q({ countryId, page: p, lang: "es" })),
    toursByCity: (cityId, p = 1) => page(q({ cityId, page: p, lang: "es" })),
    async tour(id) {
      const { status, body } = await get(`/tours/${encodeURIComponent(id)}?lang=es`);
      if (status === 404) return null;
      const parsed = FreeTourSchema.safeParse(dataOf(body, "tour"));
      if (!parsed.success) throw new FreeTourProviderError("free-tour provider: tour not in the expected shape", 502);
      return parsed.data;
    },
    async availability(id) {
      const { status, body } = await get(`/tours/${encodeURIComponent(id)}/availability`);
      if (status === 404) return { data: [], status: "not_found" };
      return {
        data: parseList(FreeTourAvailabilitySchema, dataOf(body, "availability"), "availability") as FreeTourAvailability[],
        status: statusOf(body),
      };
    },
    async reviews(id) {
      const { status, body } = await get(`/tours/${encodeURIComponent(id)}/reviews?lang=es`);
      if (status === 404) return { data: [], status: "not_found" };
      return {
        data: parseList(FreeTourReviewSchema, dataOf(body, "reviews"), "reviews") as FreeTourReview[],
        status: statusOf(body),
      };
    },
  };
}
