import { asc, count } from "drizzle-orm";
import type { ListParams, RewardsCreateBody } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { type ListSpec, listSql } from "../../http/list.ts";
import { timestamps } from "../../http/serialize.ts";
import { type RewardsRow, rewardsTable } from "./rewards.table.ts";

export function toRewards(row: RewardsRow) {
  return {
    id: row.id,
    nombre: row.nombre,
    apellido: row.apellido,
    email: row.email,
    telefono: row.telefono,
    ...timestamps(row),
  };
}

export const REWARDS_LIST: ListSpec = {
  resource: "rewards",
  sortable: {
    id: rewardsTable.id,
    nombre: rewardsTable.nombre,
    apellido: rewardsTable.apellido,
    email: rewardsTable.email,
    telefono: rewardsTable.telefono,
    createdAt: rewardsTable.createdAt,
    updatedAt: rewardsTable.updatedAt,
  },
  filterable: { id: { column: rewardsTable.id, kind: "id" }, email: { column: rewardsTable.email, kind: "text" } },
  search: [rewardsTable.nombre, rewardsTable.apellido, rewardsTable.email, rewardsTable.telefono],
  defaultSort: [asc(rewardsTable.id)],
};

export function createRewardsRepository(db: Db) {
  return {
    all(): Promise<RewardsRow[]> {
      return db.select().from(rewardsTable).orderBy(asc(rewardsTable.id));
    },
    async page(params: ListParams) {
      const q = listSql(REWARDS_LIST, params);
      const [rows, [total]] = await Promise.all([
        db.select().from(rewardsTable).where(q.where).orderBy(...q.orderBy).limit(q.limit ?? 1_000_000).offset(q.offset),
        db.select({ n: count() }).from(rewardsTable).where(q.where),
      ]);
      return { q, rows, total: total?.n ?? 0 };
    },
    async create(body: RewardsCreateBody): Promise<RewardsRow> {
      const [row] = await db
        .insert(rewardsTable)
        .values({ nombre: body.nombre, apellido: body.apellido, email: body.email, telefono: body.telefono })
        .returning();
      return row!;
    },
  };
}
