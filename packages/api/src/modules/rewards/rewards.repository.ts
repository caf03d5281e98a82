import { asc } from "drizzle-orm";
import type { ListParams, RewardsCreateBody } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { type ListSpec, listPage } from "../../http/list.ts";
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
    page(params: ListParams) {
      return listPage(db, rewardsTable, REWARDS_LIST, params);
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
