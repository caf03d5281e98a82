import { useState } from "react";
import { Button, FunctionField, ReferenceField, SelectInput, TextField, useRecordContext, type RaRecord } from "react-admin";
import { Box, Typography } from "@mui/material";
import ReceiptIcon from "@mui/icons-material/Receipt";
import { ORDER_STATES, orderStateLabel } from "@tours/domain";
import { numeric } from "../../lib/tables";
import { ReadOnlyList } from "../../lib/ReadOnlyList";
import { usd } from "../../lib/money";
import { OrderDetail } from "./OrderDetail";
import { OrderStateChip } from "./states";

/**
 * Pedidos: every order, searched by name or reference and filtered by its state (derived by the API:
 * docs/decisions/0015), with who bought, which tours and dates, the total and a detail per order. Fits 1366 px:
 * phones and address are in the detail.
 */

function DetailButton() {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button label="Detalle" onClick={() => setOpen(true)}>
        <ReceiptIcon />
      </Button>
      {open && <OrderDetail order={record} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The reseller and its reference for an OCTO booking (paid by the reseller, not through PayPal). */
function Channel({ order }: { order: RaRecord }) {
  if (order.canal !== "octo") return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="canal-revendedor">
      {order.revendedor_id ? (
        <ReferenceField source="revendedor_id" reference="revendedores" link={false} record={order}>
          <TextField source="nombre" />
        </ReferenceField>
      ) : (
        "Revendedor"
      )}
      {order.revendedor_referencia ? ` · ${String(order.revendedor_referencia)}` : ""}
    </Typography>
  );
}

function Buyer({ order }: { order: RaRecord }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">
        {String(order.nombre)} {String(order.apellido)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
        {String(order.email)}
      </Typography>
    </Box>
  );
}

interface LineSummary {
  tour: string;
  fecha: string;
  cancelada: boolean;
}

function ToursAndDates({ order }: { order: RaRecord }) {
  const lines = (order.lineas ?? []) as LineSummary[];
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }} data-testid="pedido-tours">
      {lines.map((l, i) => (
        <Typography component="li" variant="body2" key={i} sx={l.cancelada ? { textDecoration: "line-through", color: "text.secondary" } : undefined}>
          {l.tour} · <span style={{ whiteSpace: "nowrap" }}>{l.fecha}</span>
          {l.cancelada ? " (cancelada)" : ""}
        </Typography>
      ))}
    </Box>
  );
}

const STATE_CHOICES = ORDER_STATES.map((id) => ({ id, name: orderStateLabel(id) }));
const STATE_FILTER = [
  <SelectInput key="situacion" source="situacion" label="Estado" choices={STATE_CHOICES} alwaysOn emptyText="Todos" sx={{ minWidth: 240 }} />,
];

export function OrderList() {
  return (
    <ReadOnlyList title="Pedidos" searchPlaceholder="Buscar pedido o referencia" extraFilters={STATE_FILTER}>
      <FunctionField
        label="Referencia"
        source="id"
        render={(r: RaRecord) => (
          <>
            <Typography variant="body2" sx={{ whiteSpace: "nowrap", fontWeight: 500 }}>
              {String(r.referencia ?? `#${String(r.id)}`)}
            </Typography>
            <Channel order={r} />
          </>
        )}
      />
      <FunctionField label="Comprador" source="apellido" render={(r: RaRecord) => <Buyer order={r} />} />
      <FunctionField label="Tours y fechas" sortable={false} render={(r: RaRecord) => <ToursAndDates order={r} />} />
      <FunctionField label="Estado" source="situacion" render={(r: RaRecord) => <OrderStateChip state={r.situacion as string | undefined} />} />
      <FunctionField label="Valor total" source="valor_total" sortBy="valor_total" render={(r: RaRecord) => usd(r.valor_total)} sx={numeric} />
      <FunctionField label="Detalle" render={() => <DetailButton />} />
    </ReadOnlyList>
  );
}
