import { useEffect, useRef } from "react";
import {
  BooleanInput,
  ImageField,
  ImageInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  minValue,
  required,
} from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { Box, Typography } from "@mui/material";
import { RichTextInput } from "ra-input-rich-text";
import { IMAGE_ACCEPT } from "../../lib/files";
import { ZONE_CHOICES } from "../../lib/zones";
import { DEFAULT_CUTOFF_HOURS, MAX_CUTOFF_HOURS, MAX_PHOTOS_PER_SELECTION, MSG } from "@tours/domain";

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
        validate={required("Seleccione la ciudad")}
        disabled={!hasPais}
        helperText={hasPais ? false : "Seleccione primero el país"}
        fullWidth
      />
    </ReferenceInput>
  );
}

const row = { display: "flex", gap: 2, flexWrap: "wrap", "& > *": { flex: "1 1 220px" } } as const;

/** The one form of a tour (spec §2 "Tour form fields"), shared by create and edit. */
export function TourInputs({ withFotos }: { withFotos: boolean }) {
  return (
    <Box sx={{ width: "100%", maxWidth: 960 }}>
      <TextInput source="nombre" label="Titulo del Tour" validate={required("El nombre del tour es obligatorio")} fullWidth />
      <RichTextInput source="descripcion" label="Descripcion" fullWidth />
      <Box sx={row}>
        <NumberInput
          source="precio"
          label="Precio"
          min={0}
          step={0.01}
          validate={[required("El precio es obligatorio"), minValue(0.01, "El precio debe ser mayor que 0")]}
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
      <RichTextInput source="salidas" label="Salidas" fullWidth />
      <TextInput source="punto_encuentro" label="Punto de encuentro" fullWidth />
      <Box sx={row}>
        <ReferenceInput source="pais" reference="pais" sort={{ field: "nombre", order: "ASC" }} perPage={500}>
          <SelectInput label="Pais" optionText="nombre" validate={required("Seleccione el país")} fullWidth />
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
            validate={[atLeastOnePhoto, maxPhotos]}
            placeholder={<p>Arrastre las fotos del tour aquí o haga clic para elegirlas (máximo {MAX_PHOTOS_PER_SELECTION}).</p>}
          >
            <ImageField source="src" title="title" />
          </ImageInput>
        </>
      )}
    </Box>
  );
}
