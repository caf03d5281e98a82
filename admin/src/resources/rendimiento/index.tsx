import { useEffect, useState } from "react";
import { Title, useDataProvider } from "react-admin";
import { Alert, Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { VitalsSummaryRow } from "@tours/contract";
import {
  LABELS,
  VITAL_DEVICE_LABELS,
  VITAL_METRICS,
  VITAL_RATING_LABELS,
  VITAL_ROUTE_LABELS,
  VITAL_ROUTE_TYPES,
  VITAL_THRESHOLDS,
  formatVital,
  vitalRating,
  type VitalMetric,
} from "@tours/domain";
import type { VitalsActions } from "../../providers/resources/vitals";
import { errorMessages } from "../../providers/errors";
import { LoadingText } from "../../lib/LoadingText";
import { StateChip, type StateColor } from "../../lib/StateChip";

/**
 * Rendimiento (issue 27, decision 0022): how fast the storefront was for real visits. The 75th percentile of each
 * field vital per kind of page and device class, for the last 7 and 28 days, beside its "good" threshold and in
 * words (Bueno, Mejorable, Malo), with how many page views it comes from. One call, GET /api/vitals.
 */

const RATING_COLOR: Record<ReturnType<typeof vitalRating>, StateColor> = {
  good: "success",
  "needs-improvement": "warning",
  poor: "error",
};

const order = (row: VitalsSummaryRow) =>
  [VITAL_ROUTE_TYPES.indexOf(row.route), row.device === "mobile" ? 0 : 1, VITAL_METRICS.indexOf(row.metric)] as const;
function byPage(a: VitalsSummaryRow, b: VitalsSummaryRow): number {
  const [x, y] = [order(a), order(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

function P75({ metric, period, testId }: { metric: VitalMetric; period: VitalsSummaryRow["last7"]; testId: string }) {
  if (period.p75 === null) return <Typography variant="body2" color="text.secondary">sin datos</Typography>;
  const rating = vitalRating(metric, period.p75);
  return (
    <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 1, whiteSpace: "nowrap" }}>
      <span data-testid={testId}>{formatVital(metric, period.p75)}</span>
      <StateChip look={{ label: VITAL_RATING_LABELS[rating], color: RATING_COLOR[rating] }} testId={`${testId}-calificacion`} />
    </Box>
  );
}

function VitalsTable({ rows }: { rows: VitalsSummaryRow[] }) {
  return (
    <TableContainer
      tabIndex={0}
      aria-label="Percentil 75 por página y dispositivo (se desplaza a lo ancho)"
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, bgcolor: "background.paper" }}
    >
      <Table size="small" aria-label="Percentil 75 por página, dispositivo y métrica">
        <TableHead>
          <TableRow>
            <TableCell>Página</TableCell>
            <TableCell>Dispositivo</TableCell>
            <TableCell>Métrica</TableCell>
            <TableCell align="right">Bueno hasta</TableCell>
            <TableCell align="right">p75 · 7 días</TableCell>
            <TableCell align="right">Visitas 7 días</TableCell>
            <TableCell align="right">p75 · 28 días</TableCell>
            <TableCell align="right">Visitas 28 días</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={`${row.route}-${row.device}-${row.metric}`}
              data-testid="rendimiento-fila"
              data-route={row.route}
              data-device={row.device}
              data-metric={row.metric}
            >
              <TableCell>{VITAL_ROUTE_LABELS[row.route]}</TableCell>
              <TableCell>{VITAL_DEVICE_LABELS[row.device]}</TableCell>
              <TableCell>{row.metric}</TableCell>
              <TableCell align="right">{formatVital(row.metric, VITAL_THRESHOLDS[row.metric].good)}</TableCell>
              <TableCell align="right">
                <P75 metric={row.metric} period={row.last7} testId="rendimiento-p75-7" />
              </TableCell>
              <TableCell align="right" data-testid="rendimiento-muestras-7">{row.last7.samples}</TableCell>
              <TableCell align="right">
                <P75 metric={row.metric} period={row.last28} testId="rendimiento-p75-28" />
              </TableCell>
              <TableCell align="right" data-testid="rendimiento-muestras-28">{row.last28.samples}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function PerformancePage() {
  const actions = useDataProvider() as unknown as VitalsActions;
  const [state, setState] = useState<{ rows?: VitalsSummaryRow[]; error?: string }>({});
  useEffect(() => {
    let current = true;
    actions
      .fieldVitals()
      .then((rows) => current && setState({ rows: [...rows].sort(byPage) }))
      .catch((error: unknown) => current && setState({ error: errorMessages(error)[0] ?? "No fue posible cargar el rendimiento" }));
    return () => {
      current = false;
    };
  }, [actions]);
  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 1100, minWidth: 0 }}>
      <Title title="Rendimiento" />
      <Typography variant="h5" component="h1">
        Rendimiento
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "70ch" }}>
        Cómo cargó la tienda para las visitas reales: el percentil 75 de cada medida (tres de cada cuatro visitas
        fueron igual o más rápidas), por tipo de página y dispositivo. Bueno: LCP hasta 2,5 s, INP hasta 200 ms, CLS
        hasta 0,1 y TTFB hasta 800 ms.
      </Typography>
      {state.error ? (
        <Alert severity="error">{state.error}</Alert>
      ) : !state.rows ? (
        <LoadingText text={LABELS.cargandoInformacionPanel} />
      ) : state.rows.length === 0 ? (
        <Typography data-testid="rendimiento-vacio">Aún no hay mediciones de visitas en los últimos 28 días.</Typography>
      ) : (
        <VitalsTable rows={state.rows} />
      )}
    </Box>
  );
}
