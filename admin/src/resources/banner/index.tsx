import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { Title, useDataProvider, useGetList } from "react-admin";
import { Box, Button, Card, CardContent, CardMedia, Stack, Typography } from "@mui/material";
import UploadIcon from "@mui/icons-material/Upload";
import DeleteIcon from "@mui/icons-material/Delete";
import { imageSrc } from "../../providers/config";
import { LoadingText } from "../../lib/LoadingText";
import { useToasts } from "../../lib/useToasts";
import { LABELS, MSG } from "@tours/domain";

interface BannerRecord {
  id: number;
  url: string;
}

/** The advertising banner shown as the storefront's popup: the current one, upload a new one, delete it. */
export function BannerPage() {
  const dataProvider = useDataProvider();
  const toasts = useToasts();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isPending, error, refetch } = useGetList<BannerRecord>("banner", {
    pagination: { page: 1, perPage: 10 },
    sort: { field: "id", order: "DESC" },
  });
  const notifyLoadError = toasts.notify;

  useEffect(() => {
    if (error) notifyLoadError(MSG.errorConsultarBanner, { type: "error" });
  }, [error, notifyLoadError]);

  const current = data?.[0];

  const pick = (event: ChangeEvent<HTMLInputElement>) => setFile(event.target.files?.[0] ?? null);

  const save = async () => {
    if (!file) {
      toasts.notify(MSG.imagenRequerida, { type: "warning" });
      return;
    }
    setBusy(true);
    const done = await toasts.run(
      {
        success: MSG.bannerGuardado,
        error: MSG.errorGuardarBanner,
      },
      () => dataProvider.create("banner", { data: { fotos: [file] } }),
    );
    setBusy(false);
    if (done) {
      setFile(null);
      if (input.current) input.current.value = "";
      await refetch();
    }
  };

  const remove = async () => {
    setBusy(true);
    const done = await toasts.run(
      { success: MSG.itemEliminado, error: MSG.errorEliminarBanner },
      () => dataProvider.delete("banner", { id: current?.id ?? 0 }),
    );
    setBusy(false);
    if (done) await refetch();
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Banner" />
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Card>
          <CardContent>
            <Typography variant="h6" gutterBottom>
              Banner actual
            </Typography>
            {isPending ? (
              <LoadingText text={LABELS.cargandoInformacionPanel} />
            ) : current ? (
              <CardMedia
                component="img"
                image={imageSrc(current.url)}
                alt="Banner actual"
                sx={{ maxHeight: 360, objectFit: "contain", bgcolor: "grey.100", borderRadius: 1 }}
              />
            ) : (
              <Typography color="text.secondary" data-testid="sin-banner">
                No hay un banner publicado.
              </Typography>
            )}
          </CardContent>
          {current && (
            <Box sx={{ px: 2, pb: 2 }}>
              <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={remove} disabled={busy}>
                Eliminar banner
              </Button>
            </Box>
          )}
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" gutterBottom>
              Subir un nuevo banner
            </Typography>
            <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
              <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
                Elegir imagen
                <input ref={input} hidden type="file" accept="image/*" onChange={pick} aria-label="Elegir imagen del banner" />
              </Button>
              <Typography variant="body2" color="text.secondary">
                {file ? file.name : "Ningún archivo seleccionado"}
              </Typography>
            </Box>
            <Button variant="contained" sx={{ mt: 2 }} onClick={save} disabled={busy}>
              Guardar banner
            </Button>
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
