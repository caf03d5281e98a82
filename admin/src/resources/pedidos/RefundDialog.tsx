import { useState } from "react";
import { useDataProvider, type RaRecord } from "react-admin";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from "@mui/material";
import { formatUSD } from "@tours/domain";
import type { OrderActions } from "../../providers/resources/orders";
import { useToasts } from "../../lib/useToasts";
import { usd } from "../../lib/money";
import { REFUND_STATES, type OrderLine } from "./states";

/** What a refund asks to confirm: one line or every active line of the order. */
export interface RefundTarget {
  linea?: OrderLine;
  montoCents: number;
}

export function RefundDialog({
  order,
  target,
  tourName,
  onClose,
  onDone,
}: {
  order: RaRecord;
  target: RefundTarget;
  tourName: (id: number) => string;
  onClose: () => void;
  onDone: () => void;
}) {
  const provider = useDataProvider() as unknown as OrderActions;
  const toasts = useToasts();
  const [motivo, setMotivo] = useState("");
  const [busy, setBusy] = useState(false);
  const what = target.linea
    ? `la línea «${tourName(Number(target.linea.id_tour))}» del ${target.linea.fecha_tour}`
    : `todo el pedido #${String(order.id)}`;
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    const body = { ...(target.linea ? { linea: Number(target.linea.id) } : {}), ...(motivo.trim() ? { motivo: motivo.trim() } : {}) };
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
          ¿Cancelar {what}? Se devolverán <strong>{formatUSD(target.montoCents)}</strong> al comprador por PayPal y los
          lugares quedarán libres. No se puede deshacer.
        </DialogContentText>
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
