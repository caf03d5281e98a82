import { TextField } from "react-admin";
import { PlaceAdmin } from "../../lib/PlaceAdmin";
import { PaisInputs } from "./PaisInputs";
import { MSG } from "@tours/domain";

export function PaisList() {
  return (
    <PlaceAdmin
      resource="pais"
      title="Países"
      newTitle="Nuevo país"
      editTitle="Editar país"
      messages={{ created: MSG.paisCreado, updated: MSG.paisActualizado, deleted: MSG.paisEliminado }}
      secondColumn={<TextField source="prefijo" label="Prefijo" />}
      inputs={<PaisInputs />}
    />
  );
}
