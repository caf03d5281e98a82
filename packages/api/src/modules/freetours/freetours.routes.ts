import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { HttpError, badRequest, fieldError, notFound } from "../../http/errors.ts";
import { createFreeToursService, ProviderUnavailable } from "./freetours.service.ts";
import { FREETOURS_MSG } from "./freetours.messages.ts";

/** Provider ids are opaque strings (uuids for the bundled catalogue); this keeps them sane in a URL. */
const PROVIDER_ID = /^[A-Za-z0-9_-]{1,100}$/;

function providerId(value: string, path: string): string {
  if (!PROVIDER_ID.test(value)) throw badRequest([fieldError(FREETOURS_MSG.badId, path, value, "params")]);
  return value;
}

function pageOf(query: unknown): number {
  const raw = (query as { page?: unknown } | undefined)?.page;
  const n = typeof raw === "string" && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, n);
}

export const freeToursRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const service = createFreeToursService(deps.freeTours, app.log);

  const unavailable = (err: unknown) => {
    if (err instanceof ProviderUnavailable) throw new HttpError(502, { errors: [fieldError(FREETOURS_MSG.unavailable)] });
    throw err;
  };

  app.get<{ Params: { countryId: string } }>("/api/freetours/tours/:countryId", async (request) => {
    const countryId = providerId(request.params.countryId, "countryId");
    return service.toursOfCountry(countryId, pageOf(request.query)).catch(unavailable);
  });

  app.get<{ Params: { id: string } }>("/api/freetours/tour/:id", async (request) => {
    const id = providerId(request.params.id, "id");
    const answer = await service.tourDetail(id).catch(unavailable);
    if (!answer) throw notFound(FREETOURS_MSG.notFound);
    return answer;
  });
};
