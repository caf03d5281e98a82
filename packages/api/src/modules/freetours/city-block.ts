import type { FastifyBaseLogger } from "fastify";
import type { FreeTourPage, FreeTourProvider } from "../../adapters/freetours/types.ts";

/**
 * How long the city answer waits for the provider. The whole answer must be back within 1.5 s, so this
 * leaves room for the local queries.
 */
export const CITY_BLOCK_BUDGET_MS = 1200;

export const EMPTY_FREE_TOUR_BLOCK: FreeTourPage = { tours: [], currentPage: 1, totalPages: 0, totalObjects: 0 };

/**
 * The `freetour` block of GET /api/tour/index/ciudad/{id}. Never throws: a city without a provider id, a provider
 * failure or an answer slower than CITY_BLOCK_BUDGET_MS gives an empty block (and a logged warning), so local tours still show.
 */
export async function freeTourBlockForCity(
  provider: FreeTourProvider,
  ciudad: { freetour_id: string | null },
  log: FastifyBaseLogger,
): Promise<FreeTourPage> {
  const cityId = ciudad.freetour_id?.trim();
  if (!cityId) return { ...EMPTY_FREE_TOUR_BLOCK };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), CITY_BLOCK_BUDGET_MS);
  });
  try {
    const result = await Promise.race([provider.toursByCity(cityId), timeout]);
    if (result === "timeout") {
      log.warn({ cityId }, `free-tour provider gave no answer within ${CITY_BLOCK_BUDGET_MS} ms; empty block`);
      return { ...EMPTY_FREE_TOUR_BLOCK };
    }
    return result;
  } catch (err) {
    log.warn({ err, cityId }, "free-tour provider failed; empty block");
    return { ...EMPTY_FREE_TOUR_BLOCK };
  } finally {
    clearTimeout(timer);
  }
}
