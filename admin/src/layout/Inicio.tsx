import { Navigate } from "react-router-dom";
import { Title, useBasename, usePermissions } from "react-admin";
import { Box, Typography } from "@mui/material";
import { ROL_NOMBRES, screensOf } from "../lib/roles";

/** The panel's landing: each role's first screen (Check-in for a Guía), or a word for a role without screens. */
export function Inicio() {
  const { permissions: rol, isPending } = usePermissions<string | undefined>();
  const base = useBasename();
  if (isPending) return null;
  const first = screensOf(rol)[0];
  if (first) return <Navigate to={`${base}/${first}`} replace />;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Inicio" />
      <Typography variant="h5" component="h1" gutterBottom>
        Bienvenido
      </Typography>
      <Typography>
        Su rol es {ROL_NOMBRES[rol ?? ""] ?? rol}: todavía no tiene pantallas asignadas en el panel.
      </Typography>
    </Box>
  );
}
