import { Form } from "@remix-run/react";
import { useHydrated } from "./use-hydrated";

/** The cart's code as the page shows it: the one kept, and why it does not apply now (if so). */
export interface CartCode {
  codigo: string;
  problem: string | null;
}

/**
 * "¿Tienes un código?" (decision 0021): a plain form post, so it works without JavaScript; a refused code says why
 * under the field, a kept one can be taken off.
 */
export function DiscountCodeForm({ code, refusal }: { code: CartCode | null; refusal: { message: string; value: string } | null }) {
  const hydrated = useHydrated();
  const js = <input type="hidden" name="js" value={hydrated ? "1" : "0"} />;
  const error = refusal?.message ?? code?.problem ?? null;
  return (
    <section className="cart-code" aria-labelledby="cart-code-title" data-testid="cart-code">
      <h2 id="cart-code-title" className="cart-code__title">
        ¿Tienes un código?
      </h2>
      {code && !code.problem && !refusal ? (
        <Form method="post" action="/shop" preventScrollReset className="cart-code__applied">
          <p>
            Código <strong data-testid="code-applied">{code.codigo}</strong> aplicado
          </p>
          <input type="hidden" name="intent" value="codigo-quitar" />
          {js}
          <button type="submit" className="link-button">
            Quitar código
          </button>
        </Form>
      ) : (
        <Form method="post" action="/shop" preventScrollReset>
          <input type="hidden" name="intent" value="codigo" />
          {js}
          <label htmlFor="codigo">Código de descuento</label>
          <div className="cart-code__row">
            <input
              id="codigo"
              name="codigo"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              defaultValue={refusal?.value ?? code?.codigo ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "codigo-error" : undefined}
              data-testid="code-input"
            />
            <button type="submit" className="btn btn--small" data-testid="code-apply">
              Aplicar
            </button>
          </div>
          {error ? (
            <p id="codigo-error" className="field__error" role="alert" data-testid="code-error">
              {error}
            </p>
          ) : null}
        </Form>
      )}
    </section>
  );
}
