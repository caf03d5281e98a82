import { useState, type FormEvent } from "react";
import { useDataProvider, useGetList } from "react-admin";
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import DeleteIcon from "@mui/icons-material/Delete";
import CheckIcon from "@mui/icons-material/Check";
import EditIcon from "@mui/icons-material/Edit";
import { HORARIO_WEEKDAYS as WEEKDAY_KEYS, type HorarioWeekday as WeekdayKey } from "@tours/contract";
import { errorMessages } from "../../providers/errors";
import { LoadingText } from "../../lib/LoadingText";
import { useToasts } from "../../lib/useToasts";
import { LABELS, MSG } from "@tours/domain";

interface HorarioRecord extends Record<WeekdayKey, boolean> {
  id: number;
  tour_id: number;
  hora_inicio: string;
  /** Persons per departure; null: unlimited. */
  cupo?: number | null;
}

const CAPACITY_HELP = "Personas por salida; vacío = sin límite";
const capacityText = (cupo: number | null | undefined) => (cupo === null || cupo === undefined ? "Sin límite" : String(cupo));

/** One horario's capacity, editable in place; the API refuses going below what a coming departure has booked. */
function CupoCell({ horario, onSaved }: { horario: HorarioRecord; onSaved: () => Promise<unknown> }) {
  const dataProvider = useDataProvider();
  const toasts = useToasts();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(horario.cupo === null || horario.cupo === undefined ? "" : String(horario.cupo));
  const [busy, setBusy] = useState(false);
  const hora = horario.hora_inicio.slice(0, 5);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await dataProvider.update("horarios", { id: horario.id, data: { cupo: value }, previousData: horario });
      toasts.notify("Cupo actualizado", { type: "success" });
      await onSaved();
      setEditing(false);
    } catch (error) {
      const messages = errorMessages(error);
      if (messages.length > 0) messages.forEach((m) => toasts.notify(m, { type: "error" }));
      else toasts.notify("No fue posible actualizar el cupo", { type: "error" });
    } finally {
      setBusy(false);
    }
  };

  if (!editing) {
    return (
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
        <span data-testid="cupo">{capacityText(horario.cupo)}</span>
        <IconButton size="small" aria-label={`Cambiar cupo del horario ${hora}`} onClick={() => setEditing(true)}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Box>
    );
  }
  return (
    <Box component="form" onSubmit={save} sx={{ display: "flex", alignItems: "center", gap: 0.5 }} aria-label={`Cupo del horario ${hora}`}>
      <TextField
        size="small"
        type="number"
        label="Cupo"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
        sx={{ width: 100 }}
      />
      <Button type="submit" size="small" variant="contained" disabled={busy}>
        Guardar
      </Button>
      <Button size="small" onClick={() => setEditing(false)} disabled={busy}>
        Cancelar
      </Button>
    </Box>
  );
}

const DAY_LABELS: Record<WeekdayKey, string> = {
  lunes: "Lunes",
  martes: "Martes",
  miercoles: "Miércoles",
  jueves: "Jueves",
  viernes: "Viernes",
  sabado: "Sábado",
  domingo: "Domingo",
};

const noDays = () => Object.fromEntries(WEEKDAY_KEYS.map((d) => [d, false])) as Record<WeekdayKey, boolean>;

/** The "Disponibilidad" modal of a tour: its horarios, or the form to add one (then back to the list). */
export function ScheduleManager({ tour, onClose }: { tour: { id: number; nombre: string }; onClose: () => void }) {
  const dataProvider = useDataProvider();
  const toasts = useToasts();
  const [mode, setMode] = useState<"list" | "add">("list");
  const [hora, setHora] = useState("09:00");
  const [days, setDays] = useState(noDays);
  const [cupo, setCupo] = useState("");
  const [busy, setBusy] = useState(false);
  const { data, isPending, refetch } = useGetList<HorarioRecord>("horarios", {
    filter: { tour_id: tour.id },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: "hora_inicio", order: "ASC" },
  });

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await dataProvider.create("horarios", { data: { tour_id: tour.id, hora_inicio: hora, ...days, cupo } });
      toasts.notify(MSG.horarioCreado, { type: "success" });
      setDays(noDays());
      setCupo("");
      await refetch();
      setMode("list");
    } catch (error) {
      // A 400 carries the list of reasons, each shown; anything else gets the generic message.
      const messages = errorMessages(error);
      if (messages.length > 0) messages.forEach((m) => toasts.notify(m, { type: "error" }));
      else toasts.notify(MSG.errorCrearHorario, { type: "error" });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (horario: HorarioRecord) => {
    setBusy(true);
    try {
      await dataProvider.delete("horarios", { id: horario.id, previousData: horario });
      toasts.notify(MSG.horarioEliminado, { type: "success" });
      await refetch();
    } catch {
      toasts.notify(MSG.errorAlEliminar, { type: "error" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="horarios-title">
      <DialogTitle id="horarios-title">Disponibilidad · {tour.nombre}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ mb: 2 }}>
          <Button variant="outlined" onClick={() => setMode(mode === "list" ? "add" : "list")}>
            {mode === "list" ? "Agregar horario" : "Ver horarios"}
          </Button>
        </Box>
        {mode === "list" ? (
          isPending ? (
            <LoadingText text={LABELS.cargandoInformacionPanel} />
          ) : data && data.length > 0 ? (
            <Table size="small" aria-label="Horarios">
              <TableHead>
                <TableRow>
                  <TableCell>Hora inicio</TableCell>
                  {WEEKDAY_KEYS.map((d) => (
                    <TableCell key={d} align="center">
                      {DAY_LABELS[d]}
                    </TableCell>
                  ))}
                  <TableCell>Cupo</TableCell>
                  <TableCell>Acciones</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((h) => (
                  <TableRow key={h.id} data-testid="horario">
                    <TableCell>{h.hora_inicio.slice(0, 5)}</TableCell>
                    {WEEKDAY_KEYS.map((d) => (
                      <TableCell key={d} align="center" aria-label={h[d] ? `${DAY_LABELS[d]}: sí` : `${DAY_LABELS[d]}: no`}>
                        {h[d] ? <CheckIcon fontSize="small" color="success" /> : "–"}
                      </TableCell>
                    ))}
                    <TableCell>
                      <CupoCell horario={h} onSaved={refetch} />
                    </TableCell>
                    <TableCell>
                      <IconButton
                        aria-label={`Eliminar horario ${h.hora_inicio.slice(0, 5)}`}
                        onClick={() => remove(h)}
                        disabled={busy}
                        color="error"
                      >
                        <DeleteIcon />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Typography color="text.secondary">Este tour no tiene horarios.</Typography>
          )
        ) : (
          <Box component="form" onSubmit={create} noValidate aria-label="Nuevo horario">
            <TextField
              label="Hora de inicio"
              type="time"
              value={hora}
              onChange={(e) => setHora(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
              sx={{ mb: 2, mr: 2 }}
            />
            <TextField
              label="Cupo"
              type="number"
              value={cupo}
              onChange={(e) => setCupo(e.target.value)}
              helperText={CAPACITY_HELP}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1, step: 1 } }}
              sx={{ mb: 2 }}
            />
            <FormGroup row>
              {WEEKDAY_KEYS.map((d) => (
                <FormControlLabel
                  key={d}
                  label={DAY_LABELS[d]}
                  control={
                    <Checkbox checked={days[d]} onChange={(e) => setDays({ ...days, [d]: e.target.checked })} />
                  }
                />
              ))}
            </FormGroup>
            <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
              Crear horario
            </Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
