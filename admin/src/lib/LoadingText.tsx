import { Box, CircularProgress, Typography } from "@mui/material";
import { LABELS } from "@tours/domain";

export function LoadingText({ text = LABELS.cargandoInformacionPanel }: { text?: string }) {
  return (
    <Box role="status" sx={{ display: "flex", alignItems: "center", gap: 2, p: 3 }}>
      <CircularProgress size={20} />
      <Typography>{text}</Typography>
    </Box>
  );
}
