import { useState, type FormEvent } from "react";
import { useDataProvider, useRefresh } from "react-admin";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as MuiTextField } from "@mui/material";
import type { Salida } from "@tours/contract";
import type { DepartureActions } from "../../providers/resources/departures";
import { useToasts } from "../../lib/useToasts";
import { dateEs } from "../../lib/dates";

/** The Salidas screen's dialogs: confirm a closing or reopening, and set one departure's capacity. */

export const orUnlimited = (n: number | null) => (n === null ? "Sin límite" : String(n));

export function useDepartureActions() {
  return useDataProvider() as unknown as DepartureActions;
}

/** A confirmation before closing or reopening, then the call and its toast. */
export function ConfirmAction({
  text,
  title,
  confirmLabel,
  success,
  run,
  onClose,
}: {
  text: string;
  title: string;
  confirmLabel: string;
  success: string;
  run: () => Promise<unknown>;
  onClose: () => void;
}) {
  const toasts = useToasts();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const done = await toasts.run({ success, error: "No fue posible guardar el cambio", showApiErrors: true }, run);
    setBusy(false);
    if (done !== undefined) {
      refresh();
      onClose();
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="confirm-salida-title">
      <DialogTitle id="confirm-salida-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button onClick={confirm} variant="contained" disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function CapacityDialog({ salida, onClose }: { salida: Salida; onClose: () => void }) {
  const actions = useDepartureActions();
  const toasts = useToasts();
  const refresh = useRefresh();
  const [value, setValue] = useState(salida.cupo_salida === null ? "" : String(salida.cupo_salida));
  const [busy, setBusy] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const cupo = value.trim() === "" ? null : Number(value);
    const done = await toasts.run(
      { success: "Cupo de la salida actualizado", error: "No fue posible actualizar el cupo", showApiErrors: true },
      () => actions.setDepartureCapacity({ tour_id: salida.tour_id, fecha: salida.fecha, hora: salida.hora, cupo }),
    );
    setBusy(false);
    if (done !== undefined) {
      refresh();
      onClose();
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="cupo-salida-title">
      <DialogTitle id="cupo-salida-title">
        Cupo de la salida · {salida.tour_nombre}, {dateEs(salida.fecha)} {salida.hora_local}
      </DialogTitle>
      <Box component="form" onSubmit={save}>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            El horario tiene {orUnlimited(salida.cupo_horario)} lugares; aquí puede fijar otro cupo solo para esta salida
            (vacío = el del horario). No puede ser menor que lo reservado: {salida.vendidos + salida.retenidos}.
          </DialogContentText>
          <MuiTextField
            autoFocus
            label="Cupo de esta salida"
            type="number"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Guardar
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * Cancel a whole departure (weather, a guide ill) with a reason: it closes, its holds are released and each paid
 * booking is refunded through PayPal and e-mailed, on the job queue (docs/decisions/0016-the-operators-day.md).
 */
export function CancelDepartureDialog({ salida, onClose }: { salida: Salida; onClose: () => void }) {
  const actions = useDepartureActions();
  const toasts = useToasts();
  const refresh = useRefresh();
  const [motivo, setMotivo] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const toast = toasts.start("Cancelando la salida…");
    try {
      const done = await actions.cancelDeparture({ tour_id: salida.tour_id, fecha: salida.fecha, hora: salida.hora, motivo });
      toast.success(
        `Salida cancelada: ${done.reembolsos} ${done.reembolsos === 1 ? "reserva pagada se reembolsa" : "reservas pagadas se reembolsan"} y se avisa por correo; ${done.liberadas} ${done.liberadas === 1 ? "retención liberada" : "retenciones liberadas"}`,
      );
      refresh();
      onClose();
    } catch (error) {
      toast.fail(error, "No fue posible cancelar la salida", true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="cancelar-salida-title">
      <DialogTitle id="cancelar-salida-title">Cancelar salida</DialogTitle>
      <Box component="form" onSubmit={submit}>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            La salida de {salida.tour_nombre} del {dateEs(salida.fecha)} a las {salida.hora_local} se cierra. Cada reserva pagada
            ({salida.vendidos} {salida.vendidos === 1 ? "persona" : "personas"}) se reembolsa por PayPal y recibe un correo; las
            retenciones sin pagar se liberan. No se puede deshacer.
          </DialogContentText>
          <MuiTextField
            autoFocus
            required
            fullWidth
            multiline
            minRows={2}
            label="Motivo"
            placeholder="Clima, guía enfermo…"
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Volver</Button>
          <Button type="submit" variant="contained" color="error" disabled={busy || !motivo.trim()}>
            Cancelar salida
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
