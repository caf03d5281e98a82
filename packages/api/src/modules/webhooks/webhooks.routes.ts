import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { HttpError, fieldError } from "../../http/errors.ts";
import { compraServiceFor } from "../compra/compra.service.ts";
import { createPaypalWebhookHandler } from "./paypal-webhook.ts";
import { createWebhookEventsRepository } from "./webhook-events.repository.ts";
import { WEBHOOK_MSG } from "./webhooks.messages.ts";

interface RawJson {
  raw: string;
  event: unknown;
}

/** PayPal's events are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** PayPal posts its events here (configure this URL in the PayPal app's webhook settings). */
export const PAYPAL_WEBHOOK_PATH = "/api/webhooks/paypal";

export const webhookRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { service: compra } = compraServiceFor(deps, app.log);
  const events = createWebhookEventsRepository(deps.db);
  const handle = createPaypalWebhookHandler({ events, compra, payments: deps.payments, log: app.log });

  // this plugin's own JSON parser keeps the exact bytes PayPal sent: the signature check needs them
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
    const raw = typeof body === "string" ? body : body.toString("utf8");
    let event: unknown;
    try {
      event = JSON.parse(raw);
    } catch {
      event = undefined;
    }
    done(null, { raw, event } satisfies RawJson);
  });

  app.post(PAYPAL_WEBHOOK_PATH, async (request) => {
    const headers: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(request.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v[0] : v;
    const body = request.body as RawJson | undefined;
    const outcome = await handle(headers, body?.event, body?.raw);
    if (outcome.kind === "forged") throw new HttpError(400, { errors: [fieldError(WEBHOOK_MSG.forged)] });
    if (outcome.kind === "malformed") throw new HttpError(400, { errors: [fieldError(WEBHOOK_MSG.malformed)] });
    return { received: true, duplicate: outcome.kind === "duplicate", result: outcome.kind };
  });
};
