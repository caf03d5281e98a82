import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { LABELS, MSG, formatUSD, hasTravellers, removeFromCart, updateCartItem } from "@tours/domain";
import { useCallback, useEffect, useState } from "react";
import { jsonWithError, jsonWithSuccess, redirectWithError, redirectWithSuccess } from "~/lib/toast.server";
import { CartLineCard } from "~/components/booking/CartLineCard";
import { CheckoutForm } from "~/components/booking/CheckoutForm";
import { answerWithMessage, formValues, postedWithJs, type FieldErrors, type Notice } from "~/components/booking/forms.server";
import { cartAvailability } from "~/lib/availability.server";
import { CART_MSG, clampToPlaces, linePersons } from "~/lib/cart-places";
import { cartView, commitCart, countsFromForm, getCard, getCart, getCode, getHold, setLineCounts } from "~/lib/cart.server";
import { cardAction, type CardRefusal } from "~/lib/gift-card.server";
import { cardSplit } from "~/lib/gift-card";
import { GiftCardForm } from "~/components/booking/GiftCardForm";
import { keepAccess } from "~/lib/reserva.server";
import { codeAction, quoteCode, type CodeRefusal } from "~/lib/discount-code.server";
import { DiscountCodeForm } from "~/components/booking/DiscountCodeForm";
import { holdView, releaseHold, renewHold } from "~/lib/hold.server";
import { HOLD_MSG } from "~/lib/hold";
import { HoldNotice } from "~/components/booking/HoldNotice";
import { CHECKOUT_FIELDS, FIX_FIELDS, NEED_TRAVELERS, placeOrder, type CheckoutValues } from "~/lib/checkout.server";
import { seo } from "~/lib/seo";
import { showToast } from "~/lib/toast-client";
import { privatePageHeaders } from "~/components/booking/headers";

export const headers = privatePageHeaders;

export const meta: MetaFunction = () => [...seo({ title: "Carrito" }), { name: "robots", content: "noindex" }];

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const items = await getCart(request);
  const wantsToPay = new URL(request.url).searchParams.get("pagar") === "1";
  if (wantsToPay && items.length === 0) return redirect("/shop");
  if (wantsToPay && items.some((item) => !hasTravellers(item))) return redirectWithError("/shop", NEED_TRAVELERS);
  const code = await getCode(request);
  const [availability, coded] = await Promise.all([cartAvailability(items), code && items.length > 0 ? quoteCode(items, code) : null]);
  const view = cartView(items, availability, coded?.ok ? coded.quote : null);
  // a line that cannot be paid as it is (sold out, closed, too many travelers) says so on the cart itself
  const blocked = view.lines.some((line) => line.problem);
  const hold = holdView(await getHold(request), items);
  const cartCode = code ? { codigo: coded?.ok ? coded.quote.codigo : code, problem: coded && !coded.ok ? coded.message : null } : null;
  // the gift card's part comes from the balance it had when applied: checks are limited per hour, and the checkout's
  // answer (which reads the balance again) is what counts
  const split = items.length > 0 ? cardSplit(view.totalCents, await getCard(request)) : null;
  const card = split
    ? { final: split.final, part: formatUSD(split.cardCents), paypal: formatUSD(split.paypalCents), paypalCents: split.paypalCents }
    : null;
  return json({ ...view, hold, code: cartCode, card, checkoutOpen: wantsToPay && !blocked }, { headers: NO_STORE });
}

type CheckoutResult =
  | CodeRefusal
  | CardRefusal
  | { kind: "approve"; url: string }
  | { kind: "failed"; values: CheckoutValues; errors: FieldErrors; messages: string[]; notice?: Notice };

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  // Set by the page once hydrated: fetchers want data back, plain form posts want a redirect (so a reload
  // does not post again and the loader reads the new cookie).
  const withJs = postedWithJs(form);
  const items = await getCart(request);
  const tourId = Number(form.get("tour_id"));

  const saveCart = async (next: typeof items) => {
    const headers = { "Set-Cookie": await commitCart(request, next), ...NO_STORE };
    return withJs ? json({ ok: true }, { headers }) : redirect("/shop", { headers });
  };

  if (intent === "counts") {
    const before = items.find((i) => i.tour_id === tourId);
    const next = setLineCounts(items, tourId, countsFromForm(form));
    const after = next.find((i) => i.tour_id === tourId);
    if (!before || !after || linePersons(after) <= linePersons(before)) return saveCart(next);
    // never more travelers than the departure has places: the "+" is disabled with JavaScript, and a plain post
    // (or a page showing an older limit) is brought back to the limit and told why
    const left = (await cartAvailability([after])).get(tourId)?.quedan ?? null;
    const { item, clamped } = clampToPlaces(before, after, left);
    if (!clamped || left === null) return saveCart(next);
    const headers = { "Set-Cookie": await commitCart(request, updateCartItem(items, item)), ...NO_STORE };
    return redirectWithError("/shop", CART_MSG.tooMany(left), { headers });
  }
  if (intent === "remove") return saveCart(removeFromCart(items, tourId));
  if (intent === "codigo" || intent === "codigo-quitar") return codeAction(request, form, items, withJs, NO_STORE);
  if (intent === "tarjeta" || intent === "tarjeta-quitar") return cardAction(request, form, withJs, NO_STORE);
  if (intent === "hold-renew") {
    // "Necesito más tiempo" (docs/decisions/0018): the API renews the hold; the page says until when, or why not
    const held = await getHold(request);
    if (!held) return withJs ? jsonWithError({ ok: false }, CART_HOLD_GONE) : redirectWithError("/shop", CART_HOLD_GONE);
    const renewed = await renewHold(held);
    const headers = { "Set-Cookie": await commitCart(request, items, renewed.hold), ...NO_STORE };
    const view = renewed.hold ? holdView(renewed.hold, items) : null;
    if (renewed.ok && view) {
      const message = HOLD_MSG.renewed(view.untilText);
      return withJs ? jsonWithSuccess({ ok: true }, message, { headers }) : redirectWithSuccess("/shop", message, { headers });
    }
    const message = renewed.ok ? CART_HOLD_GONE : renewed.message;
    return withJs ? jsonWithError({ ok: false }, message, { headers }) : redirectWithError("/shop", message, { headers });
  }
  if (intent !== "checkout") return json({ ok: false }, { status: 400 });

  const values = formValues(form, CHECKOUT_FIELDS);
  // the order made before from this cart (the buyer came back from PayPal) must not hold its places twice
  const previous = await getHold(request);
  let released = false;
  const outcome = await placeOrder(
    items,
    values,
    async () => {
      released = previous !== null;
      await releaseHold(previous);
    },
    await getCode(request),
    (await getCard(request))?.codigo ?? null,
  );
  // a refused order leaves no hold behind: the one released above is forgotten too; a gift card the order refused
  // (spent or expired meanwhile) leaves the cart, its reason shown on the card's field
  const cardRefused = (outcome.kind === "invalid" || outcome.kind === "error") && Boolean(outcome.errors.tarjeta);
  const init =
    released || cardRefused
      ? { headers: { "Set-Cookie": await commitCart(request, items, released ? null : undefined, cardRefused ? null : undefined) } }
      : undefined;
  switch (outcome.kind) {
    case "approve": {
      const headers = { "Set-Cookie": await commitCart(request, items, outcome.hold), ...NO_STORE };
      // Same tab, no pop-up to be blocked. With JavaScript the page first says so (spec §8), then goes.
      return withJs ? json<CheckoutResult>({ kind: "approve", url: outcome.url }, { headers }) : redirect(outcome.url, { headers });
    }
    case "paid": {
      // the card paid it all: the cart is done (as after PayPal's /pay/ok) and Mi reserva opens on the booking, its
      // reference and PIN kept in Mi reserva's cookie (never in an address)
      const headers = new Headers(NO_STORE);
      headers.append("Set-Cookie", await commitCart(request, []));
      headers.append("Set-Cookie", await keepAccess(request, { referencia: outcome.referencia, pin: outcome.pin }));
      return redirectWithSuccess("/mi-reserva", PAID_WITH_CARD, { headers });
    }
    case "no-link":
      return answerWithMessage<CheckoutResult>(
        { kind: "failed", values, errors: {}, messages: [] },
        { message: MSG.sinEnlaceDePago, type: "error" },
        withJs,
        init,
      );
    case "invalid":
    case "error":
      return answerWithMessage<CheckoutResult>(
        { kind: "failed", values, errors: outcome.errors, messages: outcome.messages },
        {
          // a missing or mistyped field is not an error of ours: the buyer is told what to correct, not that the order failed
          message: cardRefused
            ? // the card's own reason (spent, expired…), also under its field
              (outcome.errors.tarjeta ?? MSG.errorCrearPedido)
            : outcome.messages[0] && outcome.kind === "invalid"
              ? outcome.messages[0]
              : outcome.messages.length === 0 && Object.keys(outcome.errors).length > 0
                ? FIX_FIELDS
                : MSG.errorCrearPedido,
          type: "error",
        },
        withJs,
        init,
      );
  }
}

const PAY_URL = "/shop?pagar=1#datos";
const PAID_WITH_CARD = "Tu reserva está pagada con la tarjeta regalo. Te enviamos la confirmación por correo.";
const CART_HOLD_GONE = "Este carrito no tiene lugares guardados: pulsa «Ir a pagar» para reservarlos";

/** Time to read 'Pedido creado correctamente, sera redireccionado…' before leaving for PayPal. */
const REDIRECT_DELAY_MS = 1200;

export default function Shop() {
  const { lines, total, discount, code, card, checkoutOpen, hold } = useLoaderData<typeof loader>();
  const result = useActionData<CheckoutResult>();

  useEffect(() => {
    if (result?.kind !== "approve") return;
    showToast(MSG.pedidoCreado, "success");
    const timer = setTimeout(() => window.location.assign(result.url), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [result]);

  // A "+" posts the new counts in the background; "Ir a pagar" tapped before that post is answered would reach the
  // server with the old cart (no travelers yet) and be sent back. So the tap waits for the cart to be saved.
  const [savingLines, setSavingLines] = useState<ReadonlySet<number>>(new Set());
  const onSaving = useCallback((tourId: number, saving: boolean) => {
    setSavingLines((current) => {
      if (current.has(tourId) === saving) return current;
      const next = new Set(current);
      if (saving) next.add(tourId);
      else next.delete(tourId);
      return next;
    });
  }, []);
  const cartSaving = savingLines.size > 0;
  const navigate = useNavigate();
  const [payWhenSaved, setPayWhenSaved] = useState(false);
  useEffect(() => {
    if (!payWhenSaved || cartSaving) return;
    setPayWhenSaved(false);
    navigate(PAY_URL, { preventScrollReset: true });
  }, [payWhenSaved, cartSaving, navigate]);

  const failed = result?.kind === "failed" ? result : null;
  const showCheckout = lines.length > 0 && (checkoutOpen || failed !== null);
  // why "Ir a pagar" cannot be used yet: the first line's own problem (sold out, closed, too many travellers), named
  const blocked = lines.find((line) => line.problem);
  const payReason = blocked
    ? `${blocked.item.nombre}: ${blocked.problem}`
    : lines.some((line) => !line.hasTravelers)
      ? "Indica cuántas personas viajan en cada tour para continuar."
      : null;

  return (
    <div className="container section">
      <h1>Tu carrito</h1>
      {lines.length === 0 ? (
        <div className="empty" data-testid="cart-empty">
          <p>Tu carrito está vacío.</p>
          <Link to="/" className="btn">
            Explorar destinos
          </Link>
        </div>
      ) : (
        <div className="layout-aside">
          <div className="cart">
            {lines.map((line) => (
              <CartLineCard key={line.item.tour_id} line={line} onSaving={onSaving} />
            ))}
          </div>
          <aside className="cart-summary sticky-box" aria-label="Resumen del pedido">
            <DiscountCodeForm code={code} refusal={result?.kind === "code" ? result : null} />
            <GiftCardForm
              card={card}
              refusal={result?.kind === "card" ? result : failed?.errors.tarjeta ? { message: failed.errors.tarjeta, value: "" } : null}
            />
            {discount && code ? (
              <p className="cart-summary__discount">
                <span>Descuento ({code.codigo})</span> <span data-testid="cart-discount">−{discount}</span>
              </p>
            ) : null}
            <p className="cart-summary__total">
              <span>Total</span> <span data-testid="cart-total">{total}</span>
            </p>
            {card ? (
              <>
                <p className="cart-summary__discount">
                  <span>Tarjeta regalo {card.final}</span> <span data-testid="cart-card">−{card.part}</span>
                </p>
                <p className="cart-summary__paypal">
                  <span>A pagar con PayPal</span> <span data-testid="cart-paypal">{card.paypal}</span>
                </p>
              </>
            ) : null}
            {payReason && !cartSaving ? (
              // nothing to pay yet: the button says so where it is, instead of sending the buyer back with a note
              <button type="button" className="btn btn--block" disabled aria-describedby="pay-reason" data-testid="go-pay">
                {`${LABELS.irAPagar} ${total}`}
              </button>
            ) : (
              <Link
                to={PAY_URL}
                className="btn btn--block"
                preventScrollReset
                data-testid="go-pay"
                aria-busy={payWhenSaved || undefined}
                onClick={(event) => {
                  if (!cartSaving) return;
                  event.preventDefault();
                  setPayWhenSaved(true);
                }}
              >
                {`${LABELS.irAPagar} ${total}`}
              </Link>
            )}
            {payReason ? (
              <p className="cart-summary__reason" id="pay-reason" data-testid="pay-reason">
                {payReason}
              </p>
            ) : null}
            {hold && !showCheckout ? <HoldNotice hold={hold} /> : null}
          </aside>
        </div>
      )}
      {showCheckout ? (
        <CheckoutForm
          total={total}
          card={card}
          hold={hold}
          values={failed?.values}
          errors={failed?.errors}
          messages={failed?.messages}
          notice={failed?.notice}
        />
      ) : null}
    </div>
  );
}
