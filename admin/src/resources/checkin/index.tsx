import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Title, useDataProvider, useGetList } from "react-admin";
import { useSearchParams } from "react-router-dom";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import ImageIcon from "@mui/icons-material/Image";
import HowToRegIcon from "@mui/icons-material/HowToReg";
import type { Checkin, Salida } from "@tours/contract";
import type { CheckInActions } from "../../providers/resources/orders";
import { errorMessages } from "../../providers/errors";
import { DateFieldEs } from "../../lib/DateInputEs";

/**
 * Check-in at a departure: the guide picks the departure, then reads a voucher's QR code (the phone's camera, or a
 * photo of it) or types its reference, sees the travellers and marks them present. The API refuses a voucher of
 * another departure, a cancelled booking and a second check-in, each with its own message; they are shown as said.
 * The QR decoder (jsQR) is loaded on first use, so this screen opens as fast as the others.
 */

const NO_QR = "No encontramos un código QR en esa imagen. Prueba con otra foto más nítida o escribe la referencia.";
const CAMERA_FAILED = "No fue posible abrir la cámara. Revisa el permiso del navegador, o elige una foto del QR o escribe la referencia.";
const LOOKUP_FAILED = "No fue posible consultar la reserva; revisa la conexión e intenta de nuevo.";

const todayLocal = () => new Date().toLocaleDateString("en-CA");
const loadDecoder = () => import("./qr");

type Outcome =
  | { kind: "found"; checkin: Checkin }
  | { kind: "marked"; checkin: Checkin }
  | { kind: "error"; message: string };

function travellers(c: Checkin): string {
  const parts = [
    c.mayores15 ? `${c.mayores15} mayores de 15` : null,
    c.menoresde15_a4 ? `${c.menoresde15_a4} de 4 a 15` : null,
    c.menores3 ? `${c.menores3} menores de 3` : null,
    c.mascotas ? `${c.mascotas} ${c.mascotas === 1 ? "mascota" : "mascotas"}` : null,
  ].filter(Boolean);
  return parts.join(", ") || "Sin viajeros";
}

function apiMessage(error: unknown): string {
  return errorMessages(error)[0] ?? LOOKUP_FAILED;
}

/** The camera's picture and a QR read every few frames; stops itself when a code is read or the screen closes. */
function CameraScanner({ onCode, onError }: { onCode: (text: string) => void; onError: (message: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement("canvas");
    (async () => {
      try {
        const [{ decodeVideoFrame }, media] = await Promise.all([
          loadDecoder(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        const tick = () => {
          if (stopped || !video.current) return;
          const text = decodeVideoFrame(video.current, canvas);
          if (text) onCode(text);
          else timer = setTimeout(tick, 200);
        };
        tick();
      } catch {
        if (!stopped) onError(CAMERA_FAILED);
      }
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode, onError]);
  return (
    <Box
      component="video"
      ref={video}
      muted
      playsInline
      aria-label="Imagen de la cámara"
      sx={{ width: "100%", maxWidth: 420, borderRadius: 1, bgcolor: "black", display: "block" }}
    />
  );
}

export function CheckInPage() {
  const provider = useDataProvider() as unknown as CheckInActions;
  const [params, setParams] = useSearchParams();
  const fecha = params.get("fecha") ?? todayLocal();
  const salida = params.get("salida") ?? "";
  const [referencia, setReferencia] = useState("");
  const [scanning, setScanning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const { data: salidas, isPending } = useGetList<Salida>("salidas", {
    // only the departures someone booked: a day has dozens of empty ones (issue 22)
    filter: { desde: fecha, hasta: fecha, con_reservas: true },
    pagination: { page: 1, perPage: 200 },
  });

  const choose = (next: { fecha?: string; salida?: string }) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    setParams(search, { replace: true });
    setOutcome(null);
  };

  const lookUp = useCallback(
    async (text: string) => {
      const ref = text.trim().toUpperCase();
      setScanning(false);
      setReferencia(ref);
      if (!ref || !salida) return;
      setBusy(true);
      try {
        setOutcome({ kind: "found", checkin: await provider.checkInLookup(ref, salida) });
      } catch (error) {
        setOutcome({ kind: "error", message: apiMessage(error) });
      } finally {
        setBusy(false);
      }
    },
    [provider, salida],
  );

  const onCameraError = useCallback((message: string) => {
    setScanning(false);
    setOutcome({ kind: "error", message });
  }, []);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setOutcome(null);
    setBusy(true);
    let text: string | null = null;
    try {
      text = await (await loadDecoder()).decodeFile(file);
    } catch {
      text = null;
    }
    setBusy(false);
    if (text) await lookUp(text);
    else setOutcome({ kind: "error", message: NO_QR });
  };

  const mark = async (checkin: Checkin) => {
    setBusy(true);
    try {
      setOutcome({ kind: "marked", checkin: await provider.checkIn(checkin.referencia, salida) });
    } catch (error) {
      setOutcome({ kind: "error", message: apiMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void lookUp(referencia);
  };

  const chosen = salidas?.find((s) => s.id === salida);

  return (
    <Box sx={{ mt: 2, maxWidth: 720, minWidth: 0 }}>
      <Title title="Check-in" />
      <Typography variant="h5" component="h1" gutterBottom>
        Check-in
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }}>
        <DateFieldEs label="Fecha" size="medium" value={fecha} onChange={(iso) => iso && choose({ fecha: iso, salida: "" })} />
        <TextField
          select
          label="Salida"
          value={chosen ? salida : ""}
          onChange={(e) => choose({ salida: e.target.value })}
          sx={{ minWidth: 0, width: { xs: "100%", sm: "auto" }, flex: 1 }}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxWidth: "calc(100vw - 32px)" } } } } } }}
          helperText={!isPending && (salidas?.length ?? 0) === 0 ? "No hay salidas en esa fecha" : " "}
        >
          {(salidas ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id} sx={{ whiteSpace: "normal" }}>
              {s.tour_nombre} · {s.hora_local} · {s.vendidos} {s.vendidos === 1 ? "persona" : "personas"}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {!chosen ? (
        <Typography color="text.secondary">Elige la salida para registrar la llegada de los viajeros.</Typography>
      ) : (
        <>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ mb: 2 }}>
            <Button variant="contained" startIcon={<PhotoCameraIcon />} onClick={() => (setOutcome(null), setScanning((on) => !on))}>
              {scanning ? "Detener la cámara" : "Escanear con la cámara"}
            </Button>
            <Button variant="outlined" component="label" startIcon={<ImageIcon />}>
              Elegir una foto del QR
              <input
                hidden
                type="file"
                accept="image/*"
                aria-label="Foto del código QR"
                data-testid="checkin-foto"
                onChange={(e) => {
                  void onFile(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
            </Button>
          </Stack>
          {scanning ? <CameraScanner onCode={lookUp} onError={onCameraError} /> : null}
          <Box component="form" onSubmit={submit} sx={{ display: "flex", gap: 1, alignItems: "flex-start", my: 2 }}>
            <TextField
              label="Referencia"
              placeholder="TR-7KQ2M9XP"
              value={referencia}
              onChange={(e) => setReferencia(e.target.value)}
              size="small"
            />
            <Button type="submit" variant="outlined" disabled={busy || !referencia.trim()}>
              Buscar
            </Button>
          </Box>
        </>
      )}

      {busy ? <Typography color="text.secondary">Consultando…</Typography> : null}
      {outcome?.kind === "error" ? (
        <Alert severity="error" data-testid="checkin-mensaje">
          {outcome.message}
        </Alert>
      ) : null}
      {outcome && outcome.kind !== "error" ? (
        <Card variant="outlined" data-testid="checkin-resultado">
          <CardContent>
            <Typography variant="h6" component="h2">
              {outcome.checkin.referencia} · {outcome.checkin.nombre} {outcome.checkin.apellido}
            </Typography>
            <Typography color="text.secondary" gutterBottom>
              {outcome.checkin.tour_nombre} · {outcome.checkin.fecha_texto}, {outcome.checkin.hora_texto}
            </Typography>
            <Typography gutterBottom data-testid="checkin-viajeros">
              {outcome.checkin.personas} {outcome.checkin.personas === 1 ? "persona" : "personas"}: {travellers(outcome.checkin)}
            </Typography>
            {outcome.kind === "marked" ? (
              <Alert severity="success" data-testid="checkin-mensaje">
                Llegada registrada{outcome.checkin.checkin_texto ? ` a las ${outcome.checkin.checkin_texto}` : ""}.
              </Alert>
            ) : outcome.checkin.checkin_at ? (
              <Alert severity="warning" data-testid="checkin-mensaje">
                Esta reserva ya registró su llegada{outcome.checkin.checkin_texto ? ` a las ${outcome.checkin.checkin_texto}` : ""}
                {outcome.checkin.checkin_por ? ` (${outcome.checkin.checkin_por})` : ""}.
              </Alert>
            ) : (
              <Button variant="contained" color="success" startIcon={<HowToRegIcon />} disabled={busy} onClick={() => void mark(outcome.checkin)}>
                Marcar presente
              </Button>
            )}
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}
