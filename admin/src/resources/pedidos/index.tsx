import { useState } from "react";
import {
  Button,
  Datagrid,
  FunctionField,
  List,
  ReferenceField,
  SearchInput,
  TextField,
  useRecordContext,
  type RaRecord,
} from "react-admin";
import ReceiptIcon from "@mui/icons-material/Receipt";
import { LABELS } from "@tours/domain";
import { numeric, wideTable } from "../../lib/tables";
import { LoadingText } from "../../lib/LoadingText";
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
        <FunctionField label="Canal" source="canal" sortable={false} render={(r: RaRecord) => <Channel order={r} />} />
        <FunctionField label="Estado" source="status" sortBy="status" render={(r: RaRecord) => <PaymentState paid={Boolean(r.status)} />} />
        <FunctionField label="Acciones" render={() => <DetailButton />} />
      </Datagrid>
    </List>
  );
}
