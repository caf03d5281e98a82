import { useEffect, useState } from "react";
import { useDataProvider, type RaRecord } from "react-admin";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from "@mui/material";
import type { Disponibilidad } from "@tours/contract";
import type { OrderActions } from "../../providers/resources/orders";
import { useToasts } from "../../lib/useToasts";
import type { OrderLine } from "./states";

/**
 * Staff move one line of a paid order to another departure of the same tour (issue 21, decision 0013): the
 * departures of the chosen day with their places; a dearer one is moved at no extra charge, a cheaper one refunds
 * the difference. The API checks everything again and says why not.
 */
export function DateChangeDialog({
  order,
  linea,
  tourName,
  onClose,
  onDone,
}: {
  order: RaRecord;
  linea: OrderLine;
  tourName: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const provider = useDataProvider() as unknown as OrderActions;
  const toasts = useToasts();
  const [fecha, setFecha] = useState("");
  const [hora, setHora] = useState("");
  const [month, setMonth] = useState<Disponibilidad | null>(null);
  const [busy, setBusy] = useState(false);
  const tourId = Number(linea.id_tour);
  const mes = /^\d{4}-\d{2}-\d{2}$/.test(fecha) ? fecha.slice(0, 7) : null;
  useEffect(() => {
    if (!mes) return;
    let live = true;
    provider.departures(tourId, mes).then(
      (answer) => live && setMonth(answer),
      () => live && setMonth(null),
    );
    return () => {
      live = false;
    };
  }, [provider, tourId, mes]);
  const salidas = (month?.dias.find((d) => d.fecha === fecha)?.salidas ?? []).filter((s) => s.estado !== "vencida");
  const confirm = async () => {
    setBusy(true);
    const toast = toasts.start("Cambiando la fecha…");
    try {
      const { cambio } = await provider.changeDate(order.id, { linea: Number(linea.id), fecha, hora });
      toast.success(cambio.mensaje);
      onDone();
    } catch (error) {
      toast.fail(error, "No fue posible cambiar la fecha", true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open disableRestoreFocus onClose={busy ? undefined : onClose} aria-labelledby="cambio-fecha-title">
      <DialogTitle id="cambio-fecha-title">Cambiar fecha</DialogTitle>
      <DialogContent>
        <DialogContentText>
          «{tourName}», hoy el {linea.fecha_tour}. Los viajeros no cambian; si la nueva salida cuesta más no se le cobra al
          comprador, si cuesta menos se le devuelve la diferencia por PayPal.
        </DialogContentText>
        <TextField
          label="Nueva fecha"
          type="date"
          value={fecha}
          onChange={(e) => {
            setFecha(e.target.value);
            setHora("");
          }}
          fullWidth
          margin="normal"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label="Horario"
          value={hora}
          onChange={(e) => setHora(e.target.value)}
          fullWidth
          margin="normal"
          disabled={salidas.length === 0}
          helperText={fecha && salidas.length === 0 ? "Ese día no tiene salidas de este tour" : " "}
        >
          {salidas.map((s) => (
            <MenuItem key={s.hora} value={s.hora} disabled={!s.reservable}>
              {s.hora_local}
              {s.reservable ? (s.quedan === null ? "" : ` · quedan ${s.quedan}`) : ` · ${s.estado}`}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Volver
        </Button>
        <Button onClick={confirm} variant="contained" disabled={busy || !fecha || !hora}>
          Cambiar fecha
        </Button>
      </DialogActions>
    </Dialog>
  );
}
