export const BANNER_MSG = {
  imageRequired: "Se requiere una imagen",
  oneImage: "Solo se permite una imagen para el banner",
} as const;
