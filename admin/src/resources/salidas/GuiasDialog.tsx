import { useEffect, useState } from "react";
import { useDataProvider, useRefresh } from "react-admin";
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
} from "@mui/material";
import type { Salida, SalidaGuias } from "@tours/contract";
import { dateEs } from "../../lib/dates";
import type { DepartureActions } from "../../providers/resources/departures";
import { errorMessages } from "../../providers/errors";
import { useToasts } from "../../lib/useToasts";

/**
 * Who runs a departure (issue 28, docs/decisions/0010): Administrador and Ventas tick its guides; a Guía then sees
 * and checks in only the departures assigned to them.
 */
export function GuiasDialog({ salida, onClose }: { salida: Salida; onClose: () => void }) {
  const actions = useDataProvider() as unknown as DepartureActions;
  const toasts = useToasts();
  const refresh = useRefresh();
  const [data, setData] = useState<SalidaGuias | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    actions.departureGuides(salida.id).then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setChosen(new Set(answer.guias.map((g) => g.id)));
      },
      (err: unknown) => live && setError(errorMessages(err).join(" ") || "No fue posible cargar los guías"),
    );
    return () => {
      live = false;
    };
  }, [actions, salida.id]);

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const save = async () => {
    setBusy(true);
    const done = await toasts.run({ success: "Guías de la salida guardados", error: "No fue posible guardar los guías", showApiErrors: true }, () =>
      actions.setDepartureGuides(salida.id, [...chosen]),
    );
    setBusy(false);
    if (done !== undefined) {
      refresh();
      onClose();
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="guias-salida-title">
      <DialogTitle id="guias-salida-title">
        Guías de la salida · {salida.tour_nombre}, {dateEs(salida.fecha)} {salida.hora_local}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          Cada guía ve en el panel y registra en el check-in solo las salidas que tiene asignadas.
        </DialogContentText>
        {error && <DialogContentText color="error">{error}</DialogContentText>}
        {!data && !error && <DialogContentText>Cargando guías…</DialogContentText>}
        {data && data.disponibles.length === 0 && (
          <DialogContentText>No hay usuarios activos con el rol Guía. Créalos en Usuarios.</DialogContentText>
        )}
        {data && data.disponibles.length > 0 && (
          <Box component={FormGroup}>
            {data.disponibles.map((g) => (
              <FormControlLabel
                key={g.id}
                control={<Checkbox checked={chosen.has(g.id)} onChange={() => toggle(g.id)} />}
                label={`${g.nombre} (${g.email})`}
              />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button onClick={save} variant="contained" disabled={busy || !data}>
          Guardar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
