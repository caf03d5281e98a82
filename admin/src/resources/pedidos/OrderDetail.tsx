import { useEffect, useState } from "react";
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
import { LABELS, toCents } from "@tours/domain";
import type { OrderActions } from "../../providers/resources/orders";
import { canRefund } from "../../lib/roles";
import { LoadingText } from "../../lib/LoadingText";
import { numeric } from "../../lib/tables";
import { usd } from "../../lib/money";
import { Mails, Refunds } from "./OrderHistory";
import { RefundDialog, type RefundTarget } from "./RefundDialog";
import { LineState, PaymentState } from "./states";

/** One order: its lines with their state, its reference, refunds and e-mails; staff with the right cancel and refund. */
export function OrderDetail({ order, onClose }: { order: RaRecord; onClose: () => void }) {
  const provider = useDataProvider() as unknown as OrderActions;
  const { permissions: rol } = usePermissions<string | undefined>();
  const refreshList = useRefresh();
  const [detail, setDetail] = useState<PedidoDetalle | null>(null);
  const [error, setError] = useState(false);
  const [version, setVersion] = useState(0);
  const [target, setTarget] = useState<RefundTarget | null>(null);
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
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="detalle-title">
      <DialogTitle id="detalle-title">
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
              <PaymentState paid={paid} />
              {detail.reserva && detail.reserva.reembolsado > 0 ? (
                <Typography sx={numeric} data-testid="pedido-reembolsado">
                  Reembolsado: <strong>{usd(detail.reserva.reembolsado)}</strong>
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
                          <Button
                            size="small"
                            color="error"
                            sx={{ ml: 1 }}
                            onClick={() => setTarget({ linea: line, montoCents: toCents(line.valor_total) })}
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
            <Typography sx={{ mt: 2, textAlign: "right", ...numeric }}>
              Total del pedido: <strong>{usd(order.valor_total)}</strong>
            </Typography>
            <Refunds refunds={detail.reembolsos} />
            <Mails mails={detail.correos} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        {detail && refundable && active.length > 0 ? (
          <Button color="error" onClick={() => setTarget({ montoCents: activeCents })} sx={{ mr: "auto" }}>
            {active.length === lines.length ? "Cancelar y reembolsar el pedido" : "Cancelar y reembolsar lo que queda"}
          </Button>
        ) : null}
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
      {target ? (
        <RefundDialog
          order={order}
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
