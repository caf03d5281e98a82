import { asc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { timestamps } from "../../http/serialize.ts";
import { type BannerRow, bannerTable } from "./banner.table.ts";

export function toBanner(row: BannerRow) {
  return { id: row.id, url: row.url, descripcion: row.descripcion, ...timestamps(row) };
}

export function createBannerRepository(db: Db) {
  return {
    all(): Promise<BannerRow[]> {
      return db.select().from(bannerTable).orderBy(asc(bannerTable.id));
    },
    /** There is one banner: saving replaces whatever was there. Answers the new row and the replaced ones. */
    async replace(url: string, descripcion: string): Promise<{ row: BannerRow; replaced: BannerRow[] }> {
      return db.transaction(async (tx) => {
        const replaced = await tx.delete(bannerTable).returning();
        const [row] = await tx.insert(bannerTable).values({ url, descripcion }).returning();
        return { row: row!, replaced };
      });
    },
    removeAll(): Promise<BannerRow[]> {
      return db.delete(bannerTable).returning();
    },
  };
}
