import type { FastifyPluginAsync } from "fastify";
import { CodigoAplicarBody, CodigoBody } from "@tours/contract";
import { fromCents } from "@tours/domain";
import type { AppDeps } from "../../deps.ts";
import { requireRole } from "../../http/auth.ts";
import { HttpError, fieldError, notFound, parseBody, parseId } from "../../http/errors.ts";
import { listParamsOf, sendPage } from "../../http/list.ts";
import { actorOf, audited } from "../auditoria/auditoria.ts";
import { compraServiceFor } from "../compra/compra.service.ts";
import { CODIGO_MSG } from "./codigos.messages.ts";
import { createCodigosRepository } from "./codigos.repository.ts";
import type { CodigoDescuentoRow } from "./codigos.table.ts";

/** The panel's view of a code: a fixed amount in USD, with its uses and the money they took off. */
function toCodigo(row: CodigoDescuentoRow, stats = { uses: 0, cents: 0 }) {
  return {
    id: row.id,
    codigo: row.codigo,
    tipo: row.tipo,
    valor: row.tipo === "porcentaje" ? row.valor : fromCents(row.valor),
    tours: row.tours,
    reserva_desde: row.reserva_desde,
    reserva_hasta: row.reserva_hasta,
    salida_desde: row.salida_desde,
    salida_hasta: row.salida_hasta,
    usos_max: row.usos_max,
    usos_por_email: row.usos_por_email,
    activo: row.activo,
    usos: stats.uses,
    descontado: fromCents(stats.cents),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "23505") return true;
  return false;
}
const duplicate = () => new HttpError(409, { errors: [fieldError(CODIGO_MSG.duplicate, "codigo")] });

/** Discount codes (decision 0021): the panel's list, create and edit, and the cart's "¿Tienes un código?". */
export const codigosRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const codes = createCodigosRepository(deps.db);
  const { service } = compraServiceFor(deps, app.log);
  const staff = { preHandler: requireRole("codigos") };

  app.post("/api/codigos/aplicar", async (request) => ({ succes: await service.quoteCode(parseBody(CodigoAplicarBody, request.body)) }));

  app.get("/api/codigos", staff, async (request, reply) => {
    const page = await codes.page(listParamsOf(request) ?? { filter: {} });
    const stats = await codes.stats(page.rows.map((r) => r.id), deps.now());
    return { succes: sendPage(reply, "codigos", page.q, page.rows.map((r) => toCodigo(r, stats.get(r.id))), page.total) };
  });

  app.get<{ Params: { id: string } }>("/api/codigos/find/:id", staff, async (request) => {
    const row = await codes.find(parseId(request.params.id));
    if (!row) throw notFound(CODIGO_MSG.codeNotFound);
    return { succes: toCodigo(row, (await codes.stats([row.id], deps.now())).get(row.id)) };
  });

  app.post("/api/codigos", staff, async (request) => {
    const body = parseBody(CodigoBody, request.body);
    try {
      const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
        const created = await createCodigosRepository(tx).create(body);
        await audit({ action: "create", resource: "codigo_descuento", resourceId: created.id, after: toCodigo(created) });
        return created;
      });
      return { succes: toCodigo(row) };
    } catch (err) {
      throw isUniqueViolation(err) ? duplicate() : err;
    }
  });

  app.put<{ Params: { id: string } }>("/api/codigos/:id", staff, async (request) => {
    const body = parseBody(CodigoBody, request.body);
    const id = parseId(request.params.id);
    try {
      const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
        const repo = createCodigosRepository(tx);
        const before = await repo.find(id);
        const after = before && (await repo.update(id, body));
        if (!before || !after) throw notFound(CODIGO_MSG.codeNotFound);
        await audit({ action: "update", resource: "codigo_descuento", resourceId: id, before: toCodigo(before), after: toCodigo(after) });
        return after;
      });
      return { succes: toCodigo(row, (await codes.stats([row.id], deps.now())).get(row.id)) };
    } catch (err) {
      throw isUniqueViolation(err) ? duplicate() : err;
    }
  });
};
