export const CIUDAD_MSG = {
  notFound: "La ciudad no existe",
  fotoRequired: "La foto de la ciudad es obligatoria",
  oneFoto: "Solo se permite una foto",
} as const;
