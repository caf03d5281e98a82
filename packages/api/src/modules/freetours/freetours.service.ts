import type { FastifyBaseLogger } from "fastify";
import type { FreeTourProvider } from "../../adapters/freetours/types.ts";

/** The free-tour calls must answer within this, whatever the provider does. */
export const FREETOURS_BUDGET_MS = 5_000;

export class ProviderUnavailable extends Error {
  override readonly name = "ProviderUnavailable";
}

async function withBudget<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${FREETOURS_BUDGET_MS} ms`)), FREETOURS_BUDGET_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The free-tour calls of the contract, in its shapes; provider failures become ProviderUnavailable (logged). */
export function createFreeToursService(provider: FreeTourProvider, log: FastifyBaseLogger) {
  async function call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await withBudget(work(), what);
    } catch (err) {
      log.warn({ err }, `free-tour provider failed: ${what}`);
      throw new ProviderUnavailable(what);
    }
  }

  return {
    async toursOfCountry(countryId: string, page: number) {
      const data = await call("tours by country", () => provider.toursByCountry(countryId, page));
      return { data, status: "success" };
    },

    /** The tour with its availability and reviews; those two degrade to empty lists rather than failing the page. */
    async tourDetail(id: string) {
      const [tour, disponibilidad, comentarios] = await Promise.all([
        call("tour", () => provider.tour(id)),
        call("availability", () => provider.availability(id)).catch(() => ({ data: [], status: "error" })),
        call("reviews", () => provider.reviews(id)).catch(() => ({ data: [], status: "error" })),
      ]);
      if (!tour) return null;
      return { data: tour, status: "success", disponibilidad, comentarios };
    },
  };
}
