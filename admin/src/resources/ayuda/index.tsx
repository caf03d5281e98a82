import { DateField, TextField } from "react-admin";
import { ReadOnlyList } from "../../lib/ReadOnlyList";
import { DATE_TIME_OPTIONS } from "../../lib/dates";

/** Read-only: the support requests sent from /ayuda. */
export function HelpRequestList() {
  return (
    <ReadOnlyList title="Ayuda" searchPlaceholder="Buscar">
      <TextField source="id" label="ID" />
      <TextField source="nombre" label="Nombre" />
      <TextField source="apellido" label="Apellido" />
      <TextField source="email" label="Email" />
      <TextField source="telefono" label="Telefono" sortable={false} />
      <TextField source="comentario" label="Comentario" sortable={false} sx={{ whiteSpace: "pre-wrap" }} />
      <DateField source="createdAt" label="Fecha" showTime locales="es-CO" options={DATE_TIME_OPTIONS} />
    </ReadOnlyList>
  );
}
