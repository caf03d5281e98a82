import { BooleanInput, NumberInput, TextInput, required } from "react-admin";

export function PaisInputs() {
  return (
    <>
      <TextInput source="nombre" label="Nombre" validate={required("El nombre es obligatorio")} fullWidth />
      <NumberInput source="prefijo" label="Prefijo" min={1} step={1} validate={required("El prefijo es obligatorio")} />
      <BooleanInput source="destacado" label="Destacado" />
      <TextInput
        source="freetour_id"
        label="ID de free tours"
        helperText="Identificador del país en el proveedor de free tours (opcional)"
        fullWidth
      />
    </>
  );
}
