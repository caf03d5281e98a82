export const FREETOURS_MSG = {
  unavailable: "El servicio de free tours no está disponible en este momento, intente de nuevo más tarde",
  notFound: "El free tour no existe",
  badId: "El identificador del free tour no es válido",
} as const;
