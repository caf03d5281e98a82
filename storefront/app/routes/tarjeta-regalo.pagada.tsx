import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { privatePageHeaders } from "~/components/booking/headers";
import { confirmarTarjeta } from "~/lib/gift-card.server";
import { fechaLarga } from "~/lib/gift-card";
import { seo } from "~/lib/seo";

export const headers = privatePageHeaders;

export const meta: MetaFunction = () => [...seo({ title: "Tarjeta regalo pagada" }), { name: "robots", content: "noindex" }];

/**
 * PayPal returns the buyer of a gift card here with `?token=<its order id>`. The loader confirms the payment through
 * the API, which is idempotent: a reload shows the same result and the recipient's e-mail goes out once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim();
  const result = await confirmarTarjeta(token);
  return json(result.ok ? { ...result, vence: fechaLarga(result.venceEl) } : result, { headers: { "Cache-Control": "private, no-store" } });
}

export default function TarjetaPagada() {
  const data = useLoaderData<typeof loader>();
  if (!data.ok) {
    return (
      <div className="container result result--error" data-testid="tarjeta-resultado">
        <div className="result__icon" aria-hidden="true">!</div>
        <div role="alert">
          <h1>No pudimos confirmar la tarjeta regalo</h1>
          <p data-testid="tarjeta-error">{data.message}</p>
        </div>
        <p className="muted">Si el cobro aparece en tu cuenta de PayPal, escríbenos desde la página de ayuda con tu correo.</p>
        <div className="row">
          <Link className="btn" to="/tarjeta-regalo">
            Volver a tarjetas regalo
          </Link>
          <Link className="btn btn--ghost" to="/ayuda">
            Ayuda
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="container result" data-testid="tarjeta-resultado">
      <div className="result__icon" aria-hidden="true">✓</div>
      <div role="status">
        <h1>¡Listo!</h1>
        <p data-testid="tarjeta-enviada">
          Enviamos la tarjeta regalo de {data.importe} a {data.destinatario} ({data.email}). Vence el {data.vence}.
        </p>
      </div>
      <p className="muted">
        El correo lleva el código de la tarjeta (termina en {data.final}). Con él se paga cualquier tour en el carrito, y en
        «Consultar saldo» se ve lo que queda.
      </p>
      <div className="row">
        <Link className="btn" to="/">
          Ver tours
        </Link>
        <Link className="btn btn--ghost" to="/tarjeta-regalo">
          Comprar otra tarjeta
        </Link>
      </div>
    </div>
  );
}
