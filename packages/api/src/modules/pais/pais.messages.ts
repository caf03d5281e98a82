export const PAIS_MSG = {
  notFound: "El país no existe",
  fotoRequired: "La foto del país es obligatoria",
  oneFoto: "Solo se permite una foto",
} as const;
