import { useEffect, useState, type FormEvent } from "react";
import {
  AutocompleteInput,
  Datagrid,
  DateInput,
  FunctionField,
  List,
  ReferenceInput,
  TextField,
  useDataProvider,
  usePermissions,
  useRecordContext,
  useRefresh,
} from "react-admin";
import { canAssignGuides, canChangeDepartures } from "../../lib/roles";
import { GuiasDialog } from "./GuiasDialog";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  GlobalStyles,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from "@mui/material";
import type { Manifiesto, Salida } from "@tours/contract";
import { LABELS, formatDateEs } from "@tours/domain";
import type { DepartureActions } from "../../providers/resources/departures";
import { errorMessages } from "../../providers/errors";
import { LoadingText } from "../../lib/LoadingText";
import { useToasts } from "../../lib/useToasts";
import { numeric, wideTable } from "../../lib/tables";
import { usd } from "../../lib/money";
import { StateChip, type StateLook } from "../../lib/StateChip";

/**
 * Salidas: the coming departures of every tour with what is sold, held and left; close or reopen a departure or a
 * whole date, set one departure's capacity, and print its manifest (docs/decisions/0007-capacity-and-holds.md).
 */

const DEPARTURE_STATES: Record<Salida["estado"], StateLook> = {
  disponible: { label: "Disponible", color: "success" },
  pocos: { label: "Pocos lugares", color: "warning" },
  agotada: { label: "Agotada", color: "error" },
  cerrada: { label: "Cerrada", color: "default" },
  vencida: { label: "Reservas cerradas", color: "default" },
};

const orUnlimited = (n: number | null) => (n === null ? "Sin límite" : String(n));

function useDepartureActions() {
  return useDataProvider() as unknown as DepartureActions;
}

/** A confirmation before closing or reopening, then the call and its toast. */
function ConfirmAction({
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

function CapacityDialog({ salida, onClose }: { salida: Salida; onClose: () => void }) {
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
        Cupo de la salida · {salida.tour_nombre}, {formatDateEs(salida.fecha)} {salida.hora_local}
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

/** Who comes: printable (the print stylesheet hides everything but the manifest). */
function ManifestDialog({ salida, onClose }: { salida: Salida; onClose: () => void }) {
  const actions = useDepartureActions();
  const [state, setState] = useState<{ data?: Manifiesto; error?: string }>({});
  useEffect(() => {
    let current = true;
    actions
      .departureManifest(salida.id)
      .then((data) => current && setState({ data }))
      .catch((error: unknown) => current && setState({ error: errorMessages(error)[0] ?? "No fue posible cargar el manifiesto" }));
    return () => {
      current = false;
    };
  }, [actions, salida.id]);
  const pedidos = state.data?.pedidos ?? [];
  const total = (key: "mayores15" | "menoresde15_a4" | "menores3" | "mascotas" | "personas") =>
    pedidos.reduce((sum, p) => sum + p[key], 0);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="manifiesto-title">
      {/* printing shows the manifest alone, on paper width */}
      <GlobalStyles
        styles={{
          "@media print": {
            "body *": { visibility: "hidden" },
            ".manifest-print, .manifest-print *": { visibility: "visible" },
            ".manifest-print": { position: "absolute", inset: 0, overflow: "visible" },
          },
        }}
      />
      <DialogTitle id="manifiesto-title">Manifiesto</DialogTitle>
      <DialogContent dividers className="manifest-print" data-testid="manifiesto">
        <Typography variant="h6" component="p">
          {salida.tour_nombre}
        </Typography>
        <Typography sx={{ mb: 2 }}>
          {formatDateEs(salida.fecha)} · {salida.hora_local} · {salida.vendidos} vendidos, {salida.retenidos} retenidos, cupo{" "}
          {orUnlimited(salida.cupo)}
        </Typography>
        {!state.data && !state.error ? (
          <LoadingText text={LABELS.cargandoInformacionPanel} />
        ) : state.error ? (
          <Typography color="error">{state.error}</Typography>
        ) : pedidos.length === 0 ? (
          <Typography color="text.secondary">Nadie ha reservado esta salida todavía.</Typography>
        ) : (
          <Table size="small" aria-label="Viajeros de la salida">
            <TableHead>
              <TableRow>
                <TableCell>Pedido</TableCell>
                <TableCell>Nombre</TableCell>
                <TableCell>Teléfono</TableCell>
                <TableCell align="right">Mayores de 15</TableCell>
                <TableCell align="right">De 4 a 15</TableCell>
                <TableCell align="right">Menores de 4</TableCell>
                <TableCell align="right">Mascotas</TableCell>
                <TableCell align="right">Personas</TableCell>
                <TableCell>Estado</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {pedidos.map((p) => (
                <TableRow key={`${p.pedido}`} data-testid="manifiesto-pedido">
                  <TableCell>#{p.pedido}</TableCell>
                  <TableCell>
                    {p.nombre} {p.apellido}
                  </TableCell>
                  <TableCell sx={numeric}>
                    {p.telefono}
                    {p.telefonorespaldo ? ` · ${p.telefonorespaldo}` : ""}
                  </TableCell>
                  <TableCell align="right">{p.mayores15}</TableCell>
                  <TableCell align="right">{p.menoresde15_a4}</TableCell>
                  <TableCell align="right">{p.menores3}</TableCell>
                  <TableCell align="right">{p.mascotas}</TableCell>
                  <TableCell align="right">{p.personas}</TableCell>
                  <TableCell>
                    {p.estado === "pagado"
                      ? `Pagado (${usd(p.valor_total)})`
                      : `Retenido hasta ${p.retenido_hasta ? new Date(p.retenido_hasta).toLocaleTimeString("es-CO", { hour: "2-digit", minute: "2-digit" }) : "—"}`}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell colSpan={3}>
                  <strong>Total</strong>
                </TableCell>
                <TableCell align="right">{total("mayores15")}</TableCell>
                <TableCell align="right">{total("menoresde15_a4")}</TableCell>
                <TableCell align="right">{total("menores3")}</TableCell>
                <TableCell align="right">{total("mascotas")}</TableCell>
                <TableCell align="right">
                  <strong>{total("personas")}</strong>
                </TableCell>
                <TableCell />
              </TableRow>
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => window.print()} disabled={!state.data}>
          Imprimir
        </Button>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

type Open = "manifest" | "cupo" | "departure" | "date" | "guias" | null;

function DepartureActionsCell() {
  const salida = useRecordContext<Salida>();
  const actions = useDepartureActions();
  const [open, setOpen] = useState<Open>(null);
  const { permissions: rol } = usePermissions<string | undefined>();
  if (!salida) return null;
  const changes = canChangeDepartures(rol);
  const when = `${formatDateEs(salida.fecha)} a las ${salida.hora_local}`;
  const close = () => setOpen(null);
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap" }}>
      <Button size="small" onClick={() => setOpen("manifest")}>
        Manifiesto
      </Button>
      {canAssignGuides(rol) && (
        <Button size="small" onClick={() => setOpen("guias")}>
          Guías
        </Button>
      )}
      {changes && (
        <>
          <Button size="small" onClick={() => setOpen("cupo")}>
            Cupo
          </Button>
          <Button size="small" onClick={() => setOpen("departure")} disabled={salida.fecha_cerrada}>
            {salida.cerrada ? "Reabrir salida" : "Cerrar salida"}
          </Button>
          <Button size="small" onClick={() => setOpen("date")}>
            {salida.fecha_cerrada ? "Reabrir fecha" : "Cerrar fecha"}
          </Button>
        </>
      )}
      {open === "manifest" && <ManifestDialog salida={salida} onClose={close} />}
      {open === "cupo" && <CapacityDialog salida={salida} onClose={close} />}
      {open === "guias" && <GuiasDialog salida={salida} onClose={close} />}
      {open === "departure" && (
        <ConfirmAction
          title={salida.cerrada ? "Reabrir salida" : "Cerrar salida"}
          text={
            salida.cerrada
              ? `La salida de ${salida.tour_nombre} del ${when} volverá a recibir reservas.`
              : `La salida de ${salida.tour_nombre} del ${when} dejará de recibir reservas. Las reservas ya hechas se conservan.`
          }
          confirmLabel={salida.cerrada ? "Reabrir" : "Cerrar"}
          success={salida.cerrada ? "Salida reabierta" : "Salida cerrada"}
          run={() => actions.setDepartureClosed({ tour_id: salida.tour_id, fecha: salida.fecha, hora: salida.hora, cerrada: !salida.cerrada })}
          onClose={close}
        />
      )}
      {open === "date" && (
        <ConfirmAction
          title={salida.fecha_cerrada ? "Reabrir fecha" : "Cerrar fecha"}
          text={
            salida.fecha_cerrada
              ? `Todas las salidas de ${salida.tour_nombre} del ${formatDateEs(salida.fecha)} volverán a recibir reservas.`
              : `Ninguna salida de ${salida.tour_nombre} del ${formatDateEs(salida.fecha)} recibirá reservas (clima, feriado…). Las reservas ya hechas se conservan.`
          }
          confirmLabel={salida.fecha_cerrada ? "Reabrir" : "Cerrar"}
          success={salida.fecha_cerrada ? "Fecha reabierta" : "Fecha cerrada"}
          run={() => actions.setDepartureClosed({ tour_id: salida.tour_id, fecha: salida.fecha, cerrada: !salida.fecha_cerrada })}
          onClose={close}
        />
      )}
    </Stack>
  );
}

const filters = [
  <ReferenceInput key="tour" source="tour_id" reference="destinos" alwaysOn>
    <AutocompleteInput label="Tour" optionText="nombre" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 260 }} />
  </ReferenceInput>,
  <DateInput key="desde" source="desde" label="Desde" alwaysOn />,
  <DateInput key="hasta" source="hasta" label="Hasta" alwaysOn />,
];

export function DepartureList() {
  return (
    <List
      title="Salidas"
      filters={filters}
      perPage={25}
      exporter={false}
      actions={false}
      sort={{ field: "fecha", order: "ASC" }}
      loading={<LoadingText text={LABELS.cargandoInformacionPanel} />}
      empty={<Typography sx={{ p: 2 }}>No hay salidas en esas fechas.</Typography>}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} size="small" sx={wideTable}>
        <TextField source="tour_nombre" label="Tour" sortable={false} />
        <FunctionField label="Fecha" sortable={false} render={(s: Salida) => formatDateEs(s.fecha)} />
        <TextField source="hora_local" label="Hora" sortable={false} />
        <TextField source="vendidos" label="Vendidos" sortable={false} sx={numeric} />
        <TextField source="retenidos" label="Retenidos" sortable={false} sx={numeric} />
        <FunctionField label="Cupo" sortable={false} render={(s: Salida) => orUnlimited(s.cupo)} />
        <FunctionField label="Quedan" sortable={false} render={(s: Salida) => orUnlimited(s.quedan)} />
        <FunctionField
          label="Estado"
          sortable={false}
          render={(s: Salida) => <StateChip look={DEPARTURE_STATES[s.estado]} testId="estado-salida" />}
        />
        <FunctionField label="Acciones" render={() => <DepartureActionsCell />} />
      </Datagrid>
    </List>
  );
}
