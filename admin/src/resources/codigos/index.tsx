import {
  AutocompleteArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  NumberInput,
  ReferenceArrayInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
  useNotify,
  useRedirect,
  type RaRecord,
} from "react-admin";
import { Box, Typography } from "@mui/material";
import { formatUSD, toCents } from "@tours/domain";
import { DateInputEs } from "../../lib/DateInputEs";
import { dateEs } from "../../lib/dates";
import { numeric, wideTable } from "../../lib/tables";

/*
 * Códigos de descuento (issue 25, decision 0021): a percentage or a fixed USD amount, for every tour or chosen ones,
 * for bookings made and/or departures between two dates, with total and per e-mail uses. The API counts the uses
 * (orders that hold the code) and the money they took off; every change is recorded in Actividad.
 */

const TIPOS = [
  { id: "porcentaje", name: "Porcentaje (%)" },
  { id: "monto", name: "Monto fijo (USD)" },
];

function discountText(record: RaRecord): string {
  return record.tipo === "porcentaje" ? `${String(record.valor)} %` : formatUSD(toCents(Number(record.valor)));
}

function rangeText(from: unknown, to: unknown): string {
  if (!from && !to) return "Siempre";
  if (from && to) return `${dateEs(String(from))} – ${dateEs(String(to))}`;
  return from ? `Desde ${dateEs(String(from))}` : `Hasta ${dateEs(String(to))}`;
}

export function CodeList() {
  return (
    <List title="Códigos de descuento" sort={{ field: "id", order: "DESC" }} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false} sx={wideTable}>
        <TextField source="codigo" label="Código" />
        <FunctionField label="Descuento" render={discountText} sx={numeric} />
        <FunctionField label="Tours" render={(r: RaRecord) => (Array.isArray(r.tours) ? `${r.tours.length} elegidos` : "Todos")} />
        <FunctionField label="Reservas" render={(r: RaRecord) => rangeText(r.reserva_desde, r.reserva_hasta)} />
        <FunctionField label="Salidas" render={(r: RaRecord) => rangeText(r.salida_desde, r.salida_hasta)} />
        <FunctionField
          label="Usos"
          sortable={false}
          render={(r: RaRecord) => (r.usos_max ? `${String(r.usos)} de ${String(r.usos_max)}` : String(r.usos))}
          sx={numeric}
        />
        <FunctionField label="Descontado" sortable={false} render={(r: RaRecord) => formatUSD(toCents(Number(r.descontado)))} sx={numeric} />
        <BooleanField source="activo" label="Activo" />
      </Datagrid>
    </List>
  );
}

const positive = (value: unknown) => (value === null || value === undefined || value === "" || Number(value) > 0 ? undefined : "Debe ser mayor que 0");

function CodeInputs() {
  return (
    <>
      <TextInput source="codigo" label="Código" validate={required("El código es obligatorio")} helperText="Letras, números y guiones; mayúsculas y minúsculas dan igual" />
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
        <SelectInput source="tipo" label="Tipo" choices={TIPOS} validate={required("Indique el tipo")} />
        <NumberInput source="valor" label="Valor (% o USD)" validate={[required("Indique el valor"), positive]} />
      </Box>
      <ReferenceArrayInput source="tours" reference="destinos" perPage={200} sort={{ field: "nombre", order: "ASC" }}>
        <AutocompleteArrayInput optionText="nombre" label="Tours (vacío: todos)" sx={{ minWidth: 320 }} />
      </ReferenceArrayInput>
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        Reservas hechas entre
      </Typography>
      <Box sx={{ display: "flex", gap: 2, mb: 2 }}>
        <DateInputEs source="reserva_desde" label="Desde" />
        <DateInputEs source="reserva_hasta" label="Hasta" />
      </Box>
      <Typography variant="subtitle2" component="h2">
        Salidas entre
      </Typography>
      <Box sx={{ display: "flex", gap: 2, mb: 2 }}>
        <DateInputEs source="salida_desde" label="Desde" />
        <DateInputEs source="salida_hasta" label="Hasta" />
      </Box>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
        <NumberInput source="usos_max" label="Usos en total (vacío: sin límite)" validate={positive} />
        <NumberInput source="usos_por_email" label="Usos por e-mail (vacío: sin límite)" validate={positive} />
      </Box>
      <BooleanInput source="activo" label="Activo" />
    </>
  );
}

/** A saved code says so (a success toast, not react-admin's generic one) and the list shows it with its uses. */
function useSaved(message: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(message, { type: "success" });
      redirect("list", "codigos");
    },
  };
}

export function CodeCreate() {
  return (
    <Create title="Nuevo código de descuento" mutationOptions={useSaved("Código de descuento creado")}>
      <SimpleForm defaultValues={{ tipo: "porcentaje", activo: true }}>
        <CodeInputs />
      </SimpleForm>
    </Create>
  );
}

export function CodeEdit() {
  return (
    <Edit title="Editar código de descuento" mutationMode="pessimistic" mutationOptions={useSaved("Código de descuento guardado")}>
      <SimpleForm>
        <CodeInputs />
      </SimpleForm>
    </Edit>
  );
}
