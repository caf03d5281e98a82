import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MSG, formatUSD, toCents } from "@tours/domain";
import { isApiError } from "@tours/contract";
import { api, logLoadFailure } from "~/lib/api.server";
import { commitCart, getCart } from "~/lib/cart.server";
import { seo } from "~/lib/seo";
import { privatePageHeaders } from "~/components/booking/headers";

export const headers = privatePageHeaders;

export const meta: MetaFunction = () => [...seo({ title: "Pago" }), { name: "robots", content: "noindex" }];

/**
 * PayPal returns the buyer here with `?token=<its order id>`. Confirming is idempotent on the server, so a reload
 * shows the same result; the cart is emptied only once the order is confirmed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token")?.trim();
  const noStore = { "Cache-Control": "private, no-store" };
  if (!token) return json({ ok: false as const, reason: null }, { headers: noStore });
  try {
    const { succes: pedido } = await api().compra.confirma(token);
    if (!pedido.status) return json({ ok: false as const, reason: null }, { headers: noStore });
    if ((await getCart(request)).length > 0) {
      // Empty the cart, then load this page again so the whole page (the top bar's count too) sees it empty.
      return redirect(`${url.pathname}${url.search}`, { headers: { ...noStore, "Set-Cookie": await commitCart(request, []) } });
    }
    return json(
      {
        ok: true as const,
        id: pedido.id,
        referencia: pedido.referencia ?? null,
        total: formatUSD(toCents(pedido.valor_total)),
        email: pedido.email,
      },
      { headers: noStore },
    );
  } catch (error) {
    logLoadFailure(`la confirmación del pago ${token}`, error);
    // a refusal the buyer must understand (the hold expired and the places were sold, the payment is pending…)
    const reason = (isApiError(error) && error.status === 409 ? error.messages[0] : null) ?? null;
    return json({ ok: false as const, reason }, { headers: noStore });
  }
}

export default function PayOk() {
  const data = useLoaderData<typeof loader>();
  if (!data.ok) {
    return (
      <div className="container result result--error" data-testid="pay-result">
        <div className="result__icon" aria-hidden="true">!</div>
        <div role="alert">
          <h1>{MSG.pedidoNoConfirmado}</h1>
          {data.reason ? <p data-testid="pay-reason">{data.reason}</p> : null}
        </div>
        <p className="muted">Si el cobro aparece en tu cuenta, escríbenos desde la página de ayuda con tu correo.</p>
        <div className="row">
          <Link className="btn" to="/shop">Volver al carrito</Link>
          <Link className="btn btn--ghost" to="/ayuda">Ayuda</Link>
        </div>
      </div>
    );
  }
  return (
    <div className="container result" data-testid="pay-result">
      <div className="result__icon" aria-hidden="true">✓</div>
      <div role="status">
        <h1>{MSG.pedidoRegistrado}</h1>
      </div>
      {data.referencia ? (
        <p className="result__reference">
          Tu referencia de reserva: <strong data-testid="pay-referencia">{data.referencia}</strong>
        </p>
      ) : null}
      <p>
        Pedido n.º <strong>{data.id}</strong> · Total pagado <strong className="price">{data.total}</strong>
      </p>
      <p className="muted">
        Te enviamos el voucher, la referencia y el PIN a {data.email}. Con ellos puedes ver o cancelar tu reserva en
        «Mi reserva».
      </p>
      <div className="row">
        <Link className="btn" to="/mi-reserva">Mi reserva</Link>
        <Link className="btn btn--ghost" to="/">Seguir explorando</Link>
      </div>
    </div>
  );
}
