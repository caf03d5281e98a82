import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useNotify, type RaRecord } from "react-admin";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { api } from "../../providers/config";
import { errorMessages } from "../../providers/errors";

async function fetchWebhooks(id: number) {
  return (await api.call("revendedorWebhooks", { params: { id } })).succes;
}
type Webhook = Awaited<ReturnType<typeof fetchWebhooks>>[number];

const EVENT_LABELS: Record<Webhook["event"], string> = {
  booking_update: "Cambios de sus reservas (booking_update)",
  availability_update: "Cupos liberados (availability_update)",
};

/**
 * A reseller's OCTO webhooks (issue 24, docs/decisions/0025): where we POST its bookings' changes and the places
 * that free up, how the deliveries went, and the secret the reseller checks their signatures with.
 */
export function WebhooksDialog({ record }: { record: RaRecord }) {
  const id = Number(record.id);
  const [open, setOpen] = useState(false);
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [url, setUrl] = useState("");
  const [event, setEvent] = useState<Webhook["event"]>("availability_update");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const load = useCallback(async () => setHooks(await fetchWebhooks(id)), [id]);
  useEffect(() => {
    if (open) void load().catch(() => setProblem("No fue posible leer los webhooks"));
  }, [open, load]);

  const urlField = useRef<HTMLInputElement>(null);
  const add = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await api.call("revendedorWebhookCreate", { params: { id }, body: { url: url.trim(), event } });
      setUrl("");
      notify("Webhook agregado", { type: "success" });
      await load();
    } catch (err) {
      setProblem(errorMessages(err)[0] ?? "No fue posible agregar el webhook");
    } finally {
      setBusy(false);
    }
  };
  const remove = async (hook: Webhook) => {
    setBusy(true);
    try {
      await api.call("revendedorWebhookDelete", { params: { id, webhookId: hook.id } });
      notify("Webhook eliminado", { type: "success" });
      await load();
      // its row (and the button that had the focus) is gone: the focus goes to the field that adds one
      urlField.current?.focus();
    } catch (err) {
      notify(errorMessages(err)[0] ?? "No fue posible eliminar el webhook", { type: "error" });
    } finally {
      setBusy(false);
    }
  };

  const titleId = `webhooks-${id}`;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`Webhooks de ${String(record.nombre)}`}>
        Webhooks
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Webhooks: {String(record.nombre)}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Le avisamos al revendedor por HTTP cuando cambian sus reservas o se liberan cupos. Cada aviso va firmado con su clave de firma
            (HMAC-SHA256) y se reintenta durante 24 horas si su servidor falla.
          </Typography>
          {hooks === null ? (
            <Typography>Cargando…</Typography>
          ) : hooks.length === 0 ? (
            <Typography sx={{ mb: 2 }}>Este revendedor no tiene webhooks.</Typography>
          ) : (
            <Table size="small" sx={{ mb: 2 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Evento</TableCell>
                  <TableCell>URL</TableCell>
                  <TableCell>Avisos</TableCell>
                  <TableCell>
                    Acciones
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {hooks.map((h) => (
                  <TableRow key={h.id}>
                    <TableCell>{EVENT_LABELS[h.event]}</TableCell>
                    <TableCell sx={{ wordBreak: "break-all" }}>{h.url}</TableCell>
                    <TableCell>
                      {`${h.entregas.entregada} entregados, ${h.entregas.pendiente} pendientes, ${h.entregas.fallida} fallidos`}
                      {h.entregas.ultimoError && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                          Último error: {h.entregas.ultimoError}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Button size="small" color="error" disabled={busy} onClick={() => void remove(h)} aria-label={`Eliminar el webhook ${h.url}`}>
                        Eliminar
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {hooks && hooks.length > 0 && (
            <TextField
              label="Clave de firma (entréguela al revendedor)"
              value={hooks[0]!.signingSecret}
              fullWidth
              sx={{ mb: 2 }}
              slotProps={{ input: { readOnly: true } }}
              onFocus={(e) => e.target.select()}
            />
          )}
          <Box
            component="form"
            aria-label="Nuevo webhook"
            noValidate
            onSubmit={(e: FormEvent) => {
              // Enter in the URL field adds it, as the button does
              e.preventDefault();
              if (!busy && url.trim()) void add();
            }}
            sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}
          >
            <TextField label="URL del webhook" inputRef={urlField} value={url} onChange={(e) => setUrl(e.target.value)} sx={{ flex: "1 1 18rem" }} placeholder="https://" />
            <TextField select label="Evento" value={event} onChange={(e) => setEvent(e.target.value as Webhook["event"])} sx={{ flex: "0 1 18rem" }}>
              {Object.entries(EVENT_LABELS).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="contained" disabled={busy || !url.trim()} sx={{ minHeight: 40 }}>
              Agregar webhook
            </Button>
          </Box>
          {problem && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cerrar</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
