import type { MouseEvent } from "react";
import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
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
 * With JavaScript a tap navigates to the departure's address (`departureHref`) instead of submitting the form, as the
 * calendar's day links do: in Chrome the form's submission cost ~200 ms of main-thread work after the tap at 4× CPU
 * (docs/benchmarks.md, "elegir horario"), a link's navigation does not.
 */
export function DepartureButtons({
  departures,
  hora,
  departureHref,
}: {
  departures: DepartureView[];
  hora: string | null;
  departureHref: (hora: string) => string;
}) {
  const navigate = useNavigate();
  // the departure being opened reads as chosen from the tap: on a slow connection its page takes a while, and the
  // tap should show at once that it was heard
  const navigation = useNavigation();
  const here = useLocation();
  const opening = navigation.state === "loading" && navigation.location.pathname === here.pathname ? new URLSearchParams(navigation.location.search).get("hora") : null;
  const chosen = opening ?? hora;
  const open = (event: MouseEvent<HTMLButtonElement>, departure: string) => {
    event.preventDefault();
    navigate(departureHref(departure), { replace: true, preventScrollReset: true });
  };
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
              aria-pressed={chosen === departure.hora}
              disabled={!departure.reservable}
              onClick={(event) => open(event, departure.hora)}
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
