import type { ReactNode } from "react";
import { FunctionField, Show, useBasename, useRecordContext, type RaRecord } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { Box, Card, CardContent, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { TarjetaDetalle } from "@tours/contract";
import { LABELS } from "@tours/domain";
import { ReadOnlyList } from "../../lib/ReadOnlyList";
import { ScrollBox } from "../../lib/ScrollBox";
import { StateChip, type StateLook } from "../../lib/StateChip";
import { LoadingText } from "../../lib/LoadingText";
import { dateEs, dateTimeEs } from "../../lib/dates";
import { signedUsd, usd } from "../../lib/money";
import { numeric } from "../../lib/tables";

/*
 * Tarjetas regalo (issue 25, decision 0024): every card with its value and what is left of it, searched by its code,
 * e-mails and names; a card's screen shows its data and every movement of its balance (what loaded it, the orders
 * it paid, what came back). Staff read them here; nothing about a card is edited in the panel.
 */

const ESTADOS: Record<string, StateLook> = {
  activa: { label: "Activa", color: "success" },
  pendiente: { label: "Pago pendiente", color: "warning" },
  fallida: { label: "Pago rechazado", color: "error" },
};
const ORIGENES: Record<string, string> = { compra: "Compra", reembolso: "Reembolso" };
const TIPOS: Record<string, string> = { carga: "Carga", pago: "Pago", devolucion: "Devolución" };

/** A link the keyboard and a finger reach: a target at least 24 px high (WCAG 2.5.8). */
const target = { display: "inline-block", minHeight: 24, lineHeight: "24px" } as const;

function CardState({ estado }: { estado: unknown }) {
  return <StateChip look={ESTADOS[String(estado)]} fallback={String(estado)} testId="tarjeta-estado" />;
}

/** The orders list searched by this booking's reference (the order's detail opens from there). */
function OrderLink({ pedidoId, referencia }: { pedidoId: number | null; referencia: string | null }) {
  const base = useBasename();
  if (pedidoId === null) return <>—</>;
  if (!referencia) return <>Pedido #{pedidoId}</>;
  const filter = encodeURIComponent(JSON.stringify({ q: referencia }));
  return (
    <Link component={RouterLink} to={`${base}/pedidos?filter=${filter}`} sx={target} data-testid="tarjeta-reserva">
      {referencia}
    </Link>
  );
}

function CodeLink({ record }: { record: RaRecord }) {
  const base = useBasename();
  return (
    <Link component={RouterLink} to={`${base}/tarjetas-regalo/${String(record.id)}/show`} sx={{ ...target, whiteSpace: "nowrap", fontFamily: "monospace" }}>
      {String(record.codigo)}
    </Link>
  );
}

function Person({ nombre, email }: { nombre: unknown; email: unknown }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{String(nombre ?? "")}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
        {String(email ?? "")}
      </Typography>
    </Box>
  );
}

// the API sorts by value, last valid day and creation (and id, the default: newest first)
export function GiftCardList() {
  return (
    <ReadOnlyList title="Tarjetas regalo" searchPlaceholder="Buscar código, correo o nombre">
      <FunctionField label="Código" sortable={false} render={(r: RaRecord) => <CodeLink record={r} />} />
      <FunctionField label="Estado" sortable={false} render={(r: RaRecord) => <CardState estado={r.estado} />} />
      <FunctionField label="Origen" sortable={false} render={(r: RaRecord) => ORIGENES[String(r.origen)] ?? String(r.origen)} />
      <FunctionField label="Valor" source="importe" render={(r: RaRecord) => usd(r.importe)} sx={numeric} />
      <FunctionField label="Saldo" sortable={false} render={(r: RaRecord) => usd(r.saldo)} sx={numeric} data-testid="tarjeta-saldo" />
      <FunctionField label="Para" sortable={false} render={(r: RaRecord) => <Person nombre={r.destinatario_nombre} email={r.destinatario_email} />} />
      <FunctionField label="Vence" source="vence_el" render={(r: RaRecord) => (r.vence_el ? dateEs(String(r.vence_el)) : "—")} sx={{ whiteSpace: "nowrap" }} />
      <FunctionField label="Creada" source="createdAt" render={(r: RaRecord) => dateEs(String(r.createdAt))} sx={{ whiteSpace: "nowrap" }} />
    </ReadOnlyList>
  );
}

/** One fact of the card: a term and its value (a description list, so a screen reader reads them in pairs). */
function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", py: 0.5 }}>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 600, minWidth: 140 }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: "anywhere" }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

function Movements({ card }: { card: TarjetaDetalle }) {
  // react-admin shows the list's copy of the card first (without its movements) while the card itself loads
  const movements = card.movimientos as TarjetaDetalle["movimientos"] | undefined;
  return (
    <Box component="section" aria-labelledby="movimientos-title" sx={{ mt: 3 }}>
      <Typography id="movimientos-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Movimientos
      </Typography>
      {!movements ? (
        <LoadingText text={LABELS.cargandoInformacionPanel} />
      ) : movements.length === 0 ? (
        <Typography color="text.secondary">Sin movimientos todavía.</Typography>
      ) : (
        <ScrollBox label="Movimientos, tabla desplazable">
          <Table size="small" aria-labelledby="movimientos-title">
            <TableHead>
              <TableRow>
                <TableCell>Fecha</TableCell>
                <TableCell>Tipo</TableCell>
                <TableCell align="right">Importe</TableCell>
                <TableCell>Reserva</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {movements.map((m) => (
                <TableRow key={m.id} data-testid="movimiento" data-tipo={m.tipo} data-cuenta={String(m.cuenta)}>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{dateTimeEs(m.createdAt)}</TableCell>
                  <TableCell data-testid="movimiento-tipo">{TIPOS[m.tipo] ?? m.tipo}</TableCell>
                  <TableCell align="right" sx={numeric}>
                    <Box component="span" data-testid="movimiento-importe" sx={m.cuenta ? undefined : { textDecoration: "line-through", color: "text.secondary" }}>
                      {signedUsd(m.importe)}
                    </Box>
                    {m.cuenta ? null : (
                      <Typography component="span" variant="body2" sx={{ display: "block", color: "text.secondary", whiteSpace: "normal" }} data-testid="movimiento-liberado">
                        liberado: la reserva no se pagó
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <OrderLink pedidoId={m.pedido_id} referencia={m.referencia} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollBox>
      )}
    </Box>
  );
}

function GiftCardDetail() {
  const record = useRecordContext<TarjetaDetalle & RaRecord>();
  const base = useBasename();
  if (!record) return <LoadingText text={LABELS.cargandoInformacionPanel} />;
  return (
    <Card>
      <CardContent>
        <Link component={RouterLink} to={`${base}/tarjetas-regalo`} sx={target}>
          ← Todas las tarjetas regalo
        </Link>
        <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 2, overflowWrap: "anywhere" }}>
          Tarjeta regalo <Box component="span" sx={{ fontFamily: "monospace" }} data-testid="tarjeta-codigo">{record.codigo}</Box>
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Fact term="Estado">
            <CardState estado={record.estado} />
          </Fact>
          <Fact term="Origen" testId="tarjeta-origen">
            {ORIGENES[record.origen] ?? record.origen}
            {record.origen === "reembolso" && record.pedido_origen_id !== null ? ` del pedido #${record.pedido_origen_id}` : ""}
          </Fact>
          <Fact term="Valor" testId="tarjeta-valor">
            {usd(record.importe)}
          </Fact>
          <Fact term="Saldo" testId="tarjeta-saldo">
            {usd(record.saldo)}
          </Fact>
          <Fact term="Vence">{record.vence_el ? dateEs(record.vence_el) : "— (aún sin pagar)"}</Fact>
          <Fact term="Compró">
            {record.comprador_nombre} · {record.comprador_email}
          </Fact>
          <Fact term="Para" testId="tarjeta-para">
            {record.destinatario_nombre} · {record.destinatario_email}
          </Fact>
          {record.mensaje ? <Fact term="Mensaje">{record.mensaje}</Fact> : null}
          <Fact term="Creada">{dateTimeEs(record.createdAt)}</Fact>
        </Box>
        <Movements card={record} />
      </CardContent>
    </Card>
  );
}

export function GiftCardShow() {
  return (
    // as the lists (PanelLayout's fitsTheScreen): the screen may be narrower than its table, which scrolls in its box
    <Show title="Tarjeta regalo" actions={false} component="div" sx={{ minWidth: 0, "& .RaShow-main, & .RaShow-card": { minWidth: 0 } }}>
      <GiftCardDetail />
    </Show>
  );
}
