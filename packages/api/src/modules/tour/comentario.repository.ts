import { desc, eq } from "drizzle-orm";
import type { ComentarioCreateBody } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { timestamps } from "../../http/serialize.ts";
import { type ComentarioRow, comentariosTable } from "./tour.table.ts";

/** "maria@gmail.com" → "m•••@gmail.com": the public list never shows a whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

export function toComentario(row: ComentarioRow, options: { maskEmail: boolean }) {
  return {
    id: row.id,
    id_tour: row.idTour,
    email: options.maskEmail ? maskEmail(row.email) : row.email,
    comentario: row.comentario,
    start: row.start,
    ...timestamps(row),
  };
}

export function createComentarioRepository(db: Db) {
  return {
    /** Newest first. */
    byTour(tourId: number): Promise<ComentarioRow[]> {
      return db
        .select()
        .from(comentariosTable)
        .where(eq(comentariosTable.idTour, tourId))
        .orderBy(desc(comentariosTable.createdAt), desc(comentariosTable.id));
    },
    async create(body: ComentarioCreateBody): Promise<ComentarioRow> {
      const [row] = await db
        .insert(comentariosTable)
        .values({ idTour: body.id_tour, email: body.email.toLowerCase(), comentario: body.comentario, start: body.start })
        .returning();
      return row!;
    },
  };
}
