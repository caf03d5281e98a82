import { useState, type ChangeEvent, type ReactNode } from "react";
import { Title } from "react-admin";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Rating,
  Stack,
  TextField,
  Typography,
} from "@mui/material";

/*
 * Screens the spec lists as placeholders (blogs, photos, company info, opinions): they make no
 * server call and say so. Their data is sample data kept in the page's memory.
 */

function Placeholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ mt: 2, maxWidth: 960 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        Pantalla de ejemplo: aún no está conectada al servidor. Los cambios no se guardan.
      </Alert>
      {children}
    </Box>
  );
}

/** A local image picker that refuses more than `max` files. */
function LimitedImages({ label, max }: { label: string; max: number }) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    if (picked.length > max) {
      setError(`Puedes seleccionar hasta ${max} imágenes.`);
      setFiles([]);
      event.target.value = "";
      return;
    }
    setError(null);
    setFiles(picked);
  };
  return (
    <Box sx={{ my: 1 }}>
      <Button component="label" variant="outlined">
        {label} (máximo {max})
        <input hidden type="file" accept="image/*" multiple onChange={pick} aria-label={label} />
      </Button>
      <Typography variant="body2" color={error ? "error" : "text.secondary"} sx={{ mt: 0.5 }} role={error ? "alert" : undefined}>
        {error ?? (files.length > 0 ? `${files.length} imagen(es) seleccionada(s)` : "Ninguna imagen seleccionada")}
      </Typography>
    </Box>
  );
}

export function BlogsPage() {
  return (
    <Placeholder title="Blogs">
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <TextField label="Título del blog" fullWidth />
            <TextField label="Descripción" multiline minRows={3} fullWidth />
            <LimitedImages label="Imágenes del blog" max={4} />
            <TextField label="Título del post" fullWidth />
            <TextField label="Contenido del post" multiline minRows={4} fullWidth />
            <LimitedImages label="Imágenes del post" max={10} />
          </Stack>
        </CardContent>
      </Card>
    </Placeholder>
  );
}

export function NosotrosPage() {
  return (
    <Placeholder title="Nosotros">
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <TextField label="Nombre de la empresa" fullWidth />
            <TextField label="Misión" multiline minRows={2} fullWidth />
            <TextField label="Visión" multiline minRows={2} fullWidth />
            <TextField label="Quiénes somos" multiline minRows={4} fullWidth />
            <LimitedImages label="Imágenes adicionales" max={5} />
          </Stack>
        </CardContent>
      </Card>
    </Placeholder>
  );
}

export function FotosPage() {
  return (
    <Placeholder title="Fotos">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Galería general del sitio. Las fotos de cada tour se administran desde Destinos → Imagenes.
      </Typography>
      <LimitedImages label="Fotos de la galería" max={20} />
    </Placeholder>
  );
}

const SAMPLE_OPINIONS = [
  { id: 1, autor: "María", texto: "Excelente guía y muy puntual.", estrellas: 5 },
  { id: 2, autor: "John", texto: "Buen recorrido, el almuerzo podría mejorar.", estrellas: 4 },
  { id: 3, autor: "Lucía", texto: "Muy recomendado para ir con niños.", estrellas: 5 },
];

export function OpinionesPage() {
  return (
    <Placeholder title="Opiniones">
      <Stack spacing={1}>
        {SAMPLE_OPINIONS.map((o) => (
          <Card key={o.id}>
            <CardContent>
              <Rating value={o.estrellas} max={5} readOnly size="small" />
              <Typography>{o.texto}</Typography>
              <Typography variant="caption" color="text.secondary">
                {o.autor}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Placeholder>
  );
}
