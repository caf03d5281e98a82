import { Form } from "@remix-run/react";
import { useHydrated } from "./use-hydrated";

/** The cart's gift card as the page shows it: its code's end and the part of the total it pays. */
export interface CartCardView {
  final: string;
  part: string;
}

/**
 * "¿Tienes una tarjeta regalo?" (decision 0024), beside the discount code and made like it: a plain form post, so it
 * works without JavaScript; a refused card says why under the field, a kept one can be taken off.
 */
export function GiftCardForm({ card, refusal }: { card: CartCardView | null; refusal: { message: string; value: string } | null }) {
  const hydrated = useHydrated();
  const js = <input type="hidden" name="js" value={hydrated ? "1" : "0"} />;
  const error = refusal?.message ?? null;
  return (
    <section className="cart-code" aria-labelledby="cart-card-title" data-testid="cart-gift-card">
      <h2 id="cart-card-title" className="cart-code__title">
        ¿Tienes una tarjeta regalo?
      </h2>
      {card && !refusal ? (
        <Form method="post" action="/shop" preventScrollReset className="cart-code__applied">
          <p>
            Tarjeta regalo <strong data-testid="card-applied">{card.final}</strong> aplicada
          </p>
          <input type="hidden" name="intent" value="tarjeta-quitar" />
          {js}
          <button type="submit" className="link-button" data-testid="card-remove">
            Quitar tarjeta
          </button>
        </Form>
      ) : (
        <Form method="post" action="/shop" preventScrollReset>
          <input type="hidden" name="intent" value="tarjeta" />
          {js}
          <label htmlFor="tarjeta">Código de la tarjeta regalo</label>
          <div className="cart-code__row">
            <input
              id="tarjeta"
              name="tarjeta"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              defaultValue={refusal?.value ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "tarjeta-error" : undefined}
              data-testid="card-input"
            />
            <button type="submit" className="btn btn--small" data-testid="card-apply">
              Aplicar
            </button>
          </div>
          {error ? (
            <p id="tarjeta-error" className="field__error" role="alert" data-testid="card-error">
              {error}
            </p>
          ) : null}
        </Form>
      )}
    </section>
  );
}
