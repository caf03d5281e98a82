import { useState } from "react";
import {
  AutocompleteInput,
  BooleanInput,
  List,
  ReferenceInput,
  useBasename,
  useListContext,
  usePermissions,
} from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { Box, IconButton, Menu, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import type { Salida } from "@tours/contract";
import { LABELS, formatDateEs } from "@tours/domain";
import { canAssignGuides, canChangeDepartures } from "../../lib/roles";
import { LoadingText } from "../../lib/LoadingText";
import { numeric } from "../../lib/tables";
import { StateChip, type StateLook } from "../../lib/StateChip";
import { DateInputEs } from "../../lib/DateInputEs";
import { dateEs } from "../../lib/dates";
import { GuiasDialog } from "./GuiasDialog";
import { ListaEsperaDialog } from "./ListaEsperaDialog";
import { CancelDepartureDialog, CapacityDialog, ConfirmAction, orUnlimited, useDepartureActions } from "./dialogs";

/**
 * Salidas: the coming departures, by default only those with bookings, grouped by day, one compact row each (its
 * actions in a menu): what is sold, held and left; the manifest; close or reopen a departure or a whole date, set
 * one departure's capacity, assign guides (docs/decisions/0007-capacity-and-holds.md, 0016-the-operators-day.md).
 */

const DEPARTURE_STATES: Record<Salida["estado"], StateLook> = {
  disponible: { label: "Disponible", color: "success" },
  pocos: { label: "Pocos lugares", color: "warning" },
  agotada: { label: "Agotada", color: "error" },
  cerrada: { label: "Cerrada", color: "default" },
  vencida: { label: "Reservas cerradas", color: "default" },
};

type Open = "cupo" | "departure" | "date" | "guias" | "cancelar" | "espera" | null;

/** "Miércoles 25/11/2026". */
function dayLabel(fecha: string): string {
  const weekday = formatDateEs(fecha).split(",")[0] ?? "";
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)} ${dateEs(fecha)}`;
}

function DepartureMenu({ salida }: { salida: Salida }) {
  const actions = useDepartureActions();
  const base = useBasename();
  const { permissions: rol } = usePermissions<string | undefined>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const changes = canChangeDepartures(rol);
  const when = `${dateEs(salida.fecha)} a las ${salida.hora_local}`;
  const choose = (what: Open) => () => {
    setAnchor(null);
    setOpen(what);
  };
  const close = () => setOpen(null);
  const menuId = `acciones-${salida.id}`;
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Acciones de la salida ${salida.tour_nombre} ${dateEs(salida.fecha)} ${salida.hora_local}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem component={RouterLink} to={`${base}/manifiesto/${salida.id}`}>
          Manifiesto
        </MenuItem>
        <MenuItem onClick={choose("espera")}>Lista de espera</MenuItem>
        {canAssignGuides(rol) && <MenuItem onClick={choose("guias")}>Guías</MenuItem>}
        {changes && <MenuItem onClick={choose("cupo")}>Cupo</MenuItem>}
        {changes && (
          <MenuItem onClick={choose("departure")} disabled={salida.fecha_cerrada}>
            {salida.cerrada ? "Reabrir salida" : "Cerrar salida"}
          </MenuItem>
        )}
        {changes && <MenuItem onClick={choose("date")}>{salida.fecha_cerrada ? "Reabrir fecha" : "Cerrar fecha"}</MenuItem>}
        {changes && (
          <MenuItem onClick={choose("cancelar")} sx={{ color: "error.main" }}>
            Cancelar salida
          </MenuItem>
        )}
      </Menu>
      {open === "cancelar" && <CancelDepartureDialog salida={salida} onClose={close} />}
      {open === "cupo" && <CapacityDialog salida={salida} onClose={close} />}
      {open === "guias" && <GuiasDialog salida={salida} onClose={close} />}
      {open === "espera" && <ListaEsperaDialog salida={salida} canOffer={changes} onClose={close} />}
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
              ? `Todas las salidas de ${salida.tour_nombre} del ${dateEs(salida.fecha)} volverán a recibir reservas.`
              : `Ninguna salida de ${salida.tour_nombre} del ${dateEs(salida.fecha)} recibirá reservas (clima, feriado…). Las reservas ya hechas se conservan.`
          }
          confirmLabel={salida.fecha_cerrada ? "Reabrir" : "Cerrar"}
          success={salida.fecha_cerrada ? "Fecha reabierta" : "Fecha cerrada"}
          run={() => actions.setDepartureClosed({ tour_id: salida.tour_id, fecha: salida.fecha, cerrada: !salida.fecha_cerrada })}
          onClose={close}
        />
      )}
    </>
  );
}

const cell = { whiteSpace: "nowrap", py: 0.5 } as const;

/** The page's departures, a header row per day; each row one line (≤ 56 px), its actions behind ⋮. */
function DepartureDays() {
  const { data, isPending } = useListContext<Salida>();
  if (isPending || !data) return null;
  if (data.length === 0) return <Typography sx={{ p: 2 }}>No hay salidas con reservas en esas fechas.</Typography>;
  const days = new Map<string, Salida[]>();
  for (const s of data) days.set(s.fecha, [...(days.get(s.fecha) ?? []), s]);
  return (
    // the table scrolls inside its card on a narrow screen; the page itself never scrolls sideways
    <Box sx={{ overflowX: "auto", maxWidth: "calc(100vw - 16px)" }}>
      <Table size="small" aria-label="Salidas por día">
        <TableHead>
          <TableRow>
            <TableCell sx={cell}>Hora</TableCell>
            <TableCell sx={cell}>Tour</TableCell>
            <TableCell sx={cell} align="right">Vendidos / cupo</TableCell>
            <TableCell sx={cell} align="right">Retenidos</TableCell>
            <TableCell sx={cell} align="right">Quedan</TableCell>
            <TableCell sx={cell}>Estado</TableCell>
            <TableCell sx={cell} align="right">Acciones</TableCell>
          </TableRow>
        </TableHead>
        {[...days].map(([fecha, salidas]) => (
          <TableBody key={fecha} data-testid="salidas-dia">
            <TableRow>
              <TableCell component="th" scope="colgroup" colSpan={7} sx={{ bgcolor: "action.hover", fontWeight: 600, py: 0.75 }}>
                {dayLabel(fecha)} · {salidas.length} {salidas.length === 1 ? "salida" : "salidas"}
              </TableCell>
            </TableRow>
            {salidas.map((s) => (
              <TableRow key={s.id} data-testid="salida-fila" hover>
                <TableCell sx={{ ...cell, ...numeric }}>{s.hora_local}</TableCell>
                <TableCell sx={{ ...cell, maxWidth: 320, overflow: "hidden", textOverflow: "ellipsis" }} title={s.tour_nombre}>
                  {s.tour_nombre}
                </TableCell>
                <TableCell sx={{ ...cell, ...numeric }} align="right" data-testid="salida-vendidos">
                  {s.vendidos} / {orUnlimited(s.cupo)}
                </TableCell>
                <TableCell sx={{ ...cell, ...numeric }} align="right" data-testid="salida-retenidos">
                  {s.retenidos}
                </TableCell>
                <TableCell sx={{ ...cell, ...numeric }} align="right" data-testid="salida-quedan">
                  {orUnlimited(s.quedan)}
                </TableCell>
                <TableCell sx={cell}>
                  <StateChip look={DEPARTURE_STATES[s.estado]} testId="estado-salida" />
                </TableCell>
                <TableCell sx={cell} align="right">
                  <DepartureMenu salida={s} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        ))}
      </Table>
    </Box>
  );
}

const filters = [
  <BooleanInput key="con_reservas" source="con_reservas" label="Con reservas" alwaysOn />,
  <ReferenceInput key="tour" source="tour_id" reference="destinos" alwaysOn>
    <AutocompleteInput label="Tour" optionText="nombre" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 240 }} />
  </ReferenceInput>,
  <DateInputEs key="desde" source="desde" label="Desde" alwaysOn />,
  <DateInputEs key="hasta" source="hasta" label="Hasta" alwaysOn />,
];

export function DepartureList() {
  return (
    <List
      title="Salidas"
      filters={filters}
      filterDefaultValues={{ con_reservas: true }}
      perPage={100}
      exporter={false}
      actions={false}
      sort={{ field: "fecha", order: "ASC" }}
      loading={<LoadingText text={LABELS.cargandoInformacionPanel} />}
      empty={<Typography sx={{ p: 2 }}>No hay salidas con reservas en esas fechas.</Typography>}
    >
      <DepartureDays />
    </List>
  );
}
