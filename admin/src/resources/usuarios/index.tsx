import { useCallback, useEffect, useState } from "react";
import { Title } from "react-admin";
import {
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { Usuario, UsuarioUpdateBodyInput } from "@tours/contract";
import { api } from "../../providers/config";
import { useToasts } from "../../lib/useToasts";
import { ROL_NOMBRES } from "../../lib/roles";
import { ScrollBox } from "../../lib/ScrollBox";

const ERROR = "No se pudo guardar el usuario";

function RoleSelect({ value, onChange, label }: { value: string; onChange: (rol: string) => void; label: string }) {
  return (
    <TextField select label={label} value={value} onChange={(e) => onChange(e.target.value)} size="small" sx={{ minWidth: 150 }}>
      {Object.entries(ROL_NOMBRES).map(([code, nombre]) => (
        <MenuItem key={code} value={code}>
          {nombre}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Staff accounts (Administrador): create, change role, deactivate or reactivate, reset a password. */
export function StaffPage() {
  const toasts = useToasts();
  const [usuarios, setUsuarios] = useState<Usuario[]>([]);
  const [form, setForm] = useState({ nombre: "", email: "", rol: "contenido", password: "" });
  const [reset, setReset] = useState<{ id: number; password: string } | null>(null);

  const load = useCallback(async () => setUsuarios((await api.usuarios.index()).succes), []);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  const run = (success: string, action: () => Promise<unknown>) =>
    toasts.run({ success, error: ERROR, showApiErrors: true }, async () => {
      await action();
      await load();
    });

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Usuarios" />
      <Typography variant="h5" component="h1" gutterBottom>
        Usuarios
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack
            direction={{ xs: "column", md: "row" }}
            spacing={2}
            component="form"
            aria-label="Nuevo usuario"
            onSubmit={(e) => {
              e.preventDefault();
              void run("Usuario creado", async () => {
                await api.usuarios.create({ ...form, rol: form.rol as UsuarioUpdateBodyInput["rol"] & string });
                setForm({ nombre: "", email: "", rol: form.rol, password: "" });
              });
            }}
          >
            <TextField label="Nombre" value={form.nombre} onChange={(e) => setForm({ ...form, nombre: e.target.value })} size="small" />
            <TextField label="Email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} size="small" />
            <RoleSelect label="Rol" value={form.rol} onChange={(rol) => setForm({ ...form, rol })} />
            <TextField
              label="Contraseña"
              type="password"
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
              size="small"
              helperText="Al menos 10 caracteres"
            />
            <Button type="submit" variant="contained">
              Agregar
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <ScrollBox label="Usuarios, tabla desplazable">
        <Table size="small" aria-label="Usuarios">
          <TableHead>
            <TableRow>
              <TableCell>ID</TableCell>
              <TableCell>Nombre</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Rol</TableCell>
              <TableCell>Estado</TableCell>
              <TableCell>Acciones</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {usuarios.map((u) => (
              <TableRow key={u.id}>
                <TableCell>{u.id}</TableCell>
                <TableCell>{u.nombre}</TableCell>
                <TableCell>{u.email}</TableCell>
                <TableCell>
                  <RoleSelect
                    label={`Rol de ${u.nombre}`}
                    value={u.rol}
                    onChange={(rol) => void run("Rol actualizado", () => api.usuarios.update(u.id, { rol: rol as UsuarioUpdateBodyInput["rol"] }))}
                  />
                </TableCell>
                <TableCell>{u.activo ? "Activo" : "Inactivo"}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => void run(u.activo ? "Usuario desactivado" : "Usuario activado", () => api.usuarios.update(u.id, { activo: !u.activo }))}>
                      {u.activo ? "Desactivar" : "Activar"}
                    </Button>
                    {reset?.id === u.id ? (
                      <Stack
                        direction="row"
                        spacing={1}
                        component="form"
                        onSubmit={(e) => {
                          e.preventDefault();
                          void run("Contraseña restablecida", async () => {
                            await api.usuarios.password(u.id, { password: reset.password });
                            setReset(null);
                          });
                        }}
                      >
                        <TextField
                          label="Nueva contraseña"
                          type="password"
                          size="small"
                          value={reset.password}
                          onChange={(e) => setReset({ id: u.id, password: e.target.value })}
                        />
                        <Button type="submit" size="small" variant="contained">
                          Guardar
                        </Button>
                      </Stack>
                    ) : (
                      <Button size="small" onClick={() => setReset({ id: u.id, password: "" })}>
                        Restablecer contraseña
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollBox>
    </Box>
  );
}
