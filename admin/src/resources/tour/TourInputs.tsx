import { useEffect, useRef } from "react";
import {
  BooleanInput,
  CheckboxGroupInput,
  ImageField,
  ImageInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  maxValue,
  minValue,
  required,
} from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { Box, Typography } from "@mui/material";
import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  DefaultEditorOptions,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from "ra-input-rich-text";
import { IMAGE_ACCEPT } from "../../lib/files";
import { ZONE_CHOICES } from "../../lib/zones";
import {
  ACCESIBLE_SILLA_RUEDAS,
  DEFAULT_CUTOFF_HOURS,
  DURACION_MAXIMA_MINUTOS,
  EDAD_MINIMA_MAXIMA,
  IDIOMAS,
  MAX_CUTOFF_HOURS,
  MAX_PHOTOS_PER_SELECTION,
  MODALIDADES,
  MSG,
} from "@tours/domain";
import { TOUR_FACT_MSG } from "@tours/contract";

type Check = (value: unknown, values: Record<string, unknown>) => unknown;

const maxPhotos = (value: unknown) =>
  Array.isArray(value) && value.length > MAX_PHOTOS_PER_SELECTION ? MSG.maxFotosTour : undefined;

const atLeastOnePhoto = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? undefined : "Seleccione al menos una foto del tour";

/** The city select lists only the chosen country's cities, and forgets the city when the country changes. */
function CityInput() {
  const pais = useWatch({ name: "pais" }) as unknown;
  const { setValue, getValues } = useFormContext();
  const previous = useRef(pais);
  useEffect(() => {
    if (previous.current !== pais && previous.current !== undefined) {
      if (getValues("ciudad") !== null) setValue("ciudad", null, { shouldDirty: true });
    }
    previous.current = pais;
  }, [pais, setValue, getValues]);
  const hasPais = pais !== undefined && pais !== null && pais !== "";
  return (
    <ReferenceInput
      source="ciudad"
      reference="ciudades"
      filter={hasPais ? { pais } : { pais: -1 }}
      sort={{ field: "nombre", order: "ASC" }}
      perPage={500}
      enableGetChoices={() => hasPais}
    >
      <SelectInput
        label="Ciudad"
        optionText="nombre"
        isRequired
        disabled={!hasPais}
        helperText={hasPais ? false : "Seleccione primero el país"}
        fullWidth
      />
    </ReferenceInput>
  );
}

/** The editor's text box is named after its field (react-admin leaves the contenteditable without a name). Stable objects: the editor is rebuilt when its options change. */
const editorNamed = (name: string) => ({ ...DefaultEditorOptions, editorProps: { attributes: { "aria-label": name } } });
const DESCRIPCION_EDITOR = editorNamed("Descripcion");
const SALIDAS_EDITOR = editorNamed("Salidas");

/** react-admin's toolbar without its heading-level select, whose list items sit in a <nav> without a list (axe "listitem"). */
const TOOLBAR = (
  <RichTextInputToolbar>
    <FormatButtons />
    <ColorButtons />
    <AlignmentButtons />
    <ListButtons />
    <LinkButtons />
    <ImageButtons />
    <QuoteButtons />
    <ClearButtons />
  </RichTextInputToolbar>
);

const row = { display: "flex", gap: 2, flexWrap: "wrap", "& > *": { flex: "1 1 220px" } } as const;

const choicesOf = (labels: Record<string, string>) => Object.entries(labels).map(([id, name]) => ({ id, name }));
const IDIOMA_CHOICES = choicesOf(IDIOMAS);
const ACCESIBLE_CHOICES = choicesOf(ACCESIBLE_SILLA_RUEDAS);
const MODALIDAD_CHOICES = choicesOf(MODALIDADES);

const isBlank = (value: unknown) => value === null || value === undefined || value === "";
/** A whole number, checked with the API's own words (the API checks again). */
const wholeNumber = (message: string) => (value: unknown) => (isBlank(value) || Number.isInteger(Number(value)) ? undefined : message);
/** Latitude and longitude go together: the other one's input says what is missing. */
const withOther = (other: "encuentro_lat" | "encuentro_lng") => (value: unknown, values: Record<string, unknown>) =>
  isBlank(value) && !isBlank(values[other]) ? TOUR_FACT_MSG.ambasCoordenadas : undefined;
const DURACION_CHECKS = [wholeNumber(TOUR_FACT_MSG.duracion), minValue(1, TOUR_FACT_MSG.duracion), maxValue(DURACION_MAXIMA_MINUTOS, TOUR_FACT_MSG.duracionMaxima)];
const EDAD_CHECKS = [wholeNumber(TOUR_FACT_MSG.edadMinima), minValue(0, TOUR_FACT_MSG.edadMinima), maxValue(EDAD_MINIMA_MAXIMA, TOUR_FACT_MSG.edadMinima)];
const LAT_CHECKS = [minValue(-90, TOUR_FACT_MSG.latitud), maxValue(90, TOUR_FACT_MSG.latitud), withOther("encuentro_lng")];
const LNG_CHECKS = [minValue(-180, TOUR_FACT_MSG.longitud), maxValue(180, TOUR_FACT_MSG.longitud), withOther("encuentro_lat")];

/** Each checked field's checks, first failing one's message shown under its input. */
const TOUR_CHECKS: Record<string, Check[]> = {
  nombre: [required("El nombre del tour es obligatorio")],
  precio: [required("El precio es obligatorio"), minValue(0.01, "El precio debe ser mayor que 0")],
  pais: [required("Seleccione el país")],
  ciudad: [required("Seleccione la ciudad")],
  duracion_minutos: DURACION_CHECKS,
  edad_minima: EDAD_CHECKS,
  encuentro_lat: LAT_CHECKS,
  encuentro_lng: LNG_CHECKS,
};
const FOTO_CHECKS: Check[] = [atLeastOnePhoto, maxPhotos];

/**
 * The tour form's checks as one form-level validation (SimpleForm's `validate`): react-hook-form then validates the
 * whole form in one pass on submit. With a `validate` on each input it validated field by field, marking each one
 * validating and done in turn, and every input of the form rendered again at each mark: ~200 ms of a slow phone's
 * "Guardar cambios" tap went there (docs/benchmarks.md, the interaction lab).
 */
export function validateTour(withFotos: boolean) {
  const checks = withFotos ? { ...TOUR_CHECKS, fotos: FOTO_CHECKS } : TOUR_CHECKS;
  return (values: Record<string, unknown>) => {
    const errors: Record<string, unknown> = {};
    for (const [field, fieldChecks] of Object.entries(checks)) {
      for (const check of fieldChecks) {
        const error = check(values[field], values);
        if (error) {
          errors[field] = error;
          break;
        }
      }
    }
    return errors;
  };
}

/** The tour's facts (issue 26), beside the spec's free-text fields; every one may stay empty. */
function TourFactsInputs() {
  return (
    <Box component="section" aria-labelledby="datos-del-tour" sx={{ mt: 2 }}>
      <Typography id="datos-del-tour" variant="h6" component="h2" sx={{ fontSize: "1.1rem" }}>
        Datos del tour
      </Typography>
      <Box sx={row}>
        <NumberInput source="duracion_minutos" label="Duración (minutos)" min={1} step={1} helperText="Por ejemplo, 210 para 3 h 30 min" />
        <NumberInput source="edad_minima" label="Edad mínima" min={0} max={EDAD_MINIMA_MAXIMA} step={1} helperText="Años" />
      </Box>
      <CheckboxGroupInput source="idiomas" label="Idiomas del guía" choices={IDIOMA_CHOICES} row />
      <Box sx={row}>
        <SelectInput source="accesible_silla_ruedas" label="Accesible en silla de ruedas" choices={ACCESIBLE_CHOICES} emptyText="Sin indicar" emptyValue="" />
        <SelectInput source="modalidad" label="Modalidad" choices={MODALIDAD_CHOICES} emptyText="Sin indicar" emptyValue="" />
      </Box>
      <Box sx={row}>
        <NumberInput source="encuentro_lat" label="Latitud del punto de encuentro" step="any" helperText="Por ejemplo, 4.5981" />
        <NumberInput source="encuentro_lng" label="Longitud del punto de encuentro" step="any" helperText="Por ejemplo, -74.0760" />
      </Box>
    </Box>
  );
}

/** The one form of a tour (spec §2 "Tour form fields"), shared by create and edit. */
export function TourInputs({ withFotos }: { withFotos: boolean }) {
  return (
    <Box sx={{ width: "100%", maxWidth: 960 }}>
      <TextInput source="nombre" label="Titulo del Tour" isRequired fullWidth />
      <RichTextInput source="descripcion" label="Descripcion" fullWidth editorOptions={DESCRIPCION_EDITOR} toolbar={TOOLBAR} />
      <Box sx={row}>
        <NumberInput
          source="precio"
          label="Precio"
          min={0}
          step={0.01}
          isRequired
          helperText="USD"
        />
        <TextInput source="nombre_hotel" label="Hotel" />
        <TextInput source="duracion" label="Duracion" />
      </Box>
      <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap" }}>
        <BooleanInput source="habitacion_individual" label="Habitacion individual" />
        <BooleanInput source="habitacion_doble" label="Habitacion doble" />
        <BooleanInput source="habitacion_triple" label="Habitacion triple" />
      </Box>
      <TextInput source="intinerario" label="Intinerario" multiline minRows={2} fullWidth />
      <Box sx={row}>
        <TextInput source="incluye" label="Incluye" multiline minRows={2} />
        <TextInput source="no_incluye" label="No Incluye" multiline minRows={2} />
      </Box>
      <TextInput source="accesibilidad" label="Accesibilidad" multiline fullWidth />
      <RichTextInput source="salidas" label="Salidas" fullWidth editorOptions={SALIDAS_EDITOR} toolbar={TOOLBAR} />
      <TextInput source="punto_encuentro" label="Punto de encuentro" fullWidth />
      <Box sx={row}>
        <ReferenceInput source="pais" reference="pais" sort={{ field: "nombre", order: "ASC" }} perPage={500}>
          <SelectInput label="Pais" optionText="nombre" isRequired fullWidth />
        </ReferenceInput>
        <CityInput />
      </Box>
      <Box sx={row}>
        <NumberInput
          source="corte_horas"
          label="Cierre de reservas (horas antes)"
          min={0}
          max={MAX_CUTOFF_HOURS}
          step={1}
          helperText={`Horas antes de cada salida en que se dejan de recibir reservas (${DEFAULT_CUTOFF_HOURS} si se deja vacío)`}
        />
        <SelectInput
          source="zona_horaria"
          label="Zona horaria"
          choices={ZONE_CHOICES}
          emptyText="La del país"
          emptyValue=""
          helperText="Las horas de los horarios se leen en esta zona"
        />
      </Box>
      <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap" }}>
        <BooleanInput source="mascotas" label="Mascotas" />
        <BooleanInput source="reembolsable" label="Reembolsable" />
      </Box>
      <TourFactsInputs />
      {withFotos && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            Imágenes (hasta {MAX_PHOTOS_PER_SELECTION})
          </Typography>
          <ImageInput
            source="fotos"
            label={false}
            multiple
            accept={IMAGE_ACCEPT}
            inputProps={{ "aria-label": `Imágenes del tour (hasta ${MAX_PHOTOS_PER_SELECTION})` }}
            placeholder={<p>Arrastre las fotos del tour aquí o haga clic para elegirlas (máximo {MAX_PHOTOS_PER_SELECTION}).</p>}
          >
            <ImageField source="src" title="title" />
          </ImageInput>
        </>
      )}
    </Box>
  );
}
