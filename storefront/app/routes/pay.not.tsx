import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { api, logLoadFailure } from "~/lib/api.server";
import { commitCart, getCart, getHold } from "~/lib/cart.server";
import { seo } from "~/lib/seo";
import { privatePageHeaders } from "~/components/booking/headers";

export const headers = privatePageHeaders;

export const meta: MetaFunction = () => [...seo({ title: "Pago cancelado" }), { name: "robots", content: "noindex" }];

/** PayPal sends the buyer here when they cancel: the pending order is cancelled; the cart stays as it was. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim();
  if (token) {
    try {
      await api().compra.cancel(token);
    } catch (error) {
      logLoadFailure(`la cancelación del pago ${token}`, error);
    }
  }
  const headers: Record<string, string> = { "Cache-Control": "private, no-store" };
  // the cancelled order holds nothing any more: the cart stops showing its hold
  const hold = await getHold(request);
  if (hold && hold.token === token) headers["Set-Cookie"] = await commitCart(request, await getCart(request), null);
  return json(null, { headers });
}

export default function PayNot() {
  return (
    <div className="container result result--neutral" data-testid="pay-result">
      <div className="result__icon" aria-hidden="true">×</div>
      <h1>Pago cancelado</h1>
      <p>No se realizó ningún cobro. Tus tours siguen en el carrito por si quieres intentarlo de nuevo.</p>
      <div className="row">
        <Link className="btn" to="/shop">Volver al carrito</Link>
        <Link className="btn btn--ghost" to="/">Seguir explorando</Link>
      </div>
    </div>
  );
}
