import { Suspense, lazy, useEffect, useState } from "react";
import { Title, useBasename, useDataProvider } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { Hoy, HoySalida } from "@tours/contract";
import { LABELS, formatDateEs, timeZoneLabel } from "@tours/domain";
import type { DepartureActions } from "../../providers/resources/departures";
import { errorMessages } from "../../providers/errors";
import { LoadingText } from "../../lib/LoadingText";
import { usd } from "../../lib/money";
import { dateTimeEs, shortDateEs } from "../../lib/dates";

/**
 * Hoy, the panel's first screen (issue 22): today's and tomorrow's departures that have bookings (days of the
 * business zone, each departure at its own local time) with what is sold and who arrived, the day's sales and
 * refunds, the e-mails that failed and the next 14 days' occupancy. One call, GET /api/hoy. The chart's library
 * arrives on its own chunk when the screen draws it.
 */

const OccupancyChart = lazy(async () => ({ default: (await import("./OccupancyChart")).OccupancyChart }));

const orUnlimited = (n: number | null) => (n === null ? "sin límite" : String(n));

function DepartureRow({ salida }: { salida: HoySalida }) {
  const base = useBasename();
  return (
    <Box
      data-testid="hoy-salida"
      sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, py: 1, borderBottom: 1, borderColor: "divider" }}
    >
      <Box sx={{ flex: "1 1 220px", minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{salida.tour_nombre}</Typography>
        <Typography variant="body2" color="text.secondary">
          {salida.hora_local}
          {salida.cerrada || salida.fecha_cerrada ? " · cerrada" : ""}
        </Typography>
      </Box>
      <Typography data-testid="hoy-vendidos" sx={{ flex: "0 0 auto", fontVariantNumeric: "tabular-nums" }}>
        Vendidos {salida.vendidos} / {orUnlimited(salida.cupo)}
        {salida.retenidos ? ` · ${salida.retenidos} retenidos` : ""}
      </Typography>
      <Typography data-testid="hoy-llegados" sx={{ flex: "0 0 auto", fontVariantNumeric: "tabular-nums" }}>
        Llegaron {salida.llegados} / {salida.esperados}
      </Typography>
      <Button component={RouterLink} to={`${base}/manifiesto/${salida.id}`} size="small" variant="outlined" sx={{ minHeight: 36 }}>
        Manifiesto
      </Button>
    </Box>
  );
}

function DepartureDay({ title, fecha, salidas }: { title: string; fecha: string; salidas: HoySalida[] }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title} <Typography component="span" color="text.secondary">· {formatDateEs(fecha)}</Typography>
        </Typography>
        {salidas.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            No hay salidas con reservas.
          </Typography>
        ) : (
          salidas.map((s) => <DepartureRow key={s.id} salida={s} />)
        )}
      </CardContent>
    </Card>
  );
}

function MoneyFigure({ testId, label, total, count }: { testId: string; label: string; total: number; count: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {usd(total)}
      </Typography>
      <Typography variant="body2">{count}</Typography>
    </Box>
  );
}

function Money({ dinero }: { dinero: NonNullable<Hoy["dinero"]> }) {
  return (
    <Card variant="outlined" component="section" aria-label="Dinero de hoy">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Dinero de hoy
        </Typography>
        <Stack direction="row" spacing={4} sx={{ flexWrap: "wrap" }} useFlexGap>
          <MoneyFigure
            testId="hoy-ventas"
            label="Ventas"
            total={dinero.ventas_total}
            count={`${dinero.ventas_pedidos} ${dinero.ventas_pedidos === 1 ? "pedido pagado" : "pedidos pagados"}`}
          />
          <MoneyFigure
            testId="hoy-reembolsos"
            label="Reembolsos"
            total={dinero.reembolsos_total}
            count={`${dinero.reembolsos_cantidad} ${dinero.reembolsos_cantidad === 1 ? "reembolso" : "reembolsos"}`}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

function FailedMail({ correos }: { correos: NonNullable<Hoy["correos_fallidos"]> }) {
  return (
    <Card variant="outlined" component="section" aria-label="Correos que fallaron" data-testid="hoy-correos">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Correos que fallaron{" "}
          <Chip size="small" label={correos.total} color={correos.total ? "error" : "default"} sx={{ ml: 1 }} />
        </Typography>
        {correos.total === 0 ? (
          <Typography color="text.secondary">Ningún correo falló en los últimos 7 días.</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {correos.ultimos.map((c) => (
              <li key={c.id}>
                <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                  {dateTimeEs(c.fecha)} · {c.destinatario} · {c.asunto}
                  {c.error ? ` — ${c.error}` : ""}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function Occupancy({ dias }: { dias: NonNullable<Hoy["ocupacion"]> }) {
  const summary = dias.map((d) => `${shortDateEs(d.fecha)}: ${d.porcentaje} %`).join(", ");
  return (
    <Card variant="outlined" component="section" aria-label="Ocupación de los próximos 14 días">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Ocupación de los próximos 14 días
        </Typography>
        <Box role="img" aria-label={`Ocupación por día: ${summary}`} data-testid="hoy-grafico" sx={{ minHeight: 220 }}>
          <Suspense fallback={<LoadingText />}>
            <OccupancyChart dias={dias} />
          </Suspense>
        </Box>
        <Box component="details" sx={{ mt: 1 }}>
          <summary>Ver como tabla</summary>
          <Table size="small" aria-label="Ocupación por día">
            <TableHead>
              <TableRow>
                <TableCell>Día</TableCell>
                <TableCell align="right">Vendidos</TableCell>
                <TableCell align="right">Cupo</TableCell>
                <TableCell align="right">Ocupación</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {dias.map((d) => (
                <TableRow key={d.fecha} data-testid="hoy-ocupacion-dia">
                  <TableCell>{shortDateEs(d.fecha)}</TableCell>
                  <TableCell align="right">{d.vendidos}</TableCell>
                  <TableCell align="right">{d.cupo}</TableCell>
                  <TableCell align="right">{d.porcentaje} %</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}

export function HoyPage() {
  const actions = useDataProvider() as unknown as DepartureActions;
  const [state, setState] = useState<{ data?: Hoy; error?: string }>({});
  useEffect(() => {
    let current = true;
    actions
      .today()
      .then((data) => current && setState({ data }))
      .catch((error: unknown) => current && setState({ error: errorMessages(error)[0] ?? "No fue posible cargar el día" }));
    return () => {
      current = false;
    };
  }, [actions]);
  const h = state.data;
  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 1100, minWidth: 0 }}>
      <Title title="Hoy" />
      <Typography variant="h5" component="h1">
        Hoy
      </Typography>
      {h ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {formatDateEs(h.hoy)} · días en {timeZoneLabel(h.zona_horaria)}
        </Typography>
      ) : null}
      {state.error ? (
        <Alert severity="error">{state.error}</Alert>
      ) : !h ? (
        <LoadingText text={LABELS.cargandoInformacionPanel} />
      ) : (
        <Stack spacing={2}>
          <DepartureDay title="Salidas de hoy" fecha={h.hoy} salidas={h.salidas.filter((s) => s.dia === "hoy")} />
          <DepartureDay title="Salidas de mañana" fecha={h.manana} salidas={h.salidas.filter((s) => s.dia === "manana")} />
          {h.dinero ? <Money dinero={h.dinero} /> : null}
          {h.correos_fallidos ? <FailedMail correos={h.correos_fallidos} /> : null}
          {h.ocupacion ? <Occupancy dias={h.ocupacion} /> : null}
        </Stack>
      )}
    </Box>
  );
}
