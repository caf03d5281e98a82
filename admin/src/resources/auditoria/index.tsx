import { useCallback, useEffect, useRef, useState } from "react";
import { Title } from "react-admin";
import {
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { Actividad as AuditEntry, Usuario } from "@tours/contract";
import { api } from "../../providers/config";
import { useToasts } from "../../lib/useToasts";
import { DateFieldEs } from "../../lib/DateInputEs";
import { dateTimeEs } from "../../lib/dates";
import { ScrollBox } from "../../lib/ScrollBox";

const RECURSOS: Record<string, string> = {
  tour: "Tour",
  pais: "País",
  ciudades: "Ciudad",
  horario: "Horario",
  fotos: "Fotos",
  banner: "Banner",
  pedido: "Pedido",
  usuario: "Usuario",
  sesion: "Sesión",
  salida: "Salida",
  fecha: "Fecha cerrada",
  revendedor: "Revendedor",
  tarjeta_regalo: "Tarjeta regalo",
};

/** "campo: antes → después" (or "campo: valor" for a record created or deleted), in the API's words (auditoria.describe.ts). */
function AuditChanges({ entry }: { entry: AuditEntry }) {
  const fields = entry.cambios ?? Object.entries(entry.changes).map(([campo, c]) => ({ campo, antes: String(c.antes ?? "(vacío)"), despues: String(c.despues ?? "(vacío)") }));
  if (fields.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {fields.map(({ campo, antes, despues }) => (
        <li key={campo}>
          {campo}: {antes === "" ? despues : despues === "" ? antes : `${antes} → ${despues}`}
        </li>
      ))}
    </Box>
  );
}

function AuditTable({ entries, label }: { entries: AuditEntry[]; label: string }) {
  return (
    <ScrollBox label={`${label}, tabla desplazable`}>
      <Table size="small" aria-label={label} sx={{ "& td": { overflowWrap: "anywhere" } }}>
        <TableHead>
          <TableRow>
            <TableCell>Fecha</TableCell>
            <TableCell>Usuario</TableCell>
            <TableCell>Qué hizo</TableCell>
            <TableCell>Cambios</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.id}>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{dateTimeEs(e.at)}</TableCell>
              <TableCell>{e.actorNombre || e.actorEmail || "Sistema"}</TableCell>
              <TableCell data-testid="actividad-descripcion">{e.descripcion ?? `${e.action} ${RECURSOS[e.resource] ?? e.resource} ${e.resourceId}`}</TableCell>
              <TableCell>
                <AuditChanges entry={e} />
                {e.resource === "sesion" && (
                  <Typography variant="caption">
                    {e.ip} · {e.userAgent}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
          {entries.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>Sin actividad registrada</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </ScrollBox>
  );
}

/** The whole audit log (Administrador), filtered by user, resource and a range of days. */
export function AuditPage() {
  const toasts = useToasts();
  const [usuarios, setUsuarios] = useState<Usuario[]>([]);
  const [filters, setFilters] = useState({ usuario: "", recurso: "", desde: "", hasta: "" });
  const [entries, setEntries] = useState<AuditEntry[]>([]);

  // only the answer to the latest request is shown: a slow unfiltered load must not overwrite a filtered one
  const latest = useRef(0);
  const load = useCallback(
    (current: typeof filters) => {
      const request = ++latest.current;
      return toasts.run({ error: "No se pudo cargar la actividad", showApiErrors: true }, async () => {
        const answer = await api.actividad.index(current);
        if (request === latest.current) setEntries(answer.succes);
      });
    },
    [toasts],
  );

  useEffect(() => {
    void api.usuarios.index().then((a) => setUsuarios(a.succes), () => undefined);
    void load({ usuario: "", recurso: "", desde: "", hasta: "" });
  }, [load]);

  const set = (key: keyof typeof filters) => (e: { target: { value: string } }) => setFilters({ ...filters, [key]: e.target.value });

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Actividad" />
      <Typography variant="h5" component="h1" gutterBottom>
        Actividad
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: "column", md: "row" }} spacing={2} component="form" onSubmit={(e) => { e.preventDefault(); void load(filters); }}>
            <TextField select label="Usuario" value={filters.usuario} onChange={set("usuario")} size="small" sx={{ minWidth: 200 }}>
              <MenuItem value="">Todos</MenuItem>
              {usuarios.map((u) => (
                <MenuItem key={u.id} value={String(u.id)}>
                  {u.nombre}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Recurso" value={filters.recurso} onChange={set("recurso")} size="small" sx={{ minWidth: 160 }}>
              <MenuItem value="">Todos</MenuItem>
              {Object.entries(RECURSOS).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            <DateFieldEs label="Desde" value={filters.desde} onChange={(desde) => setFilters((f) => ({ ...f, desde }))} />
            <DateFieldEs label="Hasta" value={filters.hasta} onChange={(hasta) => setFilters((f) => ({ ...f, hasta }))} />
            <Button type="submit" variant="contained">
              Filtrar
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <AuditTable entries={entries} label="Actividad" />
    </Box>
  );
}

/** One record's history, on its edit page. */
export function AuditHistory({ recurso, id }: { recurso: string; id: number | string | undefined }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  useEffect(() => {
    if (id === undefined) return;
    void api.actividad.recurso(recurso, id).then(
      (a) => setEntries(a.succes),
      () => setEntries(null),
    );
  }, [recurso, id]);
  if (!entries) return null;
  return (
    <Box sx={{ mt: 3, mb: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Historial de cambios
      </Typography>
      <AuditTable entries={entries} label="Historial de cambios" />
    </Box>
  );
}
