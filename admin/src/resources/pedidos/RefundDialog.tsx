import { useState } from "react";
import { useDataProvider, type RaRecord } from "react-admin";
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  TextField,
} from "@mui/material";
import { formatUSD, refundSplit } from "@tours/domain";
import type { OrderActions } from "../../providers/resources/orders";
import { useToasts } from "../../lib/useToasts";
import { usd } from "../../lib/money";
import { REFUND_STATES, type OrderLine } from "./states";

/** What a refund asks to confirm: one line or every active line of the order. */
export interface RefundTarget {
  linea?: OrderLine;
  montoCents: number;
}

/**
 * How the order was paid, for where its money goes back (decision 0024): the gift card that paid part or all of it
 * ("…JKMN") and what that card may still get back.
 */
export interface RefundPayment {
  tarjeta: string | null;
  tarjetaLeftCents: number;
}

/** "USD 20.00 a la tarjeta regalo …JKMN que pagó el pedido y USD 10.00 al comprador por PayPal". */
function whereItGoes(target: RefundTarget, payment: RefundPayment, toNewCard: boolean): string {
  const split = refundSplit(target.montoCents, payment.tarjeta ? payment.tarjetaLeftCents : 0);
  const rest = toNewCard ? "en una tarjeta regalo nueva que se envía al comprador por correo" : "al comprador por PayPal";
  if (split.tarjeta === 0) return rest;
  const card = `a la tarjeta regalo ${payment.tarjeta ?? ""} que pagó el pedido`;
  return split.paypal === 0 ? card : `así: ${formatUSD(split.tarjeta)} ${card} y ${formatUSD(split.paypal)} ${rest}`;
}

export function RefundDialog({
  order,
  target,
  payment,
  tourName,
  onClose,
  onDone,
}: {
  order: RaRecord;
  target: RefundTarget;
  payment: RefundPayment;
  tourName: (id: number) => string;
  onClose: () => void;
  onDone: () => void;
}) {
  const provider = useDataProvider() as unknown as OrderActions;
  const toasts = useToasts();
  const [motivo, setMotivo] = useState("");
  const [busy, setBusy] = useState(false);
  const [toNewCard, setToNewCard] = useState(false);
  // a new card is offered only for what PayPal would give back (a card's own part goes back to that card)
  const paypalCents = refundSplit(target.montoCents, payment.tarjeta ? payment.tarjetaLeftCents : 0).paypal;
  const offerNewCard = paypalCents > 0;
  const newCard = offerNewCard && toNewCard;
  const what = target.linea
    ? `la línea «${tourName(Number(target.linea.id_tour))}» del ${target.linea.fecha_tour}`
    : `todo el pedido #${String(order.id)}`;
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    const body = {
      ...(target.linea ? { linea: Number(target.linea.id) } : {}),
      ...(motivo.trim() ? { motivo: motivo.trim() } : {}),
      ...(newCard ? { a_tarjeta_nueva: true } : {}),
    };
    const toast = toasts.start("Cancelando y reembolsando…");
    try {
      const { reembolso } = await provider.refundOrder(order.id, body);
      const estado = REFUND_STATES[reembolso.estado]?.label.toLowerCase() ?? reembolso.estado;
      toast.success(`Cancelado. Reembolso de ${usd(reembolso.monto)}: ${estado}`);
      onDone();
    } catch (error) {
      // PayPal's refusal (502) or a departure already gone (409): the API says why, and the order stays as it was
      toast.fail(error, "No fue posible cancelar ni reembolsar el pedido", true);
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open disableRestoreFocus onClose={busy ? undefined : onClose} aria-labelledby="reembolso-title">
      <DialogTitle id="reembolso-title">Cancelar y reembolsar</DialogTitle>
      <DialogContent>
        <DialogContentText>
          ¿Cancelar {what}? Se devolverán <strong>{formatUSD(target.montoCents)}</strong>{" "}
          {whereItGoes(target, payment, newCard)}, y los lugares quedarán libres. No se
          puede deshacer.
        </DialogContentText>
        {offerNewCard ? (
          <FormControlLabel
            control={<Checkbox checked={toNewCard} onChange={(e) => setToNewCard(e.target.checked)} disabled={busy} />}
            label="Reembolsar a una tarjeta regalo nueva (en lugar de PayPal)"
            sx={{ mt: 1 }}
          />
        ) : null}
        <TextField
          label="Motivo (opcional)"
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Volver
        </Button>
        {/* aria-disabled, not disabled, while it works: a disabled button drops the keyboard's focus to the page */}
        <Button onClick={confirm} color="error" variant="contained" aria-disabled={busy}>
          Sí, cancelar y reembolsar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
