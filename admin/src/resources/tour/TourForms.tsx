import { useRef } from "react";
import {
  Create,
  Edit,
  ListButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useRedirect,
  useRecordContext,
  useRefresh,
  useSaveContext,
} from "react-admin";
import { Button, CircularProgress } from "@mui/material";
import ContentSave from "@mui/icons-material/Save";
import { AuditHistory } from "../auditoria";
import ListIcon from "@mui/icons-material/List";
import { LoadingText } from "../../lib/LoadingText";
import { useToasts } from "../../lib/useToasts";
import { TourInputs, validateTour } from "./TourInputs";
import { LABELS, MSG } from "@tours/domain";

function ToggleToList() {
  return (
    <TopToolbar>
      <ListButton label={LABELS.verLista} icon={<ListIcon />} />
    </TopToolbar>
  );
}

/** Runs `work` once the browser has painted the next frame (a frame's callback, then a task after its paint). */
const afterNextPaint = (work: () => void) => requestAnimationFrame(() => setTimeout(work, 0));

/**
 * react-admin's SaveButton as the tour form uses it (always enabled, a spinner while the save runs), with two
 * changes for a slow phone (docs/benchmarks.md, the interaction lab):
 * - it does not read the form's isSubmitting and isValidating: a reader anywhere makes react-hook-form re-render the
 *   whole form for each change of them, and its context then re-renders every input, three times over before the
 *   tap's first paint. The spinner follows the save itself.
 * - the submission (validating, every input showing its outcome, the toast, the call) starts after the tap's first
 *   paint, so the button's press shows at once instead of after ~120 ms of that work at a phone's speed. Enter in a
 *   field presses the button too (the form's implicit submission), and goes the same way.
 */
function SaveTourButton({ label }: { label: string }) {
  const { saving } = useSaveContext();
  return (
    <Button
      type="submit"
      onClick={(event) => {
        event.preventDefault();
        const button = event.currentTarget;
        afterNextPaint(() => button.form?.requestSubmit(button));
      }}
      variant="contained"
      color="primary"
      aria-label={label}
      startIcon={saving ? <CircularProgress size={14} thickness={3} color="inherit" /> : <ContentSave />}
    >
      {label}
    </Button>
  );
}

function SubmitToolbar({ label }: { label: string }) {
  return (
    <Toolbar>
      <SaveTourButton label={label} />
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

const VALIDATE_NEW = validateTour(true);
const VALIDATE_EDIT = validateTour(false);

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
      <SimpleForm defaultValues={defaults} validate={VALIDATE_NEW} toolbar={<SubmitToolbar label={LABELS.crearTour} />} warnWhenUnsavedChanges={false}>
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
      <SimpleForm validate={VALIDATE_EDIT} toolbar={<SubmitToolbar label={LABELS.guardarCambios} />} resetOptions={{ keepDirtyValues: false }}>
        <TourInputs withFotos={false} />
      </SimpleForm>
      <TourAuditHistory />
    </Edit>
  );
}
