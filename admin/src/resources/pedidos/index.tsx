import { useState } from "react";
import {
  Button,
  Datagrid,
  FunctionField,
  List,
  ReferenceField,
  SearchInput,
  TextField,
  useGetList,
  useGetMany,
  useRecordContext,
  type RaRecord,
} from "react-admin";
import {
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  Button as MuiButton,
} from "@mui/material";
import ReceiptIcon from "@mui/icons-material/Receipt";
import { LABELS, formatUSD, toCents } from "@tours/domain";
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

interface LineRecord {
  id: number;
  id_tour: number;
  fecha_tour: string;
  mayores15: number;
  menoresde15_a4: number;
  menores3: number;
  mascotas: number;
  valor: number;
  valor_total: number;
}

function OrderLines({ pedido, onClose }: { pedido: RaRecord; onClose: () => void }) {
  const { data, isPending, error } = useGetList<LineRecord>("pedido-lineas", {
    filter: { id_pedido: pedido.id },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: "id", order: "ASC" },
  });
  // Tour names for the lines (a tour deleted since the purchase shows its number only).
  const tourIds = [...new Set((data ?? []).map((line) => line.id_tour))];
  const { data: tours } = useGetMany<{ id: number; nombre: string }>("destinos", { ids: tourIds }, { enabled: tourIds.length > 0 });
  const tourName = (id: number) => tours?.find((t) => t.id === id)?.nombre ?? `#${id}`;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="detalle-title">
      <DialogTitle id="detalle-title">
        Detalle del pedido #{String(pedido.id)} · {String(pedido.nombre)} {String(pedido.apellido)}
      </DialogTitle>
      <DialogContent dividers>
        {isPending ? (
          <LoadingText text={LABELS.cargandoInformacionPanel} />
        ) : error ? (
          <Typography color="error">No fue posible cargar el detalle del pedido.</Typography>
        ) : (
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
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((line) => (
                <TableRow key={line.id} data-testid="linea-pedido">
                  <TableCell>{tourName(line.id_tour)}</TableCell>
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
                    <Link href={`/actividades/detalle/local/${line.id_tour}`} target="_blank" rel="noopener">
                      {LABELS.verTour}
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Typography sx={{ mt: 2, textAlign: "right", ...numeric }}>
          Total del pedido: <strong>{usd(pedido.valor_total)}</strong>
        </Typography>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>Cerrar</MuiButton>
      </DialogActions>
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

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Buscar pedido" />];

export function PedidoList() {
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
