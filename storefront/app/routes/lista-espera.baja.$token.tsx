import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { isApiError } from "@tours/contract";
import { api, logLoadFailure } from "~/lib/api.server";
import { seo } from "~/lib/seo";
import { privatePageHeaders } from "~/components/booking/headers";

export const headers = privatePageHeaders;

export const meta: MetaFunction = () => [...seo({ title: "Salir de la lista de espera" }), { name: "robots", content: "noindex" }];

/** The link of every waiting-list e-mail (issue 24): a page with one button, so a mail scanner opening it changes nothing. */
export async function loader(_: LoaderFunctionArgs) {
  return json(null, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  try {
    const answer = await api().listaEspera.baja({ token });
    return json({ ok: true, message: answer.succes.mensaje });
  } catch (error) {
    if (isApiError(error) && error.kind === "http" && error.messages[0]) return json({ ok: false, message: error.messages[0] }, { status: error.status });
    logLoadFailure("la salida de la lista de espera", error);
    return json({ ok: false, message: "No pudimos sacarte de la lista. Inténtalo de nuevo en unos minutos." }, { status: 502 });
  }
}

export default function LeaveWaitlist() {
  const result = useActionData<typeof action>();
  return (
    <div className="container result result--neutral" data-testid="waitlist-leave">
      <h1>Salir de la lista de espera</h1>
      {result ? (
        <p className={`notice notice--${result.ok ? "success" : "error"}`} role={result.ok ? "status" : "alert"}>
          {result.message}
        </p>
      ) : (
        <>
          <p>Si sales de la lista no te avisaremos si se liberan lugares en esta salida. Si tenías lugares guardados, pasan a la siguiente persona.</p>
          <Form method="post">
            <button type="submit" className="btn">
              Salir de la lista de espera
            </button>
          </Form>
        </>
      )}
      <div className="row">
        <Link className="btn btn--ghost" to="/">
          Seguir explorando
        </Link>
      </div>
    </div>
  );
}
