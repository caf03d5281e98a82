import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { FEW_PLACES_LEFT, TRAVELLER_LABELS_ES, formatDiaEs, placesLeftText } from "@tours/domain";
import { useImageBase } from "~/lib/images";
import { imageOrScene } from "~/lib/scene-image";
import type { CartLineView, TravelerField } from "~/lib/cart.server";
import { useHydrated } from "./use-hydrated";

const FIELDS: Array<{ field: TravelerField; label: string; hint: string }> = [
  { field: "mayores_15", label: TRAVELLER_LABELS_ES.mayores15, hint: "Precio completo" },
  { field: "de_4_15", label: TRAVELLER_LABELS_ES.menoresde15_a4, hint: "60 % del precio" },
  { field: "menores_3", label: TRAVELLER_LABELS_ES.menores3, hint: "Gratis" },
  { field: "mascotas", label: TRAVELLER_LABELS_ES.mascotas, hint: "20 % del precio" },
];

type Counts = Record<TravelerField, number>;

/**
 * One cart line with its four counters. Every "+" / "−" is a small form that posts the line's new counts: a plain
 * form post without JavaScript, a fetcher (no reload, optimistic counts) with it.
 */
export function CartLineCard({ line, onSaving }: { line: CartLineView; onSaving: (tourId: number, saving: boolean) => void }) {
  const base = useImageBase();
  const counts = useFetcher({ key: `cart-line-${line.item.tour_id}` });
  const remove = useFetcher();
  const saving = counts.state !== "idle" || remove.state !== "idle";
  // the page's "Ir a pagar" waits while a line is being saved; a line removed mid-save must not leave it waiting
  useEffect(() => {
    onSaving(line.item.tour_id, saving);
    return () => onSaving(line.item.tour_id, false);
  }, [onSaving, line.item.tour_id, saving]);
  const hydrated = useHydrated();
  const { item } = line;

  // While a post is on its way, show the counts it will produce.
  const pending = counts.formData;
  const shown: Counts = {
    mayores_15: pending ? Number(pending.get("mayores_15")) : item.mayores_15,
    de_4_15: pending ? Number(pending.get("de_4_15")) : item.de_4_15,
    menores_3: pending ? Number(pending.get("menores_3")) : item.menores_3,
    mascotas: pending ? Number(pending.get("mascotas")) : item.mascotas,
  };
  const js = <input type="hidden" name="js" value={hydrated ? "1" : "0"} />;

  const persons = shown.mayores_15 + shown.de_4_15 + shown.menores_3;
  const full = line.quedan !== null && persons >= line.quedan;
  const fullNoteId = `cart-line-${item.tour_id}-lleno`;

  const counterButton = (field: TravelerField, label: string, delta: 1 | -1) => {
    const next: Counts = { ...shown, [field]: Math.max(0, shown[field] + delta) };
    const blocked = (delta === -1 && shown[field] === 0) || (delta === 1 && field !== "mascotas" && full);
    return (
      <counts.Form method="post" action="/shop" preventScrollReset>
        <input type="hidden" name="intent" value="counts" />
        <input type="hidden" name="tour_id" value={item.tour_id} />
        {FIELDS.map(({ field: f }) => (
          <input key={f} type="hidden" name={f} value={next[f]} />
        ))}
        {js}
        <button
          type="submit"
          className="counter__btn"
          // With JavaScript a counter that cannot move stays focusable (aria-disabled, its press ignored): the
          // keyboard focus is not dropped when the place it asked for was the last one.
          disabled={blocked && !hydrated}
          aria-disabled={blocked && hydrated ? true : undefined}
          onClick={blocked ? (event) => event.preventDefault() : undefined}
          aria-describedby={delta === 1 && full ? fullNoteId : undefined}
          aria-label={`${delta === 1 ? "Agregar" : "Quitar"} uno: ${label}`}
          data-action={delta === 1 ? "inc" : "dec"}
        >
          {delta === 1 ? "+" : "−"}
        </button>
      </counts.Form>
    );
  };

  return (
    <article className="cart-line" data-testid="cart-line" aria-labelledby={`cart-line-${item.tour_id}`}>
      <div className="cart-line__media">
        <img src={imageOrScene(base, item.imagen, `tour-${item.tour_id}`, item.nombre)} alt="" width={400} height={300} />
      </div>
      <div>
        <h2 id={`cart-line-${item.tour_id}`}>{item.nombre}</h2>
        <p className="cart-line__when" data-testid="line-when">{line.when ?? formatDiaEs(item.dia)}</p>
        {line.problem ? (
          <p className="cart-line__warning" role="alert" data-testid="line-problem">
            {line.problem}
          </p>
        ) : line.quedan !== null && line.quedan <= FEW_PLACES_LEFT ? (
          <p className="cart-line__places" data-testid="line-places">
            {placesLeftText(line.quedan)} en esta salida
          </p>
        ) : null}
        <ul className="counters-list">
          {FIELDS.map(({ field, label, hint }) => (
            <li key={field} className="counter" data-testid={`counter-${field}`}>
              <span className="counter__label">
                {label}
                <small>
                  {hint} · <span className="price">{line.units[field]}</span>
                </small>
              </span>
              <span className="counter__controls">
                {counterButton(field, label, -1)}
                <output className="counter__value" aria-live="polite" aria-label={label} data-testid="counter-value">
                  {shown[field]}
                </output>
                {counterButton(field, label, 1)}
              </span>
            </li>
          ))}
        </ul>
        {full ? (
          // the person "+" stop at the places left while the pets' one goes on: said, so the counters agree
          <p className="counters-note" id={fullNoteId} data-testid="counters-full">
            No quedan más lugares para personas en esta salida; las mascotas no ocupan lugar.
          </p>
        ) : null}
        {!line.hasTravelers ? (
          <p className="cart-line__warning">Agrega al menos un viajero para poder pagar este tour.</p>
        ) : null}
        <div className="cart-line__foot">
          <remove.Form method="post" action="/shop" preventScrollReset>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="tour_id" value={item.tour_id} />
            {js}
            <button type="submit" className="link-button" disabled={remove.state !== "idle"}>
              Quitar del carrito
            </button>
          </remove.Form>
          <span>
            Total del tour:{" "}
            {line.discount ? (
              <s className="cart-line__before" data-testid="line-before">
                <span className="visually-hidden">Antes </span>
                {line.discount.before}
              </s>
            ) : null}
            <span className="cart-line__total" data-testid="line-total">
              {line.total}
            </span>
            {line.discount ? (
              <span className="cart-line__discount" data-testid="line-discount">
                Descuento: −{line.discount.amount}
              </span>
            ) : null}
          </span>
        </div>
      </div>
    </article>
  );
}
