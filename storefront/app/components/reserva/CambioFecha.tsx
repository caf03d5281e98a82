import { Form, Link, useNavigation } from "@remix-run/react";
import { formatDateEs } from "@tours/domain";
import { MonthCalendar } from "~/components/MonthCalendar";
import type { BookingCalendar } from "~/components/booking/calendar-state";
import { DepartureButtons } from "~/components/booking/DepartureButtons";
import type { CambioResumen } from "~/lib/cambio-fecha.server";
import type { LineaPage } from "~/lib/reserva.server";

const PATH = "/mi-reserva";

/** `/mi-reserva?cambiar=<line>&mes=&fecha=&hora=`: every step of the change is a URL, so it works without JavaScript. */
export function cambioHref(linea: number, state: { mes?: string | null; fecha?: string | null; hora?: string | null } = {}): string {
  const query = new URLSearchParams({ cambiar: String(linea) });
  if (state.mes) query.set("mes", state.mes);
  if (state.fecha) query.set("fecha", state.fecha);
  if (state.hora) query.set("hora", state.hora);
  return `${PATH}?${query.toString()}`;
}

function Resumen({ linea, resumen, fecha, hora }: { linea: LineaPage; resumen: CambioResumen; fecha: string; hora: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const d = resumen.diferenciaCents;
  return (
    <section className="panel cambio__resumen" aria-labelledby="cambio-resumen-titulo" data-testid="cambio-resumen">
      <h3 id="cambio-resumen-titulo">Confirma el cambio</h3>
      <dl className="voucher__facts">
        <dt>Ahora</dt>
        <dd>{resumen.desde}</dd>
        <dt>Nueva fecha</dt>
        <dd data-testid="cambio-hacia">{resumen.hacia}</dd>
        <dt>Viajeros</dt>
        <dd>{linea.viajeros}</dd>
        <dt>Precio</dt>
        <dd className="price">
          {resumen.totalAntes} → {resumen.totalNuevo}
        </dd>
        <dt>Diferencia</dt>
        <dd className="price" data-testid="cambio-diferencia">
          {d > 0 ? `Pagas ${resumen.diferencia} más` : d < 0 ? `Te devolvemos ${resumen.diferencia}` : "Sin diferencia de precio"}
        </dd>
      </dl>
      <p className="muted">
        {d > 0
          ? "Te llevamos a PayPal a pagar la diferencia; tu reserva cambia de fecha cuando el pago se confirme."
          : d < 0
            ? "Tu reserva cambia de fecha al confirmar y la diferencia vuelve a tu cuenta de PayPal."
            : "Tu reserva cambia de fecha al confirmar."}{" "}
        Recibirás un correo con el nuevo voucher; la referencia y el PIN no cambian.
      </p>
      <Form method="post" action={PATH} className="row">
        <input type="hidden" name="intent" value="cambiar" />
        <input type="hidden" name="linea" value={linea.id} />
        <input type="hidden" name="fecha" value={fecha} />
        <input type="hidden" name="hora" value={hora} />
        <button type="submit" className="btn" disabled={busy} data-testid="cambio-confirmar">
          {busy ? "Cambiando…" : d > 0 ? `Pagar ${resumen.diferencia} y cambiar` : "Confirmar el cambio"}
        </button>
        <Link className="btn btn--ghost" to={PATH}>
          No, volver
        </Link>
      </Form>
    </section>
  );
}

/** The change's screen: the line, the tour's calendar with its places, the chosen day's times, then the summary. */
export function CambioFecha({
  linea,
  calendar,
  resumen,
  error,
}: {
  linea: LineaPage;
  calendar: BookingCalendar;
  resumen: CambioResumen | null;
  error: string | null;
}) {
  const { fecha, departures, hora, mes } = calendar;
  return (
    <div className="container section booking-narrow">
      <article className="panel cambio" aria-labelledby="cambio-titulo" data-testid="cambio-fecha">
        <p className="muted voucher__kicker">Cambiar fecha</p>
        <h1 id="cambio-titulo">{linea.tour}</h1>
        <p>
          Ahora: <strong>{linea.fecha}, {linea.hora}</strong> · {linea.viajeros}. Elige otra fecha y horario del mismo tour; los
          viajeros no cambian.
        </p>
        {error ? (
          <p className="notice notice--error" role="alert" data-testid="cambio-error">
            {error}
          </p>
        ) : null}
        <MonthCalendar
          title={calendar.title}
          weeks={calendar.weeks}
          selected={fecha}
          dayHref={(date) => cambioHref(linea.id, { mes, fecha: date })}
          prevHref={calendar.prevMes ? cambioHref(linea.id, { mes: calendar.prevMes, fecha }) : null}
          nextHref={calendar.nextMes ? cambioHref(linea.id, { mes: calendar.nextMes, fecha }) : null}
          caption="Días con lugares para tu reserva"
        />
        {fecha ? (
          <Form method="get" action={PATH} preventScrollReset replace data-testid="slots">
            <input type="hidden" name="cambiar" value={linea.id} />
            <input type="hidden" name="mes" value={mes} />
            <input type="hidden" name="fecha" value={fecha} />
            <h2 className="slots-title">Horarios del {formatDateEs(fecha)}</h2>
            <DepartureButtons departures={departures} hora={hora} departureHref={(h) => cambioHref(linea.id, { mes, fecha, hora: h })} />
          </Form>
        ) : (
          <p className="muted">Elige un día resaltado para ver sus horarios y lugares.</p>
        )}
        {resumen && fecha && hora ? <Resumen linea={linea} resumen={resumen} fecha={fecha} hora={hora} /> : null}
        <p className="no-print">
          <Link to={PATH}>Volver a mi reserva</Link>
        </p>
      </article>
    </div>
  );
}
