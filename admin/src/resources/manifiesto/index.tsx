import { useCallback, useEffect, useState } from "react";
import { Title, useBasename, useDataProvider } from "react-admin";
import { Link as RouterLink, useParams } from "react-router-dom";
import { Alert, Box, Button, ButtonBase, GlobalStyles, Stack, Typography } from "@mui/material";
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import PrintIcon from "@mui/icons-material/Print";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import type { Manifiesto } from "@tours/contract";
import { LABELS, formatDuracion } from "@tours/domain";
import type { DepartureActions } from "../../providers/resources/departures";
import type { CheckInActions } from "../../providers/resources/orders";
import { errorMessages } from "../../providers/errors";
import { LoadingText } from "../../lib/LoadingText";
import { dateEs, timeEs } from "../../lib/dates";
import { usd } from "../../lib/money";

/**
 * A departure's manifest (issue 22), made for a guide's phone and for paper: every booking with its reference, names,
 * travellers, the buyer's comment and whether they arrived (and when). Tapping a paid booking that has not arrived
 * marks it present (the existing check-in, POST /api/checkin); the counts change at once. "Escanear QR" opens the
 * check-in screen on this departure. Printed, it is the manifest alone, 25 bookings a page.
 */

type Booking = Manifiesto["pedidos"][number];
export const BOOKINGS_PER_PAGE = 25;

function travellers(p: Booking): string {
  const parts = [
    p.mayores15 ? `${p.mayores15} ${p.mayores15 === 1 ? "mayor" : "mayores"} de 15` : null,
    p.menoresde15_a4 ? `${p.menoresde15_a4} de 4 a 15` : null,
    p.menores3 ? `${p.menores3} ${p.menores3 === 1 ? "menor" : "menores"} de 4` : null,
    p.mascotas ? `${p.mascotas} ${p.mascotas === 1 ? "mascota" : "mascotas"}` : null,
  ].filter(Boolean);
  return `${p.personas} ${p.personas === 1 ? "persona" : "personas"}${parts.length ? `: ${parts.join(", ")}` : ""}`;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function ArrivalState({ p }: { p: Booking }) {
  if (p.estado !== "pagado") {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="manifiesto-llegada">
        Sin pagar{p.retenido_hasta ? ` · retenido hasta las ${timeEs(p.retenido_hasta)}` : ""}
      </Typography>
    );
  }
  return p.checkin_at ? (
    <Typography variant="body2" sx={{ color: "success.dark", fontWeight: 600, display: "flex", alignItems: "center", gap: 0.5 }} data-testid="manifiesto-llegada">
      <CheckCircleIcon fontSize="small" aria-hidden />
      {`Presente · llegó a las ${timeEs(p.checkin_at)}`}
    </Typography>
  ) : (
    <Typography variant="body2" sx={{ color: "warning.dark", fontWeight: 600 }} data-testid="manifiesto-llegada">
      No ha llegado · toque para marcar presente
    </Typography>
  );
}

function BookingRow({ p, busy, onMark }: { p: Booking; busy: boolean; onMark: (p: Booking) => void }) {
  const canMark = p.estado === "pagado" && !p.checkin_at;
  const bodyId = `manifiesto-linea-${p.linea}`;
  const body = (
    <Box id={bodyId} sx={{ width: "100%", textAlign: "left", minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
        {p.nombre} {p.apellido}
      </Typography>
      <Typography variant="body2" sx={{ fontVariantNumeric: "tabular-nums" }}>
        {p.referencia} · pedido #{p.pedido} · {p.telefono}
        {p.estado === "pagado" ? ` · ${usd(p.valor_total)}` : ""}
      </Typography>
      <Typography variant="body2" data-testid="manifiesto-viajeros">
        {travellers(p)}
      </Typography>
      {p.comentario ? (
        <Typography variant="body2" sx={{ fontStyle: "italic", overflowWrap: "anywhere" }} data-testid="manifiesto-comentario">
          Comentario: «{p.comentario}»
        </Typography>
      ) : null}
      <ArrivalState p={p} />
    </Box>
  );
  const sx = { display: "flex", width: "100%", p: 1.5, borderBottom: 1, borderColor: "divider", breakInside: "avoid" } as const;
  return canMark ? (
    <Box component="li" data-testid="manifiesto-pedido" sx={{ breakInside: "avoid" }}>
      <ButtonBase
        component="div"
        role="button"
        aria-label={`Marcar presente: ${p.nombre} ${p.apellido}, ${p.referencia}`}
        aria-describedby={bodyId}
        disabled={busy}
        onClick={() => onMark(p)}
        sx={{ ...sx, "&:hover": { bgcolor: "action.hover" }, "&:focus-visible": { bgcolor: "action.hover", outline: "3px solid", outlineColor: "primary.main", outlineOffset: -3 } }}
      >
        {body}
      </ButtonBase>
    </Box>
  ) : (
    <Box component="li" data-testid="manifiesto-pedido" sx={sx}>
      {body}
    </Box>
  );
}

export function ManifestPage() {
  const { salidaId: departureId = "" } = useParams();
  const base = useBasename();
  const provider = useDataProvider() as unknown as DepartureActions & CheckInActions;
  const [state, setState] = useState<{ data?: Manifiesto; error?: string }>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let current = true;
    provider
      .departureManifest(departureId)
      .then((data) => current && setState({ data }))
      .catch((error: unknown) => current && setState({ error: errorMessages(error)[0] ?? "No fue posible cargar el manifiesto" }));
    return () => {
      current = false;
    };
  }, [provider, departureId]);

  const mark = useCallback(
    async (p: Booking) => {
      setBusy(true);
      setMessage(null);
      try {
        const done = await provider.checkIn(p.referencia, departureId);
        // the row and the counts change at once, from the check-in's own answer
        setState((s) =>
          s.data ? { data: { ...s.data, pedidos: s.data.pedidos.map((x) => (x.linea === p.linea ? { ...x, checkin_at: done.checkin_at } : x)) } } : s,
        );
        setMessage({ ok: true, text: `${p.nombre} ${p.apellido}: llegada registrada${done.checkin_texto ? ` a las ${done.checkin_texto}` : ""}.` });
      } catch (error) {
        setMessage({ ok: false, text: errorMessages(error)[0] ?? "No fue posible registrar la llegada" });
      } finally {
        setBusy(false);
      }
    },
    [provider, departureId],
  );

  const m = state.data;
  const paid = m?.pedidos.filter((p) => p.estado === "pagado") ?? [];
  const expected = paid.reduce((sum, p) => sum + p.personas, 0);
  const arrived = paid.filter((p) => p.checkin_at).reduce((sum, p) => sum + p.personas, 0);
  const pages = m ? chunks(m.pedidos, BOOKINGS_PER_PAGE) : [];
  // the end, when the tour has a duration (its facts): "hasta las 13:30 (3 h 30 min)", with the date when it is another day
  const fin = m?.fin && m.duracion_minutos
    ? ` · hasta ${m.fin.fecha === m.salida.fecha ? "las" : `el ${dateEs(m.fin.fecha)} a las`} ${m.fin.hora} (${formatDuracion(m.duracion_minutos)})`
    : "";
  const heading = m ? `${m.salida.tour_nombre} · ${dateEs(m.salida.fecha)} · ${m.salida.hora_local}${fin}` : "";

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 900, minWidth: 0 }} className="manifest-print" data-testid="manifiesto">
      <Title title="Manifiesto" />
      {/* printed: the manifest alone, without the panel's bars and buttons; 25 bookings a page */}
      <GlobalStyles
        styles={{
          "@media print": {
            "header, .RaSidebar-fixed, .MuiDrawer-root, .no-print": { display: "none !important" },
            ".RaLayout-content": { padding: "0 !important" },
            ".manifest-page": { breakAfter: "page", pageBreakAfter: "always" },
            ".manifest-page:last-of-type": { breakAfter: "auto", pageBreakAfter: "auto" },
            ".manifest-page-heading": { display: "block !important" },
          },
        }}
      />
      <Typography variant="h5" component="h1">
        Manifiesto
      </Typography>
      {m ? (
        <>
          <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{heading}</Typography>
          <Typography data-testid="manifiesto-cuentas" sx={{ fontVariantNumeric: "tabular-nums", mb: 1 }}>
            Llegaron {arrived} de {expected} · vendidos {m.salida.vendidos} de {m.salida.cupo ?? "sin límite"}
            {m.salida.retenidos ? ` · ${m.salida.retenidos} retenidos` : ""}
          </Typography>
        </>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: "wrap" }} useFlexGap className="no-print">
        <Button
          variant="contained"
          startIcon={<QrCodeScannerIcon />}
          component={RouterLink}
          to={`${base}/checkin?${new URLSearchParams({ fecha: m?.salida.fecha ?? "", salida: departureId })}`}
        >
          Escanear QR
        </Button>
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!m}>
          Imprimir
        </Button>
      </Stack>
      {message ? (
        <Alert severity={message.ok ? "success" : "error"} className="no-print" role="status" data-testid="manifiesto-mensaje" sx={{ my: 1 }}>
          {message.text}
        </Alert>
      ) : null}
      {state.error ? (
        <Alert severity="error">{state.error}</Alert>
      ) : !m ? (
        <LoadingText text={LABELS.cargandoInformacionPanel} />
      ) : m.pedidos.length === 0 ? (
        <Typography color="text.secondary">Nadie ha reservado esta salida todavía.</Typography>
      ) : (
        pages.map((page, i) => (
          <Box component="section" className="manifest-page" key={i} aria-label={pages.length > 1 ? `Página ${i + 1} de ${pages.length}` : undefined}>
            <Typography className="manifest-page-heading" sx={{ display: "none", fontWeight: 600 }}>
              {heading} · página {i + 1} de {pages.length}
            </Typography>
            <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, borderTop: 1, borderColor: "divider" }}>
              {page.map((p) => (
                <BookingRow key={p.linea} p={p} busy={busy} onMark={mark} />
              ))}
            </Box>
          </Box>
        ))
      )}
    </Box>
  );
}
