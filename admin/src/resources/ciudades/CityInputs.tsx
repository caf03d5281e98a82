import { BooleanInput, ReferenceInput, SelectInput, TextInput, required } from "react-admin";

export function CityInputs() {
  return (
    <>
      <TextInput source="nombre" label="Nombre" validate={required("El nombre es obligatorio")} fullWidth />
      <ReferenceInput source="pais" reference="pais" sort={{ field: "nombre", order: "ASC" }} perPage={500}>
        <SelectInput label="Pais" optionText="nombre" validate={required("Seleccione el país")} fullWidth />
      </ReferenceInput>
      <BooleanInput source="destacado" label="Destacado" />
      <TextInput
        source="freetour_id"
        label="ID de free tours"
        helperText="Identificador de la ciudad en el proveedor de free tours (opcional)"
        fullWidth
      />
    </>
  );
}
