import { useEffect, useState, type ReactNode } from "react";
import {
  Button,
  Datagrid,
  FunctionField,
  List,
  ReferenceField,
  SearchInput,
  TextField,
  useDataProvider,
  useGetMany,
  usePermissions,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from "react-admin";
import {
  Box,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
  Button as MuiButton,
} from "@mui/material";
import ReceiptIcon from "@mui/icons-material/Receipt";
import type { PedidoDetalle } from "@tours/contract";
import { LABELS, formatUSD, toCents } from "@tours/domain";
import type { OrderActions } from "../../providers/resources/orders";
import { canRefund } from "../../lib/roles";
import { useToasts } from "../../lib/useToasts";
import { wideTable } from "../../lib/tables";
import { LoadingText } from "../../lib/LoadingText";

const usd = (value: unknown) => formatUSD(toCents(Number(value ?? 0)));
const numeric = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;

export function PaymentState({ paid }: { paid: boolean }) {
  return paid ? (
    <Chip label={LABELS.pago} color="success" size="small" data-testid="estado-pago" />
  ) : (
    <Chip label={LABELS.sinPago} color="error" size="small" data-testid="estado-pago" />
  );
}

type Detalle = PedidoDetalle;
type Linea = Detalle["succes"][number];

const when = (iso: string | Date | null | undefined) =>
  iso ? new Date(iso).toLocaleString("es-CO", { dateStyle: "medium", timeStyle: "short" }) : "—";

const REEMBOLSO_ESTADO: Record<string, { label: string; color: "success" | "warning" | "error" }> = {
  completado: { label: "Completado", color: "success" },
  en_curso: { label: "En curso", color: "warning" },
  pendiente: { label: "Pendiente", color: "warning" },
  fallido: { label: "Rechazado", color: "error" },
};
// enviado: the SMTP server accepted it; pendiente: waiting for a (new) try; fallido: every try spent
const CORREO_ESTADO: Record<string, { label: string; color: "success" | "warning" | "error" | "default" }> = {
  enviado: { label: "Entregado", color: "success" },
  pendiente: { label: "En cola", color: "warning" },
  fallido: { label: "No entregado", color: "error" },
};
const CORREO_TIPO: Record<string, string> = {
  confirmacion: "Confirmación y voucher",
  nuevo_pedido: "Aviso de pedido al equipo",
  recordatorio: "Recordatorio",
  cancelacion: "Cancelación",
};

function LineState({ line }: { line: Linea }) {
  if (line.cancelada_at) return <Chip label="Cancelada" color="error" size="small" variant="outlined" data-testid="linea-estado" />;
  if (line.checkin_at) {
    return <Chip label={`Llegó ${when(line.checkin_at)}`} color="success" size="small" data-testid="linea-estado" />;
  }
  return <Chip label="Activa" size="small" data-testid="linea-estado" />;
}

/** What a refund asks to confirm: one line or every active line of the order. */
interface RefundTarget {
  linea?: Linea;
  montoCents: number;
}

function ConfirmRefund({
  pedido,
  target,
  tourName,
  onClose,
  onDone,
}: {
  pedido: RaRecord;
  target: RefundTarget;
  tourName: (id: number) => string;
  onClose: () => void;
  onDone: () => void;
}) {
  const provider = useDataProvider() as unknown as OrderActions;
  const toasts = useToasts();
  const [motivo, setMotivo] = useState("");
  const [busy, setBusy] = useState(false);
  const what = target.linea
    ? `la línea «${tourName(Number(target.linea.id_tour))}» del ${target.linea.fecha_tour}`
    : `todo el pedido #${String(pedido.id)}`;
  const confirm = async () => {
    setBusy(true);
    const body = { ...(target.linea ? { linea: Number(target.linea.id) } : {}), ...(motivo.trim() ? { motivo: motivo.trim() } : {}) };
    const toast = toasts.start("Cancelando y reembolsando…");
    try {
      const { reembolso } = await provider.refundOrder(pedido.id, body);
      const estado = REEMBOLSO_ESTADO[reembolso.estado]?.label.toLowerCase() ?? reembolso.estado;
      toast.success(`Cancelado. Reembolso de ${usd(reembolso.monto)}: ${estado}`);
      onDone();
    } catch (error) {
      // PayPal's refusal (502) or a departure already gone (409): the API says why, and the order stays as it was
      toast.fail(error, "No fue posible cancelar ni reembolsar el pedido", true);
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="reembolso-title">
      <DialogTitle id="reembolso-title">Cancelar y reembolsar</DialogTitle>
      <DialogContent>
        <DialogContentText>
          ¿Cancelar {what}? Se devolverán <strong>{formatUSD(target.montoCents)}</strong> al comprador por PayPal y los
          lugares quedarán libres. No se puede deshacer.
        </DialogContentText>
        <MuiTextField
          label="Motivo (opcional)"
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy}>
          Volver
        </MuiButton>
        <MuiButton onClick={confirm} color="error" variant="contained" disabled={busy}>
          Sí, cancelar y reembolsar
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }} aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function OrderLines({ pedido, onClose }: { pedido: RaRecord; onClose: () => void }) {
  const provider = useDataProvider() as unknown as OrderActions;
  const { permissions: rol } = usePermissions<string | undefined>();
  const refreshList = useRefresh();
  const [detalle, setDetalle] = useState<Detalle | null>(null);
  const [error, setError] = useState(false);
  const [version, setVersion] = useState(0);
  const [target, setTarget] = useState<RefundTarget | null>(null);
  useEffect(() => {
    let live = true;
    provider.orderDetail(pedido.id).then(
      (answer) => live && setDetalle(answer),
      () => live && setError(true),
    );
    return () => {
      live = false;
    };
  }, [provider, pedido.id, version]);
  const lines = detalle?.succes ?? [];
  // Tour names for the lines (a tour deleted since the purchase shows its number only).
  const tourIds = [...new Set(lines.map((line) => Number(line.id_tour)))];
  const { data: tours } = useGetMany<{ id: number; nombre: string }>("destinos", { ids: tourIds }, { enabled: tourIds.length > 0 });
  const tourName = (id: number) =>
    tours?.find((t) => t.id === id)?.nombre ?? detalle?.reserva?.lineas.find((l) => Number(l.tour_id) === id)?.tour_nombre ?? `#${id}`;
  const paid = Boolean(pedido.status) || Boolean(detalle?.reserva?.pagado);
  const refundable = canRefund(rol) && paid;
  const active = lines.filter((line) => !line.cancelada_at);
  const activeCents = active.reduce((sum, line) => sum + toCents(line.valor_total), 0);
  const referencia = detalle?.referencia ?? detalle?.reserva?.referencia ?? (pedido.referencia as string | undefined);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="detalle-title">
      <DialogTitle id="detalle-title">
        Detalle del pedido #{String(pedido.id)} · {String(pedido.nombre)} {String(pedido.apellido)}
      </DialogTitle>
      <DialogContent dividers>
        {error ? (
          <Typography color="error">No fue posible cargar el detalle del pedido.</Typography>
        ) : !detalle ? (
          <LoadingText text={LABELS.cargandoInformacionPanel} />
        ) : (
          <>
            <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: "wrap", alignItems: "center" }}>
              <Typography>
                Referencia: <strong data-testid="pedido-referencia">{referencia ?? "—"}</strong>
              </Typography>
              <PaymentState paid={paid} />
              {detalle.reserva && detalle.reserva.reembolsado > 0 ? (
                <Typography sx={numeric} data-testid="pedido-reembolsado">
                  Reembolsado: <strong>{usd(detalle.reserva.reembolsado)}</strong>
                </Typography>
              ) : null}
            </Stack>
            <Box sx={{ overflowX: "auto" }}>
              <Table size="small" aria-label="Lineas del pedido" sx={{ "& th, & td:last-of-type": { whiteSpace: "nowrap" } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Tour</TableCell>
                    <TableCell>Fecha</TableCell>
                    <TableCell align="right">Mayores de 15</TableCell>
                    <TableCell align="right">De 4 a 15</TableCell>
                    <TableCell align="right">Menores de 3</TableCell>
                    <TableCell align="right">Mascotas</TableCell>
                    <TableCell align="right">Valor unitario</TableCell>
                    <TableCell align="right">Valor total</TableCell>
                    <TableCell>Estado</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {lines.map((line) => (
                    <TableRow key={line.id} data-testid="linea-pedido">
                      <TableCell>{tourName(Number(line.id_tour))}</TableCell>
                      <TableCell>{line.fecha_tour}</TableCell>
                      <TableCell align="right">{line.mayores15}</TableCell>
                      <TableCell align="right">{line.menoresde15_a4}</TableCell>
                      <TableCell align="right">{line.menores3}</TableCell>
                      <TableCell align="right">{line.mascotas}</TableCell>
                      <TableCell align="right" sx={numeric}>
                        {usd(line.valor)}
                      </TableCell>
                      <TableCell align="right" sx={numeric}>
                        {usd(line.valor_total)}
                      </TableCell>
                      <TableCell>
                        <LineState line={line} />
                      </TableCell>
                      <TableCell>
                        <Link href={`/actividades/detalle/local/${line.id_tour}`} target="_blank" rel="noopener">
                          {LABELS.verTour}
                        </Link>
                        {refundable && !line.cancelada_at && lines.length > 1 ? (
                          <MuiButton
                            size="small"
                            color="error"
                            sx={{ ml: 1 }}
                            onClick={() => setTarget({ linea: line, montoCents: toCents(line.valor_total) })}
                          >
                            Cancelar línea
                          </MuiButton>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Typography sx={{ mt: 2, textAlign: "right", ...numeric }}>
              Total del pedido: <strong>{usd(pedido.valor_total)}</strong>
            </Typography>

            <Section title="Reembolsos">
              {detalle.reembolsos.length === 0 ? (
                <Typography color="text.secondary">Sin reembolsos.</Typography>
              ) : (
                <Table size="small" aria-label="Reembolsos">
                  <TableHead>
                    <TableRow>
                      <TableCell>Fecha</TableCell>
                      <TableCell align="right">Monto</TableCell>
                      <TableCell>Estado</TableCell>
                      <TableCell>Pedido por</TableCell>
                      <TableCell>Motivo</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {detalle.reembolsos.map((r) => {
                      const estado = REEMBOLSO_ESTADO[r.estado];
                      return (
                        <TableRow key={r.id} data-testid="reembolso">
                          <TableCell>{when(r.created_at)}</TableCell>
                          <TableCell align="right" sx={numeric}>
                            {usd(r.monto)}
                          </TableCell>
                          <TableCell>
                            <Chip label={estado?.label ?? r.estado} color={estado?.color ?? "default"} size="small" />
                            {r.error ? (
                              <Typography variant="body2" color="error">
                                {r.error}
                              </Typography>
                            ) : null}
                          </TableCell>
                          <TableCell>{r.por === "cliente" ? "El comprador (Mi reserva)" : `Equipo${r.usuario ? ` · ${r.usuario}` : ""}`}</TableCell>
                          <TableCell>{r.motivo ?? "—"}</TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              )}
            </Section>

            <Section title="Correos enviados">
              {detalle.correos.length === 0 ? (
                <Typography color="text.secondary">Todavía no se ha enviado ningún correo de este pedido.</Typography>
              ) : (
                <Table size="small" aria-label="Correos">
                  <TableHead>
                    <TableRow>
                      <TableCell>Correo</TableCell>
                      <TableCell>Para</TableCell>
                      <TableCell>Asunto</TableCell>
                      <TableCell>Entrega</TableCell>
                      <TableCell align="right">Intentos</TableCell>
                      <TableCell>Enviado</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {detalle.correos.map((c) => {
                      const estado = CORREO_ESTADO[c.estado];
                      return (
                        <TableRow key={c.id} data-testid="correo">
                          <TableCell>{CORREO_TIPO[c.tipo] ?? c.tipo}</TableCell>
                          <TableCell>{c.destinatario}</TableCell>
                          <TableCell>{c.asunto}</TableCell>
                          <TableCell>
                            <Chip label={estado?.label ?? c.estado} color={estado?.color ?? "default"} size="small" />
                            {c.ultimo_error ? (
                              <Typography variant="body2" color="error">
                                {c.ultimo_error}
                              </Typography>
                            ) : null}
                          </TableCell>
                          <TableCell align="right">{c.intentos}</TableCell>
                          <TableCell>{when(c.enviado_at)}</TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              )}
            </Section>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {detalle && refundable && active.length > 0 ? (
          <MuiButton color="error" onClick={() => setTarget({ montoCents: activeCents })} sx={{ mr: "auto" }}>
            {active.length === lines.length ? "Cancelar y reembolsar el pedido" : "Cancelar y reembolsar lo que queda"}
          </MuiButton>
        ) : null}
        <MuiButton onClick={onClose}>Cerrar</MuiButton>
      </DialogActions>
      {target ? (
        <ConfirmRefund
          pedido={pedido}
          target={target}
          tourName={tourName}
          onClose={() => setTarget(null)}
          onDone={() => {
            setTarget(null);
            setVersion((v) => v + 1);
            refreshList();
          }}
        />
      ) : null}
    </Dialog>
  );
}

function DetailButton() {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button label="Detalle" onClick={() => setOpen(true)}>
        <ReceiptIcon />
      </Button>
      {open && <OrderLines pedido={record} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Storefront, or the reseller and its reference for an OCTO booking (paid by the reseller, not through PayPal). */
function Channel({ pedido }: { pedido: RaRecord }) {
  if (pedido.canal !== "octo") return <>Tienda</>;
  return (
    <span data-testid="canal-revendedor">
      {pedido.revendedor_id ? (
        <ReferenceField source="revendedor_id" reference="revendedores" link={false} record={pedido}>
          <TextField source="nombre" />
        </ReferenceField>
      ) : (
        "Revendedor"
      )}
      {pedido.revendedor_referencia ? ` · ${String(pedido.revendedor_referencia)}` : ""}
    </span>
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Buscar pedido o referencia" />];

export function OrderList() {
  return (
    <List
      title="Pedidos"
      filters={filters}
      sort={{ field: "id", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={false}
      loading={<LoadingText text={LABELS.cargandoInformacionPanel} />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} size="small" sx={wideTable}>
        <TextField source="id" label="ID" />
        <TextField source="referencia" label="Referencia" sortable={false} emptyText="—" />
        <TextField source="nombre" label="Nombre" />
        <TextField source="apellido" label="Apellido" />
        <TextField source="email" label="Email" />
        <TextField source="telefono" label="Telefono 1" sortable={false} />
        <TextField source="telefonorespaldo" label="Telefono 2" sortable={false} />
        <TextField source="direccion" label="Direccion" sortable={false} />
        <FunctionField label="Valor total" source="valor_total" sortBy="valor_total" render={(r: RaRecord) => usd(r.valor_total)} sx={numeric} />
        <FunctionField label="Canal" source="canal" sortable={false} render={(r: RaRecord) => <Channel pedido={r} />} />
        <FunctionField label="Estado" source="status" sortBy="status" render={(r: RaRecord) => <PaymentState paid={Boolean(r.status)} />} />
        <FunctionField label="Acciones" render={() => <DetailButton />} />
      </Datagrid>
    </List>
  );
}
