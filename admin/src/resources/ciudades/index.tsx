import { ReferenceField, TextField } from "react-admin";
import { PlaceAdmin } from "../../lib/PlaceAdmin";
import { CityInputs } from "./CityInputs";
import { MSG } from "@tours/domain";

export function CityList() {
  return (
    <PlaceAdmin
      resource="ciudades"
      title="Ciudades"
      newTitle="Nueva ciudad"
      editTitle="Editar ciudad"
      messages={{
        created: MSG.ciudadCreada,
        updated: MSG.ciudadActualizada,
        deleted: MSG.ciudadEliminada,
      }}
      secondColumn={
        <ReferenceField source="pais" reference="pais" label="Pais" link={false}>
          <TextField source="nombre" />
        </ReferenceField>
      }
      inputs={<CityInputs />}
    />
  );
}
