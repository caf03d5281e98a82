import { MIN_PASSWORD_LENGTH } from "@tours/domain";

export const LOGIN_FAILED_MSG = "Usuario o contraseña incorrectos";

export const USUARIO_MSG = {
  notFound: "El usuario no existe",
  emailTaken: "Ya existe un usuario con ese correo electrónico",
  lastAdmin: "Debe quedar al menos un Administrador activo",
} as const;

export const PASSWORD_MSG = {
  tooShort: `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`,
  tooCommon: "Esa contraseña es demasiado común; elija otra más difícil de adivinar",
  isEmail: "La contraseña no puede ser el correo electrónico",
} as const;
