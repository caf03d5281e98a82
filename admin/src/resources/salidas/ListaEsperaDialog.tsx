import { useCallback, useEffect, useState } from "react";
import { useDataProvider } from "react-admin";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import type { ListaEsperaEntry, Salida } from "@tours/contract";
import { dateEs, dateTimeEs } from "../../lib/dates";
import type { DepartureActions } from "../../providers/resources/departures";
import { errorMessages } from "../../providers/errors";
import { useToasts } from "../../lib/useToasts";

const when = (iso: string | null) => (iso ? dateTimeEs(iso) : "—");

/**
 * A departure's waiting list (issue 24, docs/decisions/0023): who, how many, offered when and until when, its state;
 * Administrador and Ventas can offer the free places to an entry by hand (only while they fit the departure).
 */
export function ListaEsperaDialog({ salida, canOffer, onClose }: { salida: Salida; canOffer: boolean; onClose: () => void }) {
  const actions = useDataProvider() as unknown as DepartureActions;
  const toasts = useToasts();
  const [rows, setRows] = useState<ListaEsperaEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(() => {
    actions.departureWaitlist(salida.id).then(setRows, (err: unknown) => setError(errorMessages(err).join(" ") || "No fue posible cargar la lista de espera"));
  }, [actions, salida.id]);
  useEffect(load, [load]);

  const offer = async (entry: ListaEsperaEntry) => {
    setBusy(entry.id);
    const done = await toasts.run({ success: `Lugares ofrecidos a ${entry.email}`, error: "No fue posible ofrecer los lugares", showApiErrors: true }, () =>
      actions.offerWaitlistPlaces(entry.id),
    );
    setBusy(null);
    if (done !== undefined) load();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="lista-espera-title" maxWidth="md" fullWidth>
      <DialogTitle id="lista-espera-title">
        Lista de espera · {salida.tour_nombre}, {dateEs(salida.fecha)} {salida.hora_local}
      </DialogTitle>
      <DialogContent>
        {error && <DialogContentText color="error">{error}</DialogContentText>}
        {!rows && !error && <DialogContentText>Cargando lista de espera…</DialogContentText>}
        {rows && rows.length === 0 && <DialogContentText>Nadie está en la lista de espera de esta salida.</DialogContentText>}
        {rows && rows.length > 0 && (
          <Table size="small" aria-label="Lista de espera">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Email</TableCell>
                <TableCell align="right">Personas</TableCell>
                <TableCell>Estado</TableCell>
                <TableCell>Ofrecida</TableCell>
                <TableCell>Guardada hasta</TableCell>
                {canOffer && <TableCell>Acción</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.orden}</TableCell>
                  <TableCell>{r.email}</TableCell>
                  <TableCell align="right">{r.personas}</TableCell>
                  <TableCell>
                    {r.estado_texto}
                    {r.ofrecida_por_staff ? " (a mano)" : ""}
                  </TableCell>
                  <TableCell>{when(r.ofrecida_at)}</TableCell>
                  <TableCell>{when(r.oferta_hasta)}</TableCell>
                  {canOffer && (
                    <TableCell>
                      {(r.estado === "esperando" || r.estado === "vencida") && (
                        // aria-disabled, not disabled, while an offer runs: a disabled button loses the focus it
                        // has (to the page's body, outside the dialog, where Escape no longer closes it)
                        <Button
                          size="small"
                          onClick={() => busy === null && offer(r)}
                          aria-disabled={busy !== null || undefined}
                          aria-label={`Ofrecer lugares a ${r.email}`}
                        >
                          Ofrecer lugares
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
