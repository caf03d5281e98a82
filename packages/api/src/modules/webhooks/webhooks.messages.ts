export const WEBHOOK_MSG = {
  forged: "La firma del webhook no es válida",
  malformed: "El evento del webhook no es válido",
  retry: "No fue posible procesar el evento, PayPal lo reintentará",
} as const;
