import { useState } from "react";
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  TextField,
  TopToolbar,
  useCreate,
  useNotify,
  useRefresh,
  useUpdate,
  type RaRecord,
} from "react-admin";
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Switch,
  TextField as MuiTextField,
  Typography,
} from "@mui/material";
import { LABELS } from "@tours/domain";
import { wideTable } from "../../lib/tables";
import { LoadingText } from "../../lib/LoadingText";
import { DATE_OPTIONS } from "../../lib/dates";
import { WebhooksDialog } from "./WebhooksDialog";

/*
 * APIs: the resellers that sell our tours through the OCTO API (README "Vender por revendedores (OCTO)"), one API
 * key each. A new key is shown once; the switch turns a key on and off (off: its next call is refused); each key
 * has its caps on holds (HoldLimits).
 */

function KeyToggle({ record }: { record: RaRecord }) {
  // pessimistic: the switch shows off only once the API has turned the key off (an undoable update would wait)
  const [update, { isPending }] = useUpdate(undefined, undefined, { mutationMode: "pessimistic" });
  const notify = useNotify();
  const activo = Boolean(record.activo);
  const toggle = (checked: boolean) =>
    update(
      "revendedores",
      { id: record.id, data: { activo: checked }, previousData: record },
      {
        onSuccess: () => notify(checked ? "Clave activada" : "Clave desactivada: sus llamadas se rechazan desde ahora", { type: "success" }),
        onError: () => notify("No fue posible cambiar el estado de la clave", { type: "error" }),
      },
    );
  return (
    <Switch
      checked={activo}
      disabled={isPending}
      onChange={(e) => toggle(e.target.checked)}
      slotProps={{ input: { "aria-label": `Activar ${String(record.nombre)}` } }}
    />
  );
}

/**
 * The reseller's caps on holds (issue 28): the most minutes one reservation or extension may hold places, and a
 * hold's whole life, extensions included. Longer requests are cut to them; a hold at its whole life is not extended.
 */
function HoldLimits({ record }: { record: RaRecord }) {
  const [open, setOpen] = useState(false);
  const [expiracion, setExpiracion] = useState(String(record.expiracion_max_minutos ?? 60));
  const [retencion, setRetencion] = useState(String(record.retencion_max_minutos ?? 180));
  const [update, { isPending }] = useUpdate(undefined, undefined, { mutationMode: "pessimistic" });
  const notify = useNotify();
  const start = () => {
    setExpiracion(String(record.expiracion_max_minutos ?? 60));
    setRetencion(String(record.retencion_max_minutos ?? 180));
    setOpen(true);
  };
  const e = Number(expiracion);
  const r = Number(retencion);
  const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= 10_080;
  const problem = !valid(e) || !valid(r) ? "Indique minutos enteros entre 1 y 10080" : e > r ? "Los minutos por retención no pueden superar la duración máxima" : null;
  const save = () =>
    update(
      "revendedores",
      { id: record.id, data: { expiracion_max_minutos: e, retencion_max_minutos: r }, previousData: record },
      {
        onSuccess: () => {
          notify("Límites de retención guardados", { type: "success" });
          setOpen(false);
        },
        onError: (err) => notify(err instanceof Error && err.message ? err.message : "No fue posible guardar los límites", { type: "error" }),
      },
    );
  const titleId = `limites-${String(record.id)}`;
  return (
    <>
      <Button size="small" onClick={start} aria-label={`Límites de retención de ${String(record.nombre)}`}>
        {`${String(record.expiracion_max_minutos)} / ${String(record.retencion_max_minutos)} min`}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Límites de retención: {String(record.nombre)}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Cuánto tiempo puede este revendedor guardar cupos sin confirmar. Si pide más, se le da este máximo.
          </Typography>
          <MuiTextField
            label="Minutos por retención o extensión"
            type="number"
            value={expiracion}
            onChange={(ev) => setExpiracion(ev.target.value)}
            fullWidth
            sx={{ mb: 2 }}
            slotProps={{ htmlInput: { min: 1, max: 10_080, step: 1 } }}
          />
          <MuiTextField
            label="Duración máxima de una retención, con extensiones (minutos)"
            type="number"
            value={retencion}
            onChange={(ev) => setRetencion(ev.target.value)}
            fullWidth
            slotProps={{ htmlInput: { min: 1, max: 10_080, step: 1 } }}
          />
          {problem && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancelar</Button>
          <Button variant="contained" onClick={save} disabled={isPending || problem !== null}>
            Guardar
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function NewKey() {
  const [open, setOpen] = useState(false);
  const [nombre, setNombre] = useState("");
  const [key, setKey] = useState<string | null>(null);
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const refresh = useRefresh();
  const close = () => {
    setOpen(false);
    setNombre("");
    setKey(null);
    refresh();
  };
  const submit = () =>
    create(
      "revendedores",
      { data: { nombre: nombre.trim() } },
      {
        onSuccess: (record: RaRecord) => setKey(String(record.api_key)),
        onError: () => notify("No fue posible crear la clave", { type: "error" }),
      },
    );
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        Nueva clave
      </Button>
      <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="nueva-clave-title">
        <DialogTitle id="nueva-clave-title">Nueva clave de revendedor</DialogTitle>
        <DialogContent dividers>
          {key ? (
            <>
              <Alert severity="warning" sx={{ mb: 2 }}>
                Copie la clave ahora: no se volverá a mostrar.
              </Alert>
              <MuiTextField label="Clave de API" value={key} fullWidth slotProps={{ input: { readOnly: true } }} onFocus={(e) => e.target.select()} />
            </>
          ) : (
            <MuiTextField
              label="Nombre del revendedor"
              value={nombre}
              onChange={(e) => setNombre(e.target.value)}
              fullWidth
              autoFocus
              required
            />
          )}
        </DialogContent>
        <DialogActions>
          {key ? (
            <Button onClick={close}>Listo</Button>
          ) : (
            <>
              <Button onClick={close}>Cancelar</Button>
              <Button variant="contained" onClick={submit} disabled={isPending || !nombre.trim()}>
                Crear clave
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}

export function ApisList() {
  return (
    <Box>
      <List
        title="APIs"
        resource="revendedores"
        sort={{ field: "id", order: "DESC" }}
        perPage={25}
        exporter={false}
        actions={
          <TopToolbar>
            <NewKey />
          </TopToolbar>
        }
        empty={false}
        loading={<LoadingText text={LABELS.cargandoInformacionPanel} />}
      >
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          Claves de los revendedores que venden sus tours por la API OCTO (base: /octo).
        </Typography>
        <Datagrid bulkActionButtons={false} rowClick={false} size="small" sx={wideTable}>
          <TextField source="nombre" label="Revendedor" />
          <FunctionField label="Clave" render={(r: RaRecord) => `${String(r.key_prefijo)}…`} sortable={false} />
          <DateField source="createdAt" label="Creada" locales="es-CO" options={DATE_OPTIONS} />
          <FunctionField
            label="Estado"
            source="activo"
            sortBy="activo"
            render={(r: RaRecord) => <Chip size="small" label={r.activo ? "Activo" : "Inactivo"} color={r.activo ? "success" : "default"} />}
          />
          <FunctionField label="Activar" render={(r: RaRecord) => <KeyToggle record={r} />} />
          <FunctionField label="Retención máx. / total" render={(r: RaRecord) => <HoldLimits record={r} />} />
          <FunctionField label="Webhooks" render={(r: RaRecord) => <WebhooksDialog record={r} />} />
        </Datagrid>
      </List>
    </Box>
  );
}
