import { useRef } from "react";
import {
  Create,
  Edit,
  ListButton,
  SaveButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useRedirect,
  useRecordContext,
  useRefresh,
} from "react-admin";
import { AuditHistory } from "../auditoria";
import ListIcon from "@mui/icons-material/List";
import { LoadingText } from "../../lib/LoadingText";
import { useToasts } from "../../lib/useToasts";
import { TourInputs } from "./TourInputs";
import { LABELS, MSG } from "@tours/domain";

function ToggleToList() {
  return (
    <TopToolbar>
      <ListButton label={LABELS.verLista} icon={<ListIcon />} />
    </TopToolbar>
  );
}

function SubmitToolbar({ label }: { label: string }) {
  return (
    <Toolbar>
      <SaveButton label={label} alwaysEnable />
    </Toolbar>
  );
}

/**
 * Toasts of a tour save (spec §8): 'Guardando informacion' while it runs, 'Proceso finalizado...' when done,
 * else each errors[].msg of the API or 'Ocurrió un error desconocido.'. A successful save reloads the list and
 * returns to it.
 */
function useTourSaveOptions() {
  const toasts = useToasts();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const pending = useRef<ReturnType<typeof toasts.start> | null>(null);
  // The pending toast starts in `transform`, which Create and Edit call once the form is valid, just before
  // the call (react-admin's Edit does not forward onMutate).
  const transform = (data: Record<string, unknown>) => {
    pending.current = toasts.start(MSG.guardandoInformacion);
    return data;
  };
  const mutationOptions = {
    onSuccess: () => {
      pending.current?.success(MSG.procesoFinalizado);
      pending.current = null;
      refresh();
      redirect("list", "destinos");
    },
    onError: (error: unknown) => {
      if (pending.current) pending.current.fail(error, MSG.errorDesconocido, true);
      else toasts.error(error, MSG.errorDesconocido, true);
      pending.current = null;
    },
  };
  return { transform, mutationOptions };
}

const defaults = {
  habitacion_individual: false,
  habitacion_doble: false,
  habitacion_triple: false,
  mascotas: false,
  reembolsable: false,
};

export function TourCreate() {
  const { transform, mutationOptions } = useTourSaveOptions();
  return (
    <Create
      title={LABELS.nuevoTour}
      actions={<ToggleToList />}
      transform={transform}
      mutationOptions={mutationOptions}
      redirect={false}
    >
      <SimpleForm defaultValues={defaults} toolbar={<SubmitToolbar label={LABELS.crearTour} />} warnWhenUnsavedChanges={false}>
        <TourInputs withFotos />
      </SimpleForm>
    </Create>
  );
}

function TourAuditHistory() {
  const record = useRecordContext<{ id: number }>();
  return <AuditHistory recurso="tour" id={record?.id} />;
}

export function TourEdit() {
  const { transform, mutationOptions } = useTourSaveOptions();
  return (
    <Edit
      title="Editar tour"
      actions={<ToggleToList />}
      mutationMode="pessimistic"
      transform={transform}
      mutationOptions={mutationOptions}
      redirect={false}
      loading={<LoadingText text={LABELS.cargandoInformacionPanel} />}
    >
      <SimpleForm toolbar={<SubmitToolbar label={LABELS.guardarCambios} />} resetOptions={{ keepDirtyValues: false }}>
        <TourInputs withFotos={false} />
      </SimpleForm>
      <TourAuditHistory />
    </Edit>
  );
}
