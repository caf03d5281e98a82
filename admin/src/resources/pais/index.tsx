import { TextField } from "react-admin";
import { PlaceAdmin } from "../../lib/PlaceAdmin";
import { CountryInputs } from "./CountryInputs";
import { MSG } from "@tours/domain";

export function CountryList() {
  return (
    <PlaceAdmin
      resource="pais"
      title="Países"
      newTitle="Nuevo país"
      editTitle="Editar país"
      messages={{ created: MSG.paisCreado, updated: MSG.paisActualizado, deleted: MSG.paisEliminado }}
      secondColumn={<TextField source="prefijo" label="Prefijo" />}
      inputs={<CountryInputs />}
    />
  );
}
