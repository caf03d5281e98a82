import { DateField, TextField } from "react-admin";
import { ReadOnlyList } from "../../lib/ReadOnlyList";
import { DATE_TIME_OPTIONS } from "../../lib/dates";

/** Read-only: the rewards information requests sent from /rewards. */
export function RewardsRequestList() {
  return (
    <ReadOnlyList title="Rewards" searchPlaceholder="Buscar">
      <TextField source="id" label="ID" />
      <TextField source="nombre" label="Nombre" />
      <TextField source="apellido" label="Apellido" />
      <TextField source="email" label="Email" />
      <TextField source="telefono" label="Telefono" sortable={false} />
      <DateField source="createdAt" label="Fecha" showTime locales="es-CO" options={DATE_TIME_OPTIONS} />
    </ReadOnlyList>
  );
}
