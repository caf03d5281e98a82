import type { ReactNode } from "react";
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { PedidoDetalle } from "@tours/contract";
import { formatUSD, toCents } from "@tours/domain";
import { StateChip } from "../../lib/StateChip";
import { numeric } from "../../lib/tables";
import { usd } from "../../lib/money";
import { MAIL_KINDS, MAIL_STATES, REFUND_STATES, when } from "./states";

/** What happened to an order after its purchase: its refunds and the e-mails sent about it. */

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

/** A failure's reason under its state chip. */
function Failure({ text }: { text: string | null | undefined }) {
  return text ? (
    <Typography variant="body2" color="error">
      {text}
    </Typography>
  ) : null;
}

/** Who asked for a refund or a date change: the buyer in "Mi reserva", or a member of staff (by name when known). */
function requestedBy({ por, usuario }: { por: string; usuario?: string | null }): string {
  return por === "cliente" ? "El comprador (Mi reserva)" : `Equipo${usuario ? ` · ${usuario}` : ""}`;
}

/**
 * Where a refund's money went (decision 0024): back to the gift card that paid the order (its part), onto a new card
 * for the buyer, and the rest through PayPal.
 */
function RefundDestination({ refund }: { refund: PedidoDetalle["reembolsos"][number] }) {
  const cardCents = toCents(Number(refund.a_tarjeta));
  const restCents = toCents(Number(refund.monto)) - cardCents;
  const parts: string[] = [];
  if (cardCents > 0) parts.push(`${formatUSD(cardCents)} a la tarjeta que pagó`);
  if (restCents > 0 || parts.length === 0) {
    const where = refund.tarjeta_nueva ? `tarjeta regalo nueva ${refund.tarjeta_nueva}` : "PayPal";
    parts.push(cardCents > 0 ? `${formatUSD(restCents)} a ${where}` : where);
  }
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }}>
      {parts.map((p) => (
        <Typography component="li" variant="body2" key={p}>
          {p}
        </Typography>
      ))}
    </Box>
  );
}

export function Refunds({ refunds }: { refunds: PedidoDetalle["reembolsos"] }) {
  return (
    <Section title="Reembolsos">
      {refunds.length === 0 ? (
        <Typography color="text.secondary">Sin reembolsos.</Typography>
      ) : (
        <Table size="small" aria-label="Reembolsos">
          <TableHead>
            <TableRow>
              <TableCell>Fecha</TableCell>
              <TableCell align="right">Monto</TableCell>
              <TableCell>Adónde</TableCell>
              <TableCell>Estado</TableCell>
              <TableCell>Pedido por</TableCell>
              <TableCell>Motivo</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {refunds.map((r) => (
              <TableRow key={r.id} data-testid="reembolso">
                <TableCell>{when(r.created_at)}</TableCell>
                <TableCell align="right" sx={numeric}>
                  {usd(r.monto)}
                </TableCell>
                <TableCell data-testid="reembolso-destino">
                  <RefundDestination refund={r} />
                </TableCell>
                <TableCell>
                  <StateChip look={REFUND_STATES[r.estado]} fallback={r.estado} />
                  <Failure text={r.error} />
                </TableCell>
                <TableCell>{requestedBy(r)}</TableCell>
                <TableCell>{r.motivo ?? "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

/** What each state of a date change means, for the panel. */
const CHANGE_STATES: Record<string, string> = {
  por_pagar: "Esperando el pago de la diferencia",
  pagado: "Diferencia pagada, por mover",
  hecho: "Hecho",
  reembolso_pendiente: "Hecho · devolución pendiente",
  por_devolver: "No movida · devolución pendiente",
  devuelto: "No movida · diferencia devuelta",
  fallido: "Fallido",
  anulado: "Anulado",
};

export function DateChanges({ changes }: { changes: PedidoDetalle["cambios"] }) {
  if (changes.length === 0) return null;
  return (
    <Section title="Cambios de fecha">
      <Table size="small" aria-label="Cambios de fecha">
        <TableHead>
          <TableRow>
            <TableCell>Fecha</TableCell>
            <TableCell>De</TableCell>
            <TableCell>A</TableCell>
            <TableCell align="right">Diferencia</TableCell>
            <TableCell>Estado</TableCell>
            <TableCell>Pedido por</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((c) => (
            <TableRow key={c.id} data-testid="cambio-fecha">
              <TableCell>{when(c.created_at)}</TableCell>
              <TableCell>{c.desde ?? "—"}</TableCell>
              <TableCell>{c.hacia}</TableCell>
              <TableCell align="right" sx={numeric}>
                {usd(c.diferencia)}
              </TableCell>
              <TableCell>
                {CHANGE_STATES[c.estado] ?? c.estado}
                <Failure text={c.error} />
              </TableCell>
              <TableCell>{requestedBy(c)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

export function Mails({ mails }: { mails: PedidoDetalle["correos"] }) {
  return (
    <Section title="Correos enviados">
      {mails.length === 0 ? (
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
            {mails.map((c) => (
              <TableRow key={c.id} data-testid="correo">
                <TableCell>{MAIL_KINDS[c.tipo] ?? c.tipo}</TableCell>
                <TableCell>{c.destinatario}</TableCell>
                <TableCell>{c.asunto}</TableCell>
                <TableCell>
                  <StateChip look={MAIL_STATES[c.estado]} fallback={c.estado} />
                  <Failure text={c.ultimo_error} />
                </TableCell>
                <TableCell align="right">{c.intentos}</TableCell>
                <TableCell>{when(c.enviado_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
