import { BooleanInput, NumberInput, SelectInput, TextInput, required } from "react-admin";
import { ZONE_CHOICES } from "../../lib/zones";

export function CountryInputs() {
  return (
    <>
      <TextInput source="nombre" label="Nombre" validate={required("El nombre es obligatorio")} fullWidth />
      <NumberInput source="prefijo" label="Prefijo" min={1} step={1} validate={required("El prefijo es obligatorio")} />
      <BooleanInput source="destacado" label="Destacado" />
      <SelectInput
        source="zona_horaria"
        label="Zona horaria"
        choices={ZONE_CHOICES}
        defaultValue="America/Bogota"
        helperText="La de sus tours, salvo que un tour indique otra"
      />
      <TextInput
        source="freetour_id"
        label="ID de free tours"
        helperText="Identificador del país en el proveedor de free tours (opcional)"
        fullWidth
      />
    </>
  );
}
