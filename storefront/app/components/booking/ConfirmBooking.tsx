import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { formatDateEs, placesLeftText } from "@tours/domain";
import { useEffect, useRef } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * The confirmation step: drawn by the server whenever the URL names a departure, as a modal over the page (a fixed
 * overlay needs no JavaScript). Confirming posts to the page's action, which adds the line to the cart.
 */
export function ConfirmBooking({
  tourName,
  fecha,
  hora,
  horaLabel,
  quedan,
  price,
  cancelHref,
}: {
  tourName: string;
  fecha: string;
  hora: string;
  /** "10:00 hora de Bogotá". */
  horaLabel?: string;
  /** Places left, when the departure has a limit. */
  quedan?: number | null;
  price: string;
  cancelHref: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "add";
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    confirmButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(cancelHref, { preventScrollReset: true, replace: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, cancelHref]);

  return (
    <div className="modal">
      <div className="modal__box" role="dialog" aria-modal="true" aria-labelledby="confirm-title" data-testid="confirm-booking">
        <Link to={cancelHref} className="modal__close" aria-label="Cerrar" preventScrollReset replace>
          ×
        </Link>
        <h2 id="confirm-title">Confirma tu reserva</h2>
        <dl className="summary">
          <dt>Tour</dt>
          <dd>{tourName}</dd>
          <dt>Fecha</dt>
          <dd>{formatDateEs(fecha)}</dd>
          <dt>Hora</dt>
          <dd>{horaLabel ?? hora}</dd>
          <dt>Precio</dt>
          <dd>Desde {price} por persona</dd>
        </dl>
        <p className="muted">
          En el carrito indicas cuántas personas (y mascotas) viajan.
          {typeof quedan === "number" ? ` ${placesLeftText(quedan)} en esta salida.` : null}
        </p>
        {/* no preventScrollReset: the cart it leads to opens at its top, with the added line in view */}
        <Form method="post" className="modal__actions">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="fecha" value={fecha} />
          <input type="hidden" name="hora" value={hora} />
          <input type="hidden" name="js" value={hydrated ? "1" : "0"} />
          <Link to={cancelHref} className="btn btn--ghost" preventScrollReset replace>
            Cancelar
          </Link>
          <button type="submit" className="btn" ref={confirmButton} disabled={busy}>
            {busy ? "Agregando…" : "Agregar al carrito"}
          </button>
        </Form>
      </div>
    </div>
  );
}
