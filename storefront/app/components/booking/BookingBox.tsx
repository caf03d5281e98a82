import { Form } from "@remix-run/react";
import { formatDateEs } from "@tours/domain";
import { MonthCalendar } from "~/components/MonthCalendar";
import { calendarQuery, type BookingCalendar } from "./calendar-state";
import { DepartureButtons } from "./DepartureButtons";
import { WaitlistSlot } from "./WaitlistSlot";

/**
 * The booking box: price, the month calendar (each day a link) and the departures of the chosen day (each a submit
 * button of a GET form), all state in the URL so it works without JavaScript.
 */
export function BookingBox({ price, calendar, hasSchedule }: { price: string; calendar: BookingCalendar; hasSchedule: boolean }) {
  const { fecha, departures, hora, mes } = calendar;
  return (
    <section className="booking-box" aria-labelledby="reserva-title" id="reserva" data-testid="booking-box">
      <p className="tour-price">
        <small>Desde </small>
        <span data-testid="tour-price">{price}</span>
        <small> por persona</small>
      </p>
      <h2 id="reserva-title">Elige la fecha</h2>
      {hasSchedule ? (
        <MonthCalendar
          title={calendar.title}
          weeks={calendar.weeks}
          selected={fecha}
          dayHref={(date) => calendarQuery({ mes, fecha: date })}
          prevHref={calendar.prevMes ? calendarQuery({ mes: calendar.prevMes, fecha }) : null}
          nextHref={calendar.nextMes ? calendarQuery({ mes: calendar.nextMes, fecha }) : null}
          caption="Días disponibles del tour"
        />
      ) : (
        <p className="empty">Este tour todavía no tiene horarios publicados.</p>
      )}
      {fecha ? (
        <Form method="get" preventScrollReset replace data-testid="slots">
          <input type="hidden" name="mes" value={mes} />
          <input type="hidden" name="fecha" value={fecha} />
          <h3 className="slots-title">Horarios del {formatDateEs(fecha)}</h3>
          <DepartureButtons departures={departures} hora={hora} departureHref={(h) => calendarQuery({ mes, fecha, hora: h })} />
        </Form>
      ) : hasSchedule ? (
        <p className="muted">Elige un día resaltado para ver sus horarios.</p>
      ) : null}
      <WaitlistSlot agotadas={calendar.agotadas} />
      {calendar.alternativas.length > 0 ? (
        <nav className="alternatives" aria-labelledby="alternativas-title" data-testid="alternativas">
          <h3 id="alternativas-title" className="slots-title">
            Próximas salidas con lugares
          </h3>
          <ul>
            {calendar.alternativas.map((a) => (
              <li key={`${a.fecha}-${a.hora}`}>
                <a href={calendarQuery({ mes, fecha: a.fecha, hora: a.hora })}>
                  {formatDateEs(a.fecha)}, {a.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
