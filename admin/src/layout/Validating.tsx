import { Box, CircularProgress, Typography } from "@mui/material";
import { LABELS } from "@tours/domain";

/** Shown while the layout checks the session with /api/auth/autenticate (spec §2 Panel). */
export function Validating() {
  return (
    <Box sx={{ minHeight: "100vh", display: "grid", placeItems: "center" }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2 }} role="status">
        <CircularProgress size={24} />
        <Typography>{LABELS.validandoInformacion}</Typography>
      </Box>
    </Box>
  );
}
