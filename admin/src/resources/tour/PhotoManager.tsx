import { useRef, useState, type ChangeEvent } from "react";
import { useDataProvider, useGetList, useRefresh } from "react-admin";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  ImageList,
  ImageListItem,
  ImageListItemBar,
  Typography,
} from "@mui/material";
import DeleteIcon from "@mui/icons-material/Delete";
import UploadIcon from "@mui/icons-material/Upload";
import { imageSrc } from "../../providers/config";
import { errorStatus } from "../../providers/errors";
import { LoadingText } from "../../lib/LoadingText";
import { useToasts } from "../../lib/useToasts";
import { LABELS, MAX_PHOTOS_PER_SELECTION, MSG } from "@tours/domain";

interface FotoRecord {
  id: number;
  url: string;
}

/** The "Imagenes" modal of a tour: its photos, adding up to 20 at a time, deleting one. */
export function PhotoManager({ tour, onClose }: { tour: { id: number; nombre: string }; onClose: () => void }) {
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const toasts = useToasts();
  const input = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const { data, isPending, refetch } = useGetList<FotoRecord>("tour-fotos", {
    filter: { tourId: tour.id },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: "id", order: "ASC" },
  });

  const afterChange = async () => {
    await refetch();
    // The tour's cover (its first photo) may have changed: reload what is on screen behind the modal too.
    refresh();
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    if (files.length > MAX_PHOTOS_PER_SELECTION) {
      toasts.notify(MSG.maxImagenesSeleccion, { type: "warning" });
      event.target.value = "";
      setSelected([]);
      return;
    }
    setSelected(files);
  };

  const save = async () => {
    if (selected.length === 0) {
      toasts.notify(MSG.sinFotosParaGuardar, { type: "warning" });
      return;
    }
    setBusy(true);
    const done = await toasts.run(
      { pending: MSG.guardandoImagen, success: MSG.imagenAlmacenada, error: MSG.errorContacteConSoporte },
      () => dataProvider.create("tour-fotos", { data: { tourId: tour.id, fotos: selected } }),
    );
    setBusy(false);
    if (done) {
      setSelected([]);
      if (input.current) input.current.value = "";
      await afterChange();
    }
  };

  const remove = async (foto: FotoRecord) => {
    setBusy(true);
    const handle = toasts.start(MSG.eliminandoImagen);
    try {
      await dataProvider.delete("tour-fotos", { id: foto.id, previousData: foto });
      handle.success(MSG.imagenEliminada);
      await afterChange();
    } catch (error) {
      // An answer from the server vs. no answer at all (network, timeout).
      const answered = (errorStatus(error) ?? 0) >= 400 && errorStatus(error) !== 408;
      handle.fail(
        error,
        answered ? MSG.errorContacteASoporte : MSG.errorEliminarImagen,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="fotos-title">
      <DialogTitle id="fotos-title">Imagenes · {tour.nombre}</DialogTitle>
      <DialogContent dividers>
        {isPending ? (
          <LoadingText text={LABELS.cargandoInformacionPanel} />
        ) : data && data.length > 0 ? (
          <ImageList cols={4} gap={8} rowHeight={140} data-testid="fotos">
            {data.map((foto) => (
              <ImageListItem key={foto.id} data-testid="foto">
                <img src={imageSrc(foto.url)} alt={`Foto ${foto.id}`} loading="lazy" style={{ objectFit: "cover", height: 140 }} />
                <ImageListItemBar
                  actionIcon={
                    <IconButton
                      aria-label={`Eliminar foto ${foto.id}`}
                      onClick={() => remove(foto)}
                      disabled={busy}
                      sx={{ color: "white" }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  }
                />
              </ImageListItem>
            ))}
          </ImageList>
        ) : (
          <Typography color="text.secondary">Este tour no tiene fotos.</Typography>
        )}
        <Box sx={{ mt: 2, display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
          <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
            Elegir fotos
            <input
              ref={input}
              hidden
              type="file"
              accept="image/*"
              multiple
              onChange={pick}
              aria-label="Elegir fotos"
              data-testid="fotos-input"
            />
          </Button>
          <Typography variant="body2" color="text.secondary">
            {selected.length > 0 ? `${selected.length} seleccionada(s)` : `Hasta ${MAX_PHOTOS_PER_SELECTION} por vez`}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          Guardar fotos
        </Button>
      </DialogActions>
    </Dialog>
  );
}
