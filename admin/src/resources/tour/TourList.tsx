import { useState } from "react";
import {
  BooleanField,
  Button,
  Confirm,
  CreateButton,
  Datagrid,
  EditButton,
  FunctionField,
  List,
  ReferenceField,
  SearchInput,
  TextField,
  TopToolbar,
  useDataProvider,
  useRecordContext,
  useRefresh,
} from "react-admin";
import { Box } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import PhotoLibraryIcon from "@mui/icons-material/PhotoLibrary";
import EventAvailableIcon from "@mui/icons-material/EventAvailable";
import { LABELS, MSG } from "@tours/domain";
import { numeric, wideTable } from "../../lib/tables";
import { usd } from "../../lib/money";
import { LoadingText } from "../../lib/LoadingText";
import { useToasts } from "../../lib/useToasts";
import { PhotoManager } from "./PhotoManager";
import { ScheduleManager } from "./ScheduleManager";

function ToggleToCreate() {
  return (
    <TopToolbar>
      <CreateButton label={LABELS.nuevoTour} icon={<AddIcon />} />
    </TopToolbar>
  );
}

function DeleteTourButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const toasts = useToasts();
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;
  const remove = async () => {
    setConfirming(false);
    const done = await toasts.run(
      {
        pending: MSG.eliminandoItem,
        success: MSG.itemEliminado,
        error: MSG.errorInesperadoSoporte,
        showApiErrors: true,
      },
      () => dataProvider.delete("destinos", { id: record.id, previousData: record }),
    );
    if (done) refresh();
  };
  return (
    <>
      <Button label="Eliminar" color="error" onClick={() => setConfirming(true)}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title={`Eliminar "${String(record.nombre)}"`}
        content="Se eliminarán también sus fotos y horarios. ¿Desea continuar?"
        confirm="Eliminar"
        cancel="Cancelar"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function RowActions() {
  const record = useRecordContext();
  const [dialog, setDialog] = useState<"fotos" | "horarios" | null>(null);
  if (!record) return null;
  const tour = { id: Number(record.id), nombre: String(record.nombre) };
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
      <DeleteTourButton />
      <EditButton label="Editar" />
      <Button label="Imagenes" onClick={() => setDialog("fotos")}>
        <PhotoLibraryIcon />
      </Button>
      <Button label="Disponibilidad" onClick={() => setDialog("horarios")}>
        <EventAvailableIcon />
      </Button>
      {dialog === "fotos" && <PhotoManager tour={tour} onClose={() => setDialog(null)} />}
      {dialog === "horarios" && <ScheduleManager tour={tour} onClose={() => setDialog(null)} />}
    </Box>
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Buscar tour" />];

export function TourList() {
  return (
    <List
      title="Destinos"
      actions={<ToggleToCreate />}
      filters={filters}
      sort={{ field: "id", order: "DESC" }}
      perPage={25}
      exporter={false}
      loading={<LoadingText text={LABELS.cargandoInformacionPanel} />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} size="small" sx={wideTable}>
        <TextField source="nombre" label="Nombre" />
        <FunctionField
          label="Precio"
          source="precio"
          sortBy="precio"
          render={(r: { precio?: number }) => usd(r.precio)}
          sx={numeric}
        />
        <TextField source="nombre_hotel" label="Hotel" />
        <BooleanField source="habitacion_individual" label="H-individual" sortable={false} />
        <BooleanField source="habitacion_doble" label="H-doble" sortable={false} />
        <BooleanField source="habitacion_triple" label="H-triple" sortable={false} />
        <TextField source="duracion" label="Duracion" />
        <BooleanField source="mascotas" label="Mascotas" />
        <TextField source="punto_encuentro" label="Punto_encuentro" sortable={false} />
        <BooleanField source="reembolsable" label="Reembolsable" />
        <ReferenceField source="pais" reference="pais" label="Pais" link={false}>
          <TextField source="nombre" />
        </ReferenceField>
        <ReferenceField source="ciudad" reference="ciudades" label="Ciudad" link={false}>
          <TextField source="nombre" />
        </ReferenceField>
        <FunctionField label="Acciones" render={() => <RowActions />} />
      </Datagrid>
    </List>
  );
}
