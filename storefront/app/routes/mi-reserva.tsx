import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/booking/Field";
import { answerWithMessage, formValues, postedWithJs } from "~/components/booking/forms.server";
import { privatePageHeaders } from "~/components/booking/headers";
import { useHydrated } from "~/components/booking/use-hydrated";
import type { BookingCalendar } from "~/components/booking/calendar-state";
import { CambioFecha, cambioHref } from "~/components/reserva/CambioFecha";
import { cambiarFecha, cambioCalendar, confirmarCambio, resumenCambio, type CambioResumen } from "~/lib/cambio-fecha.server";
import {
  REFERENCIA_PIN_REQUIRED,
  accessFrom,
  cancelar,
  consultar,
  forgetAccess,
  keepAccess,
  readAccess,
  type LineaPage,
  type ReservaPage,
} from "~/lib/reserva.server";
import { seo } from "~/lib/seo";
import { redirectWithError, redirectWithSuccess } from "~/lib/toast.server";
import bookingStyles from "~/styles/booking.css?url";
import reservaStyles from "~/styles/reserva.css?url";

export const headers = privatePageHeaders;
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: bookingStyles },
  { rel: "stylesheet", href: reservaStyles },
];
export const meta: MetaFunction = () => [...seo({ title: "Mi reserva" }), { name: "robots", content: "noindex" }];

const PATH = "/mi-reserva";
const noStore = { "Cache-Control": "private, no-store" };

type LoaderData =
  | { view: "form"; referencia: string; error: string | null }
  | { view: "reserva"; reserva: ReservaPage; confirmar: LineaPage | "todo" | null }
  | { view: "cambio"; linea: LineaPage; calendar: BookingCalendar; resumen: CambioResumen | null; error: string | null };

const NOT_PAID_BACK = "Volviste de PayPal sin pagar la diferencia: tu reserva sigue en su fecha de antes.";
const NOT_CHANGEABLE = "Ya no se puede cambiar la fecha de este tour";

/** Which cancellation the page asks to confirm (`?cancelar=<line>` or `?cancelar=todo`), if it can be done. */
function toConfirm(reserva: ReservaPage, value: string | null): LineaPage | "todo" | null {
  if (value === "todo") return reserva.cancelableTodo ? "todo" : null;
  const line = reserva.lineas.find((l) => String(l.id) === value);
  return line?.cancelable ? line : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const ref = url.searchParams.get("ref");
  const pin = url.searchParams.get("pin");
  if (ref !== null || pin !== null) {
    // the e-mail's link: check the pair once, keep it in the cookie and take the PIN out of the address bar
    const access = accessFrom(ref ?? "", pin ?? "");
    if (!access) return json<LoaderData>({ view: "form", referencia: ref ?? "", error: REFERENCIA_PIN_REQUIRED }, { status: 400, headers: noStore });
    const answer = await consultar(access);
    if (answer.kind === "error") {
      return json<LoaderData>({ view: "form", referencia: access.referencia, error: answer.message }, { status: answer.status, headers: noStore });
    }
    return redirect(PATH, { headers: { ...noStore, "Set-Cookie": await keepAccess(request, access) } });
  }

  const access = await readAccess(request);
  const cambio = url.searchParams.get("cambio");
  if (cambio !== null) {
    // back from PayPal (the difference of a dearer date change): captured once and moved, or why not
    if (!access) return redirectWithError(PATH, REFERENCIA_PIN_REQUIRED);
    const token = url.searchParams.get("token");
    if (url.searchParams.get("cancelado") === "1" || !token) return redirectWithError(PATH, NOT_PAID_BACK);
    const result = await confirmarCambio(access, token);
    return result.kind === "ok" ? redirectWithSuccess(PATH, result.message) : redirectWithError(PATH, result.message);
  }
  if (!access) return json<LoaderData>({ view: "form", referencia: "", error: null }, { headers: noStore });
  const answer = await consultar(access);
  if (answer.kind === "error") {
    const headers = answer.status === 404 ? { ...noStore, "Set-Cookie": await forgetAccess(request) } : noStore;
    return json<LoaderData>({ view: "form", referencia: access.referencia, error: answer.message }, { status: answer.status, headers });
  }
  const cambiar = url.searchParams.get("cambiar");
  if (cambiar !== null) {
    // "Cambiar fecha": the same rule as cancelling (the line can still be cancelled)
    const linea = answer.reserva.lineas.find((l) => String(l.id) === cambiar);
    if (!linea?.cancelable) return redirectWithError(PATH, linea?.motivo ? `${NOT_CHANGEABLE}: ${linea.motivo}` : NOT_CHANGEABLE);
    const calendar = await cambioCalendar(linea.tourId, url.searchParams);
    const preview = calendar.fecha && calendar.hora ? await resumenCambio(access, linea.id, calendar.fecha, calendar.hora) : null;
    return json<LoaderData>(
      {
        view: "cambio",
        linea,
        calendar,
        resumen: preview?.kind === "ok" ? preview.resumen : null,
        error: preview?.kind === "error" ? preview.message : null,
      },
      { headers: noStore },
    );
  }
  const confirmar = toConfirm(answer.reserva, url.searchParams.get("cancelar"));
  return json<LoaderData>({ view: "reserva", reserva: answer.reserva, confirmar }, { headers: noStore });
}

type ActionData = { referencia: string; error: string };

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const withJs = postedWithJs(form);
  const intent = form.get("intent");

  if (intent === "salir") return redirect(PATH, { headers: { "Set-Cookie": await forgetAccess(request) } });

  if (intent === "cancelar") {
    const access = await readAccess(request);
    if (!access) return redirectWithError(PATH, REFERENCIA_PIN_REQUIRED);
    const linea = form.get("linea");
    const line = typeof linea === "string" && /^\d+$/.test(linea) ? Number(linea) : undefined;
    const result = await cancelar(access, line);
    return result.kind === "ok" ? redirectWithSuccess(PATH, result.message) : redirectWithError(PATH, result.message);
  }

  if (intent === "cambiar") {
    const access = await readAccess(request);
    if (!access) return redirectWithError(PATH, REFERENCIA_PIN_REQUIRED);
    const { linea, fecha, hora } = formValues(form, ["linea", "fecha", "hora"] as const);
    if (!/^\d+$/.test(linea)) return redirectWithError(PATH, NOT_CHANGEABLE);
    const result = await cambiarFecha(access, Number(linea), fecha, hora);
    if (result.kind === "pay") return redirect(result.url);
    return result.kind === "ok"
      ? redirectWithSuccess(PATH, result.message)
      : redirectWithError(cambioHref(Number(linea), { fecha: /^\d{4}-\d{2}-\d{2}$/.test(fecha) ? fecha : null }), result.message);
  }

  const values = formValues(form, ["referencia", "pin"] as const);
  const fail = (error: string, status: number) =>
    answerWithMessage<ActionData>({ referencia: values.referencia, error }, { message: error, type: "error" }, withJs, { status });
  const access = accessFrom(values.referencia, values.pin);
  if (!access) return fail(REFERENCIA_PIN_REQUIRED, 400);
  const answer = await consultar(access);
  if (answer.kind === "error") return fail(answer.message, answer.status);
  return redirect(PATH, { headers: { "Set-Cookie": await keepAccess(request, access) } });
}

function AccessForm({ referencia, error }: { referencia: string; error: string | null }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <div className="container section booking-narrow">
      <div className="panel">
        <h1>Mi reserva</h1>
        <p className="muted">
          Escribe la referencia y el PIN de tu correo de confirmación para ver tu reserva, imprimir el voucher o cancelar.
        </p>
        <Form method="post" action={PATH} noValidate className="booking-form" data-testid="mi-reserva-form">
          <input type="hidden" name="js" value={hydrated ? "1" : "0"} />
          <input type="hidden" name="intent" value="consultar" />
          {error ? (
            <p className="notice notice--error" role="alert" data-testid="mi-reserva-error">
              {error}
            </p>
          ) : null}
          {/* A reference and a PIN are a login (WCAG 3.3.8): the browser's password manager may fill them, and pasting works. */}
          <Field label="Referencia" name="referencia" defaultValue={referencia} autoComplete="username" hint="Ejemplo: TR-7KQ2M9XP" required />
          <Field label="PIN" name="pin" inputMode="numeric" autoComplete="current-password" hint="6 dígitos" required />
          <button type="submit" className="btn btn--block" disabled={busy}>
            {busy ? "Buscando…" : "Ver mi reserva"}
          </button>
        </Form>
      </div>
    </div>
  );
}

function LineState({ line }: { line: LineaPage }) {
  if (line.cancelada) return <span className="badge badge--cancelada" data-testid="linea-estado">Cancelada</span>;
  if (line.checkin) return <span className="badge badge--checkin" data-testid="linea-estado">Llegada registrada</span>;
  return <span className="badge badge--activa" data-testid="linea-estado">Confirmada</span>;
}

function Line({ line }: { line: LineaPage }) {
  return (
    <li className="voucher__line" data-testid="reserva-linea">
      <div className="voucher__line-head">
        <h3>{line.tour}</h3>
        <LineState line={line} />
      </div>
      <dl className="voucher__facts">
        <dt>Fecha</dt>
        <dd data-testid="linea-fecha">{line.fecha}</dd>
        <dt>Hora</dt>
        <dd data-testid="linea-hora">{line.hora}</dd>
        {line.duracion ? (
          <>
            <dt>Duración</dt>
            <dd data-testid="linea-duracion">{line.duracion}</dd>
          </>
        ) : null}
        <dt>Viajeros</dt>
        <dd>{line.viajeros}</dd>
        <dt>Punto de encuentro</dt>
        <dd>
          {line.puntoEncuentro || "Te lo confirmará el guía"}
          {line.mapa ? (
            <>
              {" "}
              ·{" "}
              <a href={line.mapa} rel="noopener noreferrer" data-testid="linea-mapa">
                Ver en OpenStreetMap
              </a>
            </>
          ) : null}
        </dd>
        <dt>Precio</dt>
        <dd className="price" data-testid="linea-precio">
          {line.precio}
          {line.descuento ? <span className="muted"> (descuento de {line.descuento})</span> : null}
        </dd>
        <dt>Cancelación</dt>
        <dd data-testid="linea-limite">
          {!line.reembolsable ? "Este tour no es reembolsable" : line.limite ? `Gratis hasta el ${line.limite}` : "Ya no se puede cancelar"}
          {!line.cancelable && !line.cancelada && line.reembolsable && line.motivo ? (
            <span className="muted voucher__why"> · {line.motivo}</span>
          ) : null}
        </dd>
      </dl>
      {line.cancelable ? (
        <div className="row no-print voucher__actions">
          <Link className="btn btn--ghost" to={cambioHref(line.id)} data-testid="cambiar-fecha">
            Cambiar fecha
          </Link>
          <Link className="btn btn--ghost" to={`${PATH}?cancelar=${line.id}`} data-testid="cancelar-linea">
            Cancelar este tour
          </Link>
        </div>
      ) : null}
    </li>
  );
}

function Confirm({ reserva, what }: { reserva: ReservaPage; what: LineaPage | "todo" }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const text =
    what === "todo"
      ? `¿Cancelar toda la reserva ${reserva.referencia}? Te devolveremos ${reserva.devolucionTodo}.`
      : `¿Cancelar «${what.tour}» del ${what.fecha}, ${what.hora}? Te devolveremos ${what.precio}.`;
  return (
    <section className="panel confirm no-print" aria-labelledby="confirmar-titulo" data-testid="confirmar-cancelacion">
      <h2 id="confirmar-titulo">Confirma la cancelación</h2>
      <p>{text}</p>
      {reserva.tarjeta ? (
        <p className="muted">Lo pagado con la tarjeta regalo {reserva.tarjeta.final} vuelve primero a su saldo; el resto, a tu cuenta de PayPal.</p>
      ) : null}
      <p className="muted">Los lugares quedan libres para otros viajeros y no se puede deshacer.</p>
      <div className="row">
        <Form method="post" action={PATH}>
          <input type="hidden" name="intent" value="cancelar" />
          {what === "todo" ? null : <input type="hidden" name="linea" value={what.id} />}
          <button type="submit" className="btn btn--danger" disabled={busy}>
            {busy ? "Cancelando…" : "Sí, cancelar"}
          </button>
        </Form>
        <Link className="btn btn--ghost" to={PATH}>
          No, volver
        </Link>
      </div>
    </section>
  );
}

function Booking({ reserva, confirmar }: { reserva: ReservaPage; confirmar: LineaPage | "todo" | null }) {
  const hydrated = useHydrated();
  return (
    <div className="container section booking-narrow">
      {confirmar ? <Confirm reserva={reserva} what={confirmar} /> : null}
      <article className="panel voucher" data-testid="voucher" aria-labelledby="voucher-titulo">
        <header className="voucher__head">
          <div>
            <p className="muted voucher__kicker">Voucher de reserva</p>
            <h1 id="voucher-titulo">
              Reserva <span data-testid="reserva-referencia">{reserva.referencia}</span>
            </h1>
            <p>
              A nombre de <strong>{reserva.titular}</strong>
            </p>
            <p data-testid="reserva-estado">
              {reserva.cancelada ? (
                <span className="badge badge--cancelada">Cancelada</span>
              ) : reserva.pagado ? (
                <span className="badge badge--activa">Pagada</span>
              ) : (
                <span className="badge">Pendiente de pago</span>
              )}{" "}
              Total pagado <strong className="price">{reserva.total}</strong>
              {reserva.tarjeta ? (
                <>
                  {" "}
                  · <span data-testid="reserva-tarjeta">Pagado con tarjeta regalo {reserva.tarjeta.final}: <strong className="price">{reserva.tarjeta.monto}</strong></span>
                </>
              ) : null}
              {reserva.descuento ? (
                <>
                  {" "}
                  · Código de descuento <strong data-testid="reserva-codigo">{reserva.descuento.codigo}</strong>:{" "}
                  <span className="price" data-testid="reserva-descuento">
                    −{reserva.descuento.monto}
                  </span>
                </>
              ) : null}
              {reserva.reembolsado ? (
                <>
                  {" "}
                  · Reembolsado <strong className="price" data-testid="reserva-reembolsado">{reserva.reembolsado}</strong>
                  {reserva.tarjeta && reserva.reembolsadoATarjeta ? (
                    <span data-testid="reserva-reembolso-tarjeta">
                      {" "}
                      ({reserva.reembolsadoATarjeta} volvió a la tarjeta regalo {reserva.tarjeta.final})
                    </span>
                  ) : null}
                </>
              ) : null}
            </p>
          </div>
          {reserva.cancelada ? (
            // a cancelled booking admits nobody: no code to show the guide
            <p className="voucher__void" data-testid="voucher-anulado">
              Esta reserva está cancelada: ya no sirve para entrar al tour.
            </p>
          ) : (
            <figure className="voucher__qr">
              {/* markup made on the server by the qrcode package from the reference alone */}
              <div role="img" aria-label={`Código QR de la reserva ${reserva.referencia}`} dangerouslySetInnerHTML={{ __html: reserva.qr }} />
              <figcaption>Muéstralo al guía al llegar</figcaption>
            </figure>
          )}
        </header>
        <ul className="voucher__lines">
          {reserva.lineas.map((line) => (
            <Line key={line.id} line={line} />
          ))}
        </ul>
        <div className="row no-print voucher__actions">
          {hydrated ? (
            <button type="button" className="btn btn--ghost" onClick={() => window.print()}>
              Imprimir voucher
            </button>
          ) : null}
          {reserva.cancelableTodo ? (
            <Link className="btn btn--ghost" to={`${PATH}?cancelar=todo`} data-testid="cancelar-todo">
              Cancelar toda la reserva
            </Link>
          ) : null}
          <Form method="post" action={PATH}>
            <input type="hidden" name="intent" value="salir" />
            <button type="submit" className="btn btn--ghost">Consultar otra reserva</button>
          </Form>
        </div>
        <p className="muted no-print">
          Al imprimir (o con Ctrl+P) la página sale como voucher, sin menús ni botones.
        </p>
      </article>
    </div>
  );
}

export default function MiReserva() {
  const data = useLoaderData<typeof loader>() as LoaderData;
  const posted = useActionData<typeof action>() as (ActionData & { notice?: unknown }) | undefined;
  if (data.view === "form" || posted) {
    const referencia = posted?.referencia ?? (data.view === "form" ? data.referencia : "");
    const error = posted?.error ?? (data.view === "form" ? data.error : null);
    return <AccessForm referencia={referencia} error={error} />;
  }
  if (data.view === "cambio") return <CambioFecha linea={data.linea} calendar={data.calendar} resumen={data.resumen} error={data.error} />;
  return <Booking reserva={data.reserva} confirmar={data.confirmar} />;
}
