import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useDataProvider, useGetMany, usePermissions, useRefresh, type RaRecord } from "react-admin";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { PedidoDetalle } from "@tours/contract";
import { LABELS, TRAVELLER_LABELS_ES, formatDiaCorto, toCents } from "@tours/domain";
import type { OrderActions } from "../../providers/resources/orders";
import { canRefund } from "../../lib/roles";
import { LoadingText } from "../../lib/LoadingText";
import { numeric } from "../../lib/tables";
import { usd } from "../../lib/money";
import { DateChanges, Mails, Refunds } from "./OrderHistory";
import { DateChangeDialog } from "./DateChangeDialog";
import { RefundDialog, type RefundPayment, type RefundTarget } from "./RefundDialog";
import { LineState, OrderStateChip, type OrderLine } from "./states";

/** How to reach the buyer (the list shows only name and e-mail). */
function Buyer({ order }: { order: RaRecord }) {
  const phones = [order.telefono, order.telefonorespaldo].filter(Boolean).map(String).join(" · ");
  return (
    <Typography variant="body2" sx={{ mb: 1 }} data-testid="pedido-contacto">
      {String(order.email)}
      {phones ? ` · Teléfono: ${phones}` : ""}
      {order.direccion ? ` · Dirección: ${String(order.direccion)}` : ""}
      {order.nit ? ` · NIT: ${String(order.nit)}` : ""}
    </Typography>
  );
}

/** What the buyer wrote at checkout, as they wrote it. */
function Comment({ text }: { text: string | undefined }) {
  if (!text?.trim()) return null;
  return (
    <Box component="section" aria-label="Comentario del cliente" sx={{ mb: 2, p: 1.5, bgcolor: "action.hover", borderRadius: 1 }}>
      <Typography variant="subtitle2" component="h3">
        Comentario del cliente
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }} data-testid="pedido-comentario">
        {text}
      </Typography>
    </Box>
  );
}

/** One order: its lines with their state, its reference, refunds and e-mails; staff with the right cancel and refund. */
export function OrderDetail({ order, onClose }: { order: RaRecord; onClose: () => void }) {
  const provider = useDataProvider() as unknown as OrderActions;
  const { permissions: rol } = usePermissions<string | undefined>();
  const refreshList = useRefresh();
  const [detail, setDetail] = useState<PedidoDetalle | null>(null);
  const [error, setError] = useState(false);
  const [version, setVersion] = useState(0);
  const [target, setTarget] = useState<RefundTarget | null>(null);
  const [moving, setMoving] = useState<OrderLine | null>(null);
  // Where the focus goes when the refund or date-change dialog closes (they do not restore it themselves): back to
  // the button that opened it when the staff member goes back, to the detail's title once the change is made (the
  // button may be gone with it: nothing left to refund). A layout effect, in the same commit that removes the inner
  // dialog, so the focus never rests on the page's body (WCAG 2.4.3).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const focusAfterClose = useRef<HTMLElement | null>(null);
  const openFrom = (event: { currentTarget: HTMLElement }, then: () => void) => {
    opener.current = event.currentTarget;
    then();
  };
  const closeInner = (done: boolean) => {
    focusAfterClose.current = done ? titleRef.current : opener.current;
    setTarget(null);
    setMoving(null);
  };
  /** A refund or a date change was made: the detail and the list load again. */
  const changed = () => {
    closeInner(true);
    setVersion((v) => v + 1);
    refreshList();
  };
  useLayoutEffect(() => {
    if (target || moving || !focusAfterClose.current) return;
    focusAfterClose.current.focus();
    focusAfterClose.current = null;
  }, [target, moving]);
  useEffect(() => {
    let live = true;
    provider.orderDetail(order.id).then(
      (answer) => live && setDetail(answer),
      () => live && setError(true),
    );
    return () => {
      live = false;
    };
  }, [provider, order.id, version]);
  const lines = detail?.succes ?? [];
  // Tour names for the lines (a tour deleted since the purchase shows its number only).
  const tourIds = [...new Set(lines.map((line) => Number(line.id_tour)))];
  const { data: tours } = useGetMany<{ id: number; nombre: string }>("destinos", { ids: tourIds }, { enabled: tourIds.length > 0 });
  const tourName = (id: number) =>
    tours?.find((t) => t.id === id)?.nombre ?? detail?.reserva?.lineas.find((l) => Number(l.tour_id) === id)?.tour_nombre ?? `#${id}`;
  const paid = Boolean(order.status) || Boolean(detail?.reserva?.pagado);
  const refundable = canRefund(rol) && paid;
  const active = lines.filter((line) => !line.cancelada_at);
  const activeCents = active.reduce((sum, line) => sum + toCents(line.valor_total), 0);
  const reference = detail?.referencia ?? detail?.reserva?.referencia ?? (order.referencia as string | undefined);
  // what the order's discount code took off each line (the booking's view of the same lines)
  const discountOf = (lineId: number) => Number(detail?.reserva?.lineas.find((l) => Number(l.id) === lineId)?.descuento ?? 0);
  const code = detail?.reserva?.codigo_descuento ?? null;
  // the gift card that paid part or all of it, and what it may still get back (decision 0024: refunds go to it first)
  const card = detail?.reserva?.tarjeta_regalo ?? null;
  const cardPaid = Number(detail?.reserva?.pagado_con_tarjeta ?? 0);
  const cardBackCents = (detail?.reembolsos ?? []).filter((r) => r.estado !== "fallido").reduce((sum, r) => sum + toCents(Number(r.a_tarjeta)), 0);
  const payment: RefundPayment = { tarjeta: card, tarjetaLeftCents: Math.max(0, toCents(cardPaid) - cardBackCents) };
  return (
    <Dialog open onClose={onClose} maxWidth="xl" fullWidth aria-labelledby="detalle-title">
      <DialogTitle id="detalle-title" ref={titleRef} tabIndex={-1}>
        Detalle del pedido #{String(order.id)} · {String(order.nombre)} {String(order.apellido)}
      </DialogTitle>
      <DialogContent dividers>
        {error ? (
          <Typography color="error">No fue posible cargar el detalle del pedido.</Typography>
        ) : !detail ? (
          <LoadingText text={LABELS.cargandoInformacionPanel} />
        ) : (
          <>
            <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: "wrap", alignItems: "center" }}>
              <Typography>
                Referencia: <strong data-testid="pedido-referencia">{reference ?? "—"}</strong>
              </Typography>
              <OrderStateChip state={detail.reserva?.situacion ?? (order.situacion as string | undefined)} />
              {detail.reserva && detail.reserva.reembolsado > 0 ? (
                <Typography sx={numeric} data-testid="pedido-reembolsado">
                  Reembolsado: <strong>{usd(detail.reserva.reembolsado)}</strong>
                </Typography>
              ) : null}
            </Stack>
            <Buyer order={order} />
            <Comment text={detail.comentario ?? (order.comentario as string | undefined)} />
            <Box sx={{ overflowX: "auto" }}>
              <Table size="small" aria-label="Lineas del pedido" sx={{ "& th, & td": { px: 1 }, "& th": { lineHeight: 1.3 } }}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ minWidth: 160 }}>Tour</TableCell>
                    <TableCell>Fecha</TableCell>
                    <TableCell align="right">{TRAVELLER_LABELS_ES.mayores15}</TableCell>
                    <TableCell align="right">{TRAVELLER_LABELS_ES.menoresde15_a4}</TableCell>
                    <TableCell align="right">{TRAVELLER_LABELS_ES.menores3}</TableCell>
                    <TableCell align="right">{TRAVELLER_LABELS_ES.mascotas}</TableCell>
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
                      <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDiaCorto(line.fecha_tour)}</TableCell>
                      <TableCell align="right">{line.mayores15}</TableCell>
                      <TableCell align="right">{line.menoresde15_a4}</TableCell>
                      <TableCell align="right">{line.menores3}</TableCell>
                      <TableCell align="right">{line.mascotas}</TableCell>
                      <TableCell align="right" sx={numeric}>
                        {usd(line.valor)}
                      </TableCell>
                      <TableCell align="right" sx={numeric} data-testid="linea-valor-total">
                        {usd(line.valor_total)}
                        {discountOf(Number(line.id)) > 0 ? (
                          <Typography component="span" variant="body2" sx={{ display: "block", color: "text.secondary" }}>
                            −{usd(discountOf(Number(line.id)))} con el código
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell>
                        <LineState line={line} />
                      </TableCell>
                      <TableCell>
                        <Link href={`/actividades/detalle/local/${line.id_tour}`} target="_blank" rel="noopener" sx={{ display: "inline-block", minHeight: 24, lineHeight: "24px" }}>
                          {LABELS.verTour}
                        </Link>
                        {refundable && !line.cancelada_at && detail.reserva?.canal !== "octo" ? (
                          <Button size="small" sx={{ ml: 1 }} onClick={(e) => openFrom(e, () => setMoving(line))} data-testid="cambiar-fecha">
                            Cambiar fecha
                          </Button>
                        ) : null}
                        {refundable && !line.cancelada_at && lines.length > 1 ? (
                          <Button
                            size="small"
                            color="error"
                            sx={{ ml: 1 }}
                            onClick={(e) => openFrom(e, () => setTarget({ linea: line, montoCents: toCents(line.valor_total) }))}
                          >
                            Cancelar línea
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            {code && detail.reserva && detail.reserva.descuento > 0 ? (
              <Typography sx={{ mt: 2, textAlign: "right", ...numeric }} data-testid="pedido-codigo">
                Código de descuento <strong>{code}</strong>: −{usd(detail.reserva.descuento)}
              </Typography>
            ) : null}
            <Typography sx={{ mt: code ? 0.5 : 2, textAlign: "right", ...numeric }}>
              Total del pedido: <strong>{usd(order.valor_total)}</strong>
            </Typography>
            {card && cardPaid > 0 ? (
              <Typography sx={{ mt: 0.5, textAlign: "right", ...numeric }} data-testid="pedido-tarjeta">
                Tarjeta regalo {card}: <strong>{usd(cardPaid)}</strong>
              </Typography>
            ) : null}
            <DateChanges changes={detail.cambios} />
            <Refunds refunds={detail.reembolsos} />
            <Mails mails={detail.correos} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        {detail && refundable && active.length > 0 ? (
          <Button color="error" onClick={(e) => openFrom(e, () => setTarget({ montoCents: activeCents }))} sx={{ mr: "auto" }}>
            {active.length === lines.length ? "Cancelar y reembolsar el pedido" : "Cancelar y reembolsar lo que queda"}
          </Button>
        ) : null}
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
      {moving ? (
        <DateChangeDialog
          order={order}
          linea={moving}
          tourName={tourName(Number(moving.id_tour))}
          onClose={() => closeInner(false)}
          onDone={changed}
        />
      ) : null}
      {target ? (
        <RefundDialog
          order={order}
          target={target}
          payment={payment}
          tourName={tourName}
          onClose={() => closeInner(false)}
          onDone={changed}
        />
      ) : null}
    </Dialog>
  );
}
