import { DateField, Datagrid, List, SearchInput, TextField } from "react-admin";
import { wideTable } from "../../lib/tables";
import { LoadingText } from "../../lib/LoadingText";
import { LABELS } from "@tours/domain";

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Buscar" />];

/** Read-only: the rewards information requests sent from /rewards. */
export function RewardsRequestList() {
  return (
    <List
      title="Rewards"
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
        <TextField source="telefono" label="Telefono" sortable={false} />
        <DateField source="createdAt" label="Fecha" showTime locales="es-CO" />
      </Datagrid>
    </List>
  );
}
