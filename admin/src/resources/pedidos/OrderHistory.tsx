import type { ReactNode } from "react";
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { PedidoDetalle } from "@tours/contract";
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
                <TableCell>
                  <StateChip look={REFUND_STATES[r.estado]} fallback={r.estado} />
                  <Failure text={r.error} />
                </TableCell>
                <TableCell>{r.por === "cliente" ? "El comprador (Mi reserva)" : `Equipo${r.usuario ? ` · ${r.usuario}` : ""}`}</TableCell>
                <TableCell>{r.motivo ?? "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
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
