import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ListaEsperaOfertaBody, isApiError } from "@tours/contract";
import { formatUSD } from "@tours/domain";
import { api, logLoadFailure } from "~/lib/api.server";
import { approvalLink } from "~/lib/checkout.server";
import { seo } from "~/lib/seo";
import { privatePageHeaders } from "~/components/booking/headers";
import { Field } from "~/components/booking/Field";
import { formValues, issuesToFieldErrors, type FieldErrors } from "~/components/booking/forms.server";

export const headers = privatePageHeaders;

export const meta: MetaFunction = () => [...seo({ title: "Tus lugares de la lista de espera" }), { name: "robots", content: "noindex" }];

const FAILED = "No pudimos abrir el pago. Inténtalo de nuevo en unos minutos.";

/** The offer's link (issue 24): the places held for this entry, until when, and the buyer's details to pay them. */
export async function loader({ params }: LoaderFunctionArgs) {
  try {
    const answer = await api().listaEspera.oferta(params.token ?? "");
    return json({ oferta: answer.succes, token: params.token ?? "" }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw new Response(error.messages[0] ?? "No encontrado", { status: 404 });
    throw error;
  }
}

const FIELDS = ["nombre", "apellido", "telefono"] as const;

export async function action({ params, request }: ActionFunctionArgs) {
  const values = formValues(await request.formData(), FIELDS);
  const fail = (message: string, errors: FieldErrors = {}, status = 400) => json({ message, errors, values }, { status });
  const parsed = ListaEsperaOfertaBody.safeParse({ token: params.token ?? "", ...values });
  if (!parsed.success) {
    const errors = issuesToFieldErrors(parsed.error.issues);
    return fail(Object.values(errors)[0] ?? FAILED, errors);
  }
  try {
    const answer = await api().listaEspera.aceptar(parsed.data);
    const url = approvalLink(answer.succes);
    if (!url) return fail(FAILED, {}, 502);
    return redirect(url);
  } catch (error) {
    if (isApiError(error) && error.kind === "http" && error.messages[0]) return fail(error.messages[0], {}, error.status);
    logLoadFailure("el pago de una oferta de la lista de espera", error);
    return fail(FAILED, {}, 502);
  }
}

export default function WaitlistOffer() {
  const { oferta } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const values: Record<string, string> = result?.values ?? {};
  const errors: FieldErrors = result?.errors ?? {};
  return (
    <div className="container" data-testid="waitlist-offer">
      <h1>Lugares de la lista de espera</h1>
      <div className="booking-box">
        <h2>{oferta.tour.nombre}</h2>
        <p>
          {oferta.fecha_texto}, {oferta.hora_texto}
        </p>
        <p>Viajeros: {oferta.viajeros_texto}</p>
        {oferta.total_cents !== null ? <p>Total: {formatUSD(oferta.total_cents)}</p> : null}
      </div>
      {oferta.vigente ? (
        <>
          <p className="notice notice--success" role="status">
            Te guardamos estos lugares hasta el {oferta.hasta_texto}. Completa tus datos y paga con PayPal antes de esa hora.
          </p>
          <Form method="post" noValidate className="booking-form">
            {result?.message ? (
              <p className="notice notice--error" role="alert">
                {result.message}
              </p>
            ) : null}
            <div className="form-grid">
              <Field label="Nombre" name="nombre" autoComplete="given-name" defaultValue={values.nombre} error={errors.nombre} required />
              <Field label="Apellido" name="apellido" autoComplete="family-name" defaultValue={values.apellido} error={errors.apellido} required />
              <Field label="Teléfono" name="telefono" type="tel" autoComplete="tel" defaultValue={values.telefono} error={errors.telefono} required />
            </div>
            <button type="submit" className="btn" disabled={busy}>
              {busy ? "Abriendo PayPal…" : "Pagar con PayPal"}
            </button>
          </Form>
        </>
      ) : (
        <p className="notice notice--error" role="alert">
          {oferta.estado === "usada"
            ? "Ya reservaste estos lugares: revisa el correo de confirmación."
            : oferta.estado === "baja"
              ? "Saliste de la lista de espera de esta salida."
              : oferta.estado === "esperando"
                ? "Todavía no se liberaron lugares para ti: te escribiremos cuando pase."
                : "Esta oferta ya no está disponible: venció o los lugares pasaron a la siguiente persona de la lista."}
        </p>
      )}
      <div className="row">
        <Link className="btn btn--ghost" to={`/actividades/detalle/local/${oferta.tour.id}`}>
          Ver el tour
        </Link>
      </div>
    </div>
  );
}
