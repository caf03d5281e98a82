import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { HOLD_MSG, msUntilWarning, type HoldView } from "~/lib/hold";
import { useHydrated } from "./use-hydrated";

/**
 * How long the buyer's places are held (WCAG 2.2.1, docs/decisions/0018): the time, in words; a polite
 * announcement two minutes before it lapses; "Necesito más tiempo", a plain form (it works without JavaScript);
 * and the way back to the payment of the order already made.
 */
export function HoldNotice({ hold }: { hold: HoldView }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const renewing = navigation.state !== "idle" && navigation.formData?.get("intent") === "hold-renew";
  const [warn, setWarn] = useState(false);

  useEffect(() => {
    setWarn(false);
    if (hold.lapsed) return;
    const timer = setTimeout(() => setWarn(true), msUntilWarning(hold.until, Date.now()));
    return () => clearTimeout(timer);
  }, [hold.until, hold.lapsed]);

  return (
    <div className="hold-notice" data-testid="hold-notice">
      <p className="hold-notice__time">{hold.lapsed ? HOLD_MSG.lapsed(hold.untilText) : HOLD_MSG.heldUntil(hold.untilText)}</p>
      {/* present from the start, filled two minutes before the end: screen readers announce it without interrupting */}
      <p className="hold-notice__warning" aria-live="polite" data-testid="hold-warning">
        {warn ? HOLD_MSG.warning(hold.untilText) : ""}
      </p>
      <p className="muted">{HOLD_MSG.renewalsLeft(hold.restantes)}</p>
      <div className="hold-notice__actions">
        {hold.restantes > 0 ? (
          <Form method="post" action="/shop" preventScrollReset>
            <input type="hidden" name="intent" value="hold-renew" />
            <input type="hidden" name="js" value={hydrated ? "1" : "0"} />
            <button type="submit" className="btn btn--ghost" disabled={renewing} aria-busy={renewing || undefined}>
              {HOLD_MSG.moreTime}
            </button>
          </Form>
        ) : null}
        <a className="btn" href={hold.payUrl} data-testid="hold-pay">
          {HOLD_MSG.continuePay}
        </a>
      </div>
    </div>
  );
}
