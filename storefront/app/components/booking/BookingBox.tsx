import { Form } from "@remix-run/react";
import { FEW_PLACES_LEFT, formatDateEs, placesLeftText } from "@tours/domain";
import { MonthCalendar } from "~/components/MonthCalendar";
import { calendarQuery, type BookingCalendar, type SlotView } from "./calendar-state";

const SLOT_STATE_TEXT: Partial<Record<SlotView["estado"], string>> = { agotada: "Agotado", cerrada: "Cerrado" };

function slotNote(slot: SlotView): string | null {
  if (!slot.reservable) return SLOT_STATE_TEXT[slot.estado] ?? null;
  return slot.quedan !== null && slot.quedan <= FEW_PLACES_LEFT ? placesLeftText(slot.quedan) : null;
}

/**
 * The booking box: price, the month calendar (each day a link) and the slots of the chosen day (each a submit
 * button of a GET form), all state in the URL so it works without JavaScript.
 */
export function BookingBox({ price, calendar, hasSchedule }: { price: string; calendar: BookingCalendar; hasSchedule: boolean }) {
  const { fecha, slots, hora, mes } = calendar;
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
          <ul className="slots">
            {slots.map((slot) => {
              const note = slotNote(slot);
              return (
                <li key={slot.hora}>
                  <button
                    type="submit"
                    name="hora"
                    value={slot.hora}
                    className={`btn btn--ghost slot${slot.reservable ? "" : " slot--off"}`}
                    aria-pressed={hora === slot.hora}
                    disabled={!slot.reservable}
                    data-testid="slot"
                  >
                    <span className="slot__time">{slot.label}</span>
                    {note ? (
                      <span className={`slot__note${slot.reservable ? " slot__note--few" : ""}`} data-testid="slot-note">
                        {note}
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </Form>
      ) : hasSchedule ? (
        <p className="muted">Elige un día resaltado para ver sus horarios.</p>
      ) : null}
    </section>
  );
}
