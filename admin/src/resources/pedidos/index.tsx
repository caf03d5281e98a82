import { useState } from "react";
import { Button, FunctionField, ReferenceField, TextField, useRecordContext, type RaRecord } from "react-admin";
import ReceiptIcon from "@mui/icons-material/Receipt";
import { numeric } from "../../lib/tables";
import { ReadOnlyList } from "../../lib/ReadOnlyList";
import { usd } from "../../lib/money";
import { OrderDetail } from "./OrderDetail";
import { PaymentState } from "./states";

/** Pedidos: every order, searched by name or reference, with its payment state and a detail per order. */

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

/** Storefront, or the reseller and its reference for an OCTO booking (paid by the reseller, not through PayPal). */
function Channel({ order }: { order: RaRecord }) {
  if (order.canal !== "octo") return <>Tienda</>;
  return (
    <span data-testid="canal-revendedor">
      {order.revendedor_id ? (
        <ReferenceField source="revendedor_id" reference="revendedores" link={false} record={order}>
          <TextField source="nombre" />
        </ReferenceField>
      ) : (
        "Revendedor"
      )}
      {order.revendedor_referencia ? ` · ${String(order.revendedor_referencia)}` : ""}
    </span>
  );
}

export function OrderList() {
  return (
    <ReadOnlyList title="Pedidos" searchPlaceholder="Buscar pedido o referencia">
      <TextField source="id" label="ID" />
      <TextField source="referencia" label="Referencia" sortable={false} emptyText="—" />
      <TextField source="nombre" label="Nombre" />
      <TextField source="apellido" label="Apellido" />
      <TextField source="email" label="Email" />
      <TextField source="telefono" label="Telefono 1" sortable={false} />
      <TextField source="telefonorespaldo" label="Telefono 2" sortable={false} />
      <TextField source="direccion" label="Direccion" sortable={false} />
      <FunctionField label="Valor total" source="valor_total" sortBy="valor_total" render={(r: RaRecord) => usd(r.valor_total)} sx={numeric} />
      <FunctionField label="Canal" source="canal" sortable={false} render={(r: RaRecord) => <Channel order={r} />} />
      <FunctionField label="Estado" source="status" sortBy="status" render={(r: RaRecord) => <PaymentState paid={Boolean(r.status)} />} />
      <FunctionField label="Acciones" render={() => <DetailButton />} />
    </ReadOnlyList>
  );
}
