import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, redirect, sendHtml } from "./http.ts";
import { approveOrder } from "./orders.ts";
import { renderApprovalPage, renderMessagePage, renderPaymentsPage } from "./pages.ts";
import type { SimulatorState } from "./state.ts";
import type { Webhooks } from "./webhooks.ts";

/** The pages a person opens: the buyer's approval page (PayPal's checkoutnow) and every payment made (/pagos). */

function withQuery(target: string, params: Record<string, string>): string {
  const u = new URL(target);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

const unknownOrderPage = () => renderMessagePage("Pedido no encontrado", "El enlace de pago no es válido o ha expirado.");

/** Answers the request when it is one of these pages; false when it is not. */
export async function pagesRoute(
  state: SimulatorState,
  webhooks: Webhooks,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
): Promise<boolean> {
  const method = req.method ?? "GET";
  if ((path === "/" || path === "/pagos") && method === "GET") {
    sendHtml(res, 200, renderPaymentsPage([...state.orders.values()].reverse()));
    return true;
  }
  if (path === "/checkoutnow" && method === "GET") {
    const o = state.orders.get(url.searchParams.get("token") ?? "");
    if (!o) sendHtml(res, 404, unknownOrderPage());
    else sendHtml(res, 200, renderApprovalPage(o));
    return true;
  }
  if ((path === "/checkoutnow/approve" || path === "/checkoutnow/cancel") && method === "POST") {
    const form = new URLSearchParams(await readBody(req));
    const o = state.orders.get(form.get("token") ?? "");
    if (!o) sendHtml(res, 404, unknownOrderPage());
    else if (path === "/checkoutnow/cancel") redirect(res, withQuery(o.cancelUrl, { token: o.id }));
    else if (o.status === "VOIDED") sendHtml(res, 409, renderMessagePage("Pago no disponible", "Este pedido ya no se puede pagar."));
    else {
      approveOrder(state, webhooks, o.id);
      redirect(res, withQuery(o.returnUrl, { token: o.id, PayerID: o.payerId ?? "" }));
    }
    return true;
  }
  return false;
}
