import { Link as RouterLink, useLocation } from "react-router-dom";
import { NotFound, Title, useBasename, usePermissions } from "react-admin";
import { Box, Button, Typography } from "@mui/material";
import LockIcon from "@mui/icons-material/Lock";
import { ROL_NOMBRES, canSee, isScreen } from "../lib/roles";

/**
 * Any panel address no route answers: a screen of the panel the role may not open says so ("Sin permiso"), in
 * Spanish; anything else is "No encontrado" (react-admin's page, in the panel's words).
 */
export function CatchAll() {
  const { pathname } = useLocation();
  const base = useBasename();
  const { permissions: rol, isPending } = usePermissions<string | undefined>();
  if (isPending) return null;
  const screen = pathname.slice(pathname.startsWith(base) ? base.length : 0).split("/").find(Boolean);
  if (screen && isScreen(screen) && !canSee(rol, screen)) return <SinPermiso rol={rol} />;
  return <NotFound />;
}

function SinPermiso({ rol }: { rol: string | undefined }) {
  const base = useBasename();
  const rolNombre = ROL_NOMBRES[rol ?? ""] ?? rol ?? "sin rol";
  return (
    <Box component="section" aria-labelledby="sin-permiso" sx={{ mt: 4, mx: "auto", maxWidth: 560, textAlign: "center" }} data-testid="sin-permiso">
      <Title title="Sin permiso" />
      <LockIcon sx={{ fontSize: 48, color: "text.secondary" }} aria-hidden />
      <Typography id="sin-permiso" variant="h5" component="h1" gutterBottom>
        Sin permiso
      </Typography>
      <Typography sx={{ mb: 1 }}>Tu rol ({rolNombre}) no permite abrir esta pantalla.</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Si la necesitas para tu trabajo, pide a un Administrador que cambie tu rol en Usuarios.
      </Typography>
      <Button component={RouterLink} to={`${base}/`} variant="contained">
        Ir a mis pantallas
      </Button>
    </Box>
  );
}
