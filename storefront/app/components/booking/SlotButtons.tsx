import { FEW_PLACES_LEFT, placesLeftText } from "@tours/domain";
import type { SlotView } from "./calendar-state";

const SLOT_STATE_TEXT: Partial<Record<SlotView["estado"], string>> = { agotada: "Agotado", cerrada: "Cerrado" };

/** Places held unpaid by another buyer may come back: said so, rather than "Agotado" (docs/decisions/0018). */
const heldByOthers = (minutes: number) => `Reservado por otro viajero (puede liberarse en ${minutes} min)`;

function slotNote(slot: SlotView): string | null {
  if (slot.estado === "agotada" && slot.liberaEnMin) return heldByOthers(slot.liberaEnMin);
  if (!slot.reservable) return SLOT_STATE_TEXT[slot.estado] ?? null;
  return slot.quedan !== null && slot.quedan <= FEW_PLACES_LEFT ? placesLeftText(slot.quedan) : null;
}

/**
 * The time slots of one day, each a submit button named `hora` of the GET form around it (the tour's booking box and
 * the date change in "Mi reserva"): the chosen one is pressed, the ones that cannot be booked are disabled and say why.
 */
export function SlotButtons({ slots, hora }: { slots: SlotView[]; hora: string | null }) {
  return (
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
  );
}
