import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ErrorLocation, type ValidationErrorItem, zodIssuesToErrors } from "@tours/contract";
import { MAX_PHOTOS_PER_SELECTION } from "@tours/domain";
import { z } from "zod";

/** Generic Spanish messages of this boundary. */
export const HTTP_MSG = {
  badRequest: "La petición no es válida",
  internal: "Se genero un error inesperado, intente de nuevo más tarde",
  routeNotFound: "La ruta solicitada no existe",
  invalidJson: "El cuerpo de la petición no es un JSON válido",
  forbiddenCharacter: "El texto contiene caracteres no permitidos",
  emptyJson: "El cuerpo de la petición está vacío",
  unsupportedMediaType: "Tipo de contenido no soportado",
  bodyTooLarge: "La petición supera el tamaño máximo permitido",
  unauthorized: "No autorizado: inicie sesión de nuevo",
  imageTooLarge: "La imagen supera el tamaño máximo de 10 MB",
  tooManyFiles: `Máximo ${MAX_PHOTOS_PER_SELECTION} fotos seleccionadas`,
  tooManyParts: "La petición tiene demasiados campos",
  notMultipart: "La petición debe enviarse como multipart/form-data",
  inUse: "No se puede eliminar: otros registros dependen de este",
  tooManyRequests: "Demasiados intentos, espere un minuto e intente de nuevo",
} as const;

/** A staff user whose role does not grant the call. */
export const FORBIDDEN_MSG = "No tiene permiso para realizar esta acción";

/** An error that carries the exact status and body the client must see. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly body: unknown,
  ) {
    super(`HTTP ${statusCode}`);
    this.name = "HttpError";
  }
}

/** A one-message error item in the contract's 400 shape. */
export function fieldError(msg: string, path = "", value: unknown = null, location: ErrorLocation = "body"): ValidationErrorItem {
  return { type: "field", value: value ?? null, msg, path, location };
}

const SECRET_FIELDS = new Set(["password"]);

/** The contract's error list for a failed parse; a missing value is sent as null so the key survives JSON. */
export function issuesToErrors(error: z.core.$ZodError, location: ErrorLocation, input: unknown): ValidationErrorItem[] {
  return zodIssuesToErrors(error, location, input).map((item) => ({
    ...item,
    // a password is never echoed back, not even to its owner
    value: SECRET_FIELDS.has(item.path) ? null : (item.value ?? null),
  }));
}

export function badRequest(errors: ValidationErrorItem[] | string): HttpError {
  return new HttpError(400, { errors: typeof errors === "string" ? [fieldError(errors)] : errors });
}

export function notFound(msg: string): HttpError {
  return new HttpError(404, { errors: [{ msg }] });
}

export function unauthorized(msg: string = HTTP_MSG.unauthorized): HttpError {
  return new HttpError(401, { errors: [{ msg }] });
}

/** Parses `input` with a contract schema; a failure becomes the contract's 400 with the schema's Spanish messages. */
export function parseBody<S extends z.core.$ZodType>(schema: S, input: unknown, location: ErrorLocation = "body"): z.output<S> {
  const result = z.safeParse(schema, input ?? {});
  if (!result.success) throw badRequest(issuesToErrors(result.error, location, input));
  return result.data;
}

/** A positive integer id from a route parameter; anything else is a 400 in the contract's shape. */
export function parseId(value: unknown, path = "id"): number {
  const text = typeof value === "string" ? value.trim() : "";
  const id = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(id) || id < 1) {
    throw badRequest([fieldError("El identificador debe ser un número entero positivo", path, value, "params")]);
  }
  return id;
}

/** foreign_key_violation (NO ACTION) and restrict_violation (ON DELETE RESTRICT): the row is still referenced. */
const PG_STILL_REFERENCED = new Set(["23503", "23001"]);

function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Fastify's own client errors, by code, with the Spanish answer they get. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; msg: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msg: HTTP_MSG.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, msg: HTTP_MSG.emptyJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, msg: HTTP_MSG.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, msg: HTTP_MSG.bodyTooLarge },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msg: HTTP_MSG.bodyTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, msg: HTTP_MSG.imageTooLarge },
  FST_FILES_LIMIT: { status: 413, msg: HTTP_MSG.tooManyFiles },
  FST_PARTS_LIMIT: { status: 413, msg: HTTP_MSG.tooManyParts },
  FST_FIELDS_LIMIT: { status: 413, msg: HTTP_MSG.tooManyParts },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, msg: HTTP_MSG.notMultipart },
  FST_PROTO_VIOLATION: { status: 400, msg: HTTP_MSG.tooManyParts },
};

/** True when some string inside `value` holds a NUL character, which PostgreSQL text cannot store. */
export function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 32 || value === null || typeof value !== "object") return false;
  return Object.values(value as Record<string, unknown>).some((v) => hasNulCharacter(v, depth + 1));
}

/** A 400 for text that cannot be stored (a NUL byte), before it reaches a query. */
export function forbiddenCharacter(path = ""): HttpError {
  return badRequest([fieldError(HTTP_MSG.forbiddenCharacter, path)]);
}

/**
 * The one error handler: contract-shaped answers for what the client did wrong, a generic Spanish 500 (and a
 * logged stack) for everything else. A stack never reaches the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send(err.body);
    }
    const code = (err as FastifyError).code;
    const known = code ? FASTIFY_CLIENT_ERRORS[code] : undefined;
    if (known) {
      return reply.code(known.status).send({ errors: [fieldError(known.msg)] });
    }
    const sqlState = pgCode(err);
    if (sqlState && PG_STILL_REFERENCED.has(sqlState)) {
      return reply.code(409).send({ errors: [{ msg: HTTP_MSG.inUse }] });
    }
    const status = (err as FastifyError).statusCode;
    if (status === 429) {
      return reply.code(429).send({ errors: [{ msg: HTTP_MSG.tooManyRequests }] });
    }
    if (typeof status === "number" && status >= 400 && status < 500) {
      request.log.info({ err }, "client error");
      return reply.code(status).send({ errors: [{ msg: status === 401 ? HTTP_MSG.unauthorized : HTTP_MSG.badRequest }] });
    }
    request.log.error({ err }, "unhandled error");
    return reply.code(500).send({ errors: [{ msg: HTTP_MSG.internal }] });
  });

  app.setNotFoundHandler((_request, reply) => {
    return reply.code(404).send({ errors: [{ msg: HTTP_MSG.routeNotFound }] });
  });
}
