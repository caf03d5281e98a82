import type { SimulatorOrder } from "./types.ts";

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

function page(title: string, body: string, wide = false): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · PayPal (simulador)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f5f7fa; margin: 0; color: #1a1a1a; }
  main { max-width: 28rem; width: calc(100% - 2rem); box-sizing: border-box; margin: 3rem auto; background: #fff;
         border-radius: 12px; padding: 2rem;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.3rem; margin-top: 0; }
  .brand { color: #003087; font-weight: 700; font-size: 1.5rem; margin-bottom: 1rem; }
  .brand span { color: #009cde; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; }
  dt { color: #555; } dd { margin: 0; font-weight: 600; }
  .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
  .actions form { flex: 1; }
  button { width: 100%; font-size: 1rem; padding: .8rem; border-radius: 24px; border: 0; cursor: pointer; }
  .pay { background: #ffc439; color: #111; font-weight: 700; }
  .cancel { background: #e9ecef; color: #333; }
  .note { color: #666; font-size: .85rem; margin-top: 1.5rem; }
  main.wide { max-width: 60rem; }
  table { width: 100%; border-collapse: collapse; font-size: .9rem; }
  th, td { text-align: left; padding: .5rem .4rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
  ul.refunds { margin: 0; padding-left: 1rem; }
</style>
</head>
<body><main${wide ? ' class="wide"' : ""}><div class="brand">Pay<span>Pal</span> <small>simulador</small></div>${body}</main></body>
</html>`;
}

export function renderApprovalPage(o: SimulatorOrder): string {
  const payable = o.status === "CREATED" || o.status === "APPROVED";
  const state: Record<SimulatorOrder["status"], string> = {
    CREATED: "Pendiente de pago",
    APPROVED: "Aprobado",
    COMPLETED: "Pagado",
    VOIDED: "Anulado",
  };
  return page(
    "Confirma tu pago",
    `<h1>Confirma tu pago</h1>
<dl>
  <dt>Pedido</dt><dd>${esc(o.id)}</dd>
  <dt>Descripción</dt><dd>${esc(o.description || "Compra de tours")}</dd>
  <dt>Total</dt><dd data-testid="total">${esc(o.amount.currency_code)} ${esc(o.amount.value)}</dd>
  <dt>Estado</dt><dd>${state[o.status]}</dd>
</dl>
${
  payable
    ? `<div class="actions">
  <form method="post" action="/checkoutnow/approve"><input type="hidden" name="token" value="${esc(o.id)}"><button class="pay" type="submit">Pagar</button></form>
  <form method="post" action="/checkoutnow/cancel"><input type="hidden" name="token" value="${esc(o.id)}"><button class="cancel" type="submit">Cancelar</button></form>
</div>`
    : `<p>Este pedido ya no se puede pagar.</p>`
}
<p class="note">Entorno de pruebas: no se realiza ningún cobro real.</p>`,
  );
}

export function renderMessagePage(title: string, message: string): string {
  return page(title, `<h1>${esc(title)}</h1><p>${esc(message)}</p>`);
}

const CAPTURE_STATE: Record<string, string> = {
  COMPLETED: "Cobrado",
  PARTIALLY_REFUNDED: "Reembolsado en parte",
  REFUNDED: "Reembolsado",
};
const ORDER_STATE: Record<SimulatorOrder["status"], string> = {
  CREATED: "Pendiente de pago",
  APPROVED: "Aprobado",
  COMPLETED: "Pagado",
  VOIDED: "Anulado",
};

/** GET /pagos: every order of this simulator with its capture and refunds, newest first (what a merchant sees). */
export function renderPaymentsPage(orders: SimulatorOrder[]): string {
  const rows = orders
    .map((o) => {
      const capture = o.captures[0];
      const refunds = o.captures.flatMap((c) => c.refunds);
      const refundList = refunds.length
        ? `<ul class="refunds">${refunds
            .map(
              (r) =>
                `<li data-testid="reembolso" data-refund-id="${esc(r.id)}">Reembolso ${esc(r.amount.currency_code)} ${esc(r.amount.value)} · ${r.status === "COMPLETED" ? "Completado" : esc(r.status)} · ${esc(r.id)}</li>`,
            )
            .join("")}</ul>`
        : "—";
      return `<tr data-testid="pago" data-order-id="${esc(o.id)}">
  <td>${esc(o.id)}</td>
  <td>${esc(o.description || "Compra de tours")}</td>
  <td>${esc(o.amount.currency_code)} ${esc(o.amount.value)}</td>
  <td>${capture ? `${CAPTURE_STATE[capture.status] ?? esc(capture.status)}<br><small>${esc(capture.id)}</small>` : ORDER_STATE[o.status]}</td>
  <td>${refundList}</td>
</tr>`;
    })
    .join("\n");
  return page(
    "Pagos",
    `<h1>Pagos y reembolsos</h1>
${
  orders.length
    ? `<table><thead><tr><th>Pedido PayPal</th><th>Descripción</th><th>Total</th><th>Estado</th><th>Reembolsos</th></tr></thead><tbody>
${rows}
</tbody></table>`
    : "<p>Aún no hay pagos.</p>"
}
<p class="note">Entorno de pruebas: no se realiza ningún cobro ni reembolso real.</p>`,
    true,
  );
}
