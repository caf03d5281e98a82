import { FEW_PLACES_LEFT, placesLeftText } from "@tours/domain";
import type { DepartureView } from "./calendar-state";

const DEPARTURE_STATE_TEXT: Partial<Record<DepartureView["estado"], string>> = { agotada: "Agotado", cerrada: "Cerrado" };

/** Places held unpaid by another buyer may come back: said so, rather than "Agotado" (docs/decisions/0018). */
const heldByOthers = (minutes: number) => `Reservado por otro viajero (puede liberarse en ${minutes} min)`;

function departureNote(departure: DepartureView): string | null {
  if (departure.estado === "agotada" && departure.liberaEnMin) return heldByOthers(departure.liberaEnMin);
  if (!departure.reservable) return DEPARTURE_STATE_TEXT[departure.estado] ?? null;
  return departure.quedan !== null && departure.quedan <= FEW_PLACES_LEFT ? placesLeftText(departure.quedan) : null;
}

/**
 * The departures of one day, each a submit button named `hora` of the GET form around it (the tour's booking box and
 * the date change in "Mi reserva"): the chosen one is pressed, the ones that cannot be booked are disabled and say why.
 */
export function DepartureButtons({ departures, hora }: { departures: DepartureView[]; hora: string | null }) {
  return (
    <ul className="slots">
      {departures.map((departure) => {
        const note = departureNote(departure);
        return (
          <li key={departure.hora}>
            <button
              type="submit"
              name="hora"
              value={departure.hora}
              className={`btn btn--ghost slot${departure.reservable ? "" : " slot--off"}`}
              aria-pressed={hora === departure.hora}
              disabled={!departure.reservable}
              data-testid="slot"
            >
              <span className="slot__time">{departure.label}</span>
              {note ? (
                <span className={`slot__note${departure.reservable ? " slot__note--few" : ""}`} data-testid="slot-note">
                  {note}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
