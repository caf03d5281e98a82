import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { timestamps } from "../../http/serialize.ts";
import { type FotoRow, fotosTable } from "./tour.table.ts";

export function toFoto(row: FotoRow) {
  return { id: row.id, url: row.url, tourId: row.tourId, ...timestamps(row) };
}

export function createFotosRepository(db: Db) {
  return {
    byTour(tourId: number): Promise<FotoRow[]> {
      return db.select().from(fotosTable).where(eq(fotosTable.tourId, tourId)).orderBy(asc(fotosTable.id));
    },
    add(tourId: number, urls: string[]): Promise<FotoRow[]> {
      return db.insert(fotosTable).values(urls.map((url) => ({ url, tourId }))).returning();
    },
    async remove(id: number): Promise<FotoRow | null> {
      const [row] = await db.delete(fotosTable).where(eq(fotosTable.id, id)).returning();
      return row ?? null;
    },
  };
}
