import type { FastifyPluginAsync } from "fastify";
import { CALLS } from "@tours/contract";
import { z } from "zod";

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.core.$ZodType, io: "input" | "output"): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  } catch {
    return {};
  }
}

const ERROR_ANSWER = {
  description: "Error con mensajes en español",
  content: { "application/json": { schema: { type: "object", properties: { errors: { type: "array" } } } } },
};

/**
 * The machine-readable description of the API (OpenAPI 3.1), built from the contract's call table and zod
 * schemas, so it cannot drift from what the server validates and answers.
 */
export function buildOpenApiDocument(serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, call] of Object.entries(CALLS)) {
    const path = call.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");
    const parameters = [...call.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const body = "body" in call ? call.body : undefined;
    const operation: Record<string, unknown> = {
      operationId: name,
      parameters,
      responses: {
        200: { description: "OK", content: { "application/json": { schema: toSchema(call.answer, "output") } } },
        400: ERROR_ANSWER,
        ...(call.auth ? { 401: ERROR_ANSWER } : {}),
        404: ERROR_ANSWER,
      },
      ...(call.auth ? { security: [{ bearer: [] }] } : {}),
    };
    if (body === "multipart") {
      operation.requestBody = { required: true, content: { "multipart/form-data": { schema: { type: "object" } } } };
    } else if (body) {
      operation.requestBody = { required: true, content: { "application/json": { schema: toSchema(body, "input") } } };
    }
    if ("list" in call && call.list) {
      operation.parameters = [
        ...parameters,
        { name: "sort", in: "query", schema: { type: "string" }, description: '["campo","ASC"|"DESC"]' },
        { name: "range", in: "query", schema: { type: "string" }, description: "[desde,hasta] (inclusive)" },
        { name: "filter", in: "query", schema: { type: "string" }, description: '{"q":"texto","campo":valor}' },
      ];
    }
    paths[path] = { ...paths[path], [call.method.toLowerCase()]: operation };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Tours API", version: "1.0.0", description: "API del marketplace de tours (contrato upstream)." },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    paths,
  };
}

export const openApiRoutes: FastifyPluginAsync<{ serverUrl: string }> = async (app, { serverUrl }) => {
  let document: JsonSchema | undefined;
  app.get("/api/openapi.json", async () => {
    document ??= buildOpenApiDocument(serverUrl);
    return document;
  });
};
