import { useState, type ReactNode } from "react";
import {
  BooleanField,
  Button,
  Confirm,
  Datagrid,
  FunctionField,
  ImageField,
  ImageInput,
  List,
  SaveButton,
  SearchInput,
  SimpleForm,
  TextField,
  Toolbar,
  TopToolbar,
  useDataProvider,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from "react-admin";
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Typography } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import CloseIcon from "@mui/icons-material/Close";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { imageSrc } from "../providers/config";
import { IMAGE_ACCEPT } from "./files";
import { wideTable } from "./tables";
import { LoadingText } from "./LoadingText";
import { useToasts } from "./useToasts";
import { LABELS, MSG } from "@tours/domain";

/** The spec §8 toasts of one place resource (countries or cities). */
export interface PlaceMessages {
  created: string;
  updated: string;
  deleted: string;
}

const CREATE_ERROR = MSG.errorCrearRegistro;
const UPDATE_ERROR = MSG.errorServidor;
const DELETE_ERROR = MSG.errorEliminarItem;
const IMAGE_UPDATED = MSG.imagenActualizada;

export interface PlaceAdminProps {
  resource: "pais" | "ciudades";
  title: string;
  /** Dialog titles, e.g. "Nuevo país" / "Editar país". */
  newTitle: string;
  editTitle: string;
  messages: PlaceMessages;
  /** The column after Nombre: Prefijo (countries) or Pais (cities). */
  secondColumn: ReactNode;
  /** The fields of the create/edit form besides the image. */
  inputs: ReactNode;
}

const fotoRequired = (value: unknown) =>
  (Array.isArray(value) ? value.length : value ? 1 : 0) > 0 ? undefined : MSG.imagenRequerida;

function PlaceDialog({
  props,
  record,
  onClose,
}: {
  props: PlaceAdminProps;
  record?: RaRecord;
  onClose: () => void;
}) {
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const toasts = useToasts();
  const editing = record !== undefined;

  const submit = async (values: Record<string, unknown>) => {
    if (editing) {
      const hasImage = Boolean(values.foto);
      const done = await toasts.run({ success: props.messages.updated, error: UPDATE_ERROR, showApiErrors: true }, () =>
        dataProvider.update(props.resource, { id: record.id, data: values, previousData: record }),
      );
      if (!done) return;
      if (hasImage) toasts.notify(IMAGE_UPDATED, { type: "success" });
    } else {
      const done = await toasts.run({ success: props.messages.created, error: CREATE_ERROR, showApiErrors: true }, () =>
        dataProvider.create(props.resource, { data: values }),
      );
      if (!done) return;
    }
    refresh();
    onClose();
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="place-dialog-title">
      <DialogTitle id="place-dialog-title" sx={{ pr: 6 }}>
        {editing ? props.editTitle : props.newTitle}
        <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: "absolute", right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <SimpleForm
          record={record ?? { destacado: false }}
          onSubmit={submit}
          toolbar={
            <Toolbar>
              <SaveButton label={editing ? LABELS.guardarCambios : "Crear"} alwaysEnable />
            </Toolbar>
          }
        >
          {props.inputs}
          {editing && record.imagen ? (
            <Box sx={{ mb: 1 }}>
              <Typography variant="caption" color="text.secondary">
                Imagen actual
              </Typography>
              <Box
                component="img"
                src={imageSrc(String(record.imagen))}
                alt={`Imagen de ${String(record.nombre)}`}
                sx={{ display: "block", maxHeight: 120, borderRadius: 1 }}
              />
            </Box>
          ) : null}
          <ImageInput
            source="foto"
            label={editing ? "Reemplazar imagen" : "Imagen"}
            accept={IMAGE_ACCEPT}
            validate={editing ? undefined : fotoRequired}
            placeholder={<p>Arrastre una imagen aquí o haga clic para elegirla.</p>}
          >
            <ImageField source="src" title="title" />
          </ImageInput>
        </SimpleForm>
      </DialogContent>
    </Dialog>
  );
}

function RowActions({ props }: { props: PlaceAdminProps }) {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const toasts = useToasts();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;
  const remove = async () => {
    setConfirming(false);
    const done = await toasts.run({ success: props.messages.deleted, error: DELETE_ERROR, showApiErrors: true }, () =>
      dataProvider.delete(props.resource, { id: record.id, previousData: record }),
    );
    if (done) refresh();
  };
  return (
    <Box sx={{ display: "flex", gap: 0.5 }}>
      <Button label="Editar" onClick={() => setEditing(true)}>
        <EditIcon />
      </Button>
      <Button label="Eliminar" color="error" onClick={() => setConfirming(true)}>
        <DeleteIcon />
      </Button>
      {editing && <PlaceDialog props={props} record={record} onClose={() => setEditing(false)} />}
      <Confirm
        isOpen={confirming}
        title={`Eliminar "${String(record.nombre)}"`}
        content="¿Desea eliminar este registro?"
        confirm="Eliminar"
        cancel="Cancelar"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

function Actions({ onNew }: { onNew: () => void }) {
  return (
    <TopToolbar>
      <Button label="Nuevo" onClick={onNew} variant="contained">
        <AddIcon />
      </Button>
    </TopToolbar>
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Buscar" />];

/** Countries and cities: a table with ID, Nombre, Prefijo|Pais, Imagen, Destacado, Acciones; Nuevo and Editar in modals. */
export function PlaceAdmin(props: PlaceAdminProps) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <List
        resource={props.resource}
        title={props.title}
        actions={<Actions onNew={() => setCreating(true)} />}
        filters={filters}
        sort={{ field: "id", order: "ASC" }}
        perPage={25}
        exporter={false}
        loading={<LoadingText text={LABELS.cargandoInformacionPanel} />}
      >
        <Datagrid bulkActionButtons={false} rowClick={false} size="small" sx={wideTable}>
          <TextField source="id" label="ID" />
          <TextField source="nombre" label="Nombre" />
          {props.secondColumn}
          <FunctionField
            label="Imagen"
            sortable={false}
            render={(r: RaRecord) =>
              r.imagen ? (
                <Box
                  component="img"
                  src={imageSrc(String(r.imagen))}
                  alt={`Imagen de ${String(r.nombre)}`}
                  loading="lazy"
                  sx={{ width: 96, height: 64, objectFit: "cover", borderRadius: 1 }}
                />
              ) : (
                "—"
              )
            }
          />
          <BooleanField source="destacado" label="Destacado" />
          <FunctionField label="Acciones" render={() => <RowActions props={props} />} />
        </Datagrid>
      </List>
      {creating && <PlaceDialog props={props} onClose={() => setCreating(false)} />}
    </>
  );
}
