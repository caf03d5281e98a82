import { addDays, formatDia, lineTotalCents, wallClock } from "@tours/domain";
import { loadConfig, loadDotEnv } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { migrateDatabase } from "../src/db/migrate.ts";
import { createCompraRepository } from "../src/modules/compra/compra.repository.ts";
import { ciudadesTable } from "../src/modules/ciudades/ciudades.table.ts";
import { createOctoRepository } from "../src/modules/octo/octo.repository.ts";
import { paisTable } from "../src/modules/pais/pais.table.ts";
import { salida } from "../src/modules/salidas/salidas.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";

/**
 * The catalogue the OCTO validator certifies us on (docs/decisions/0009), on a fresh database (SEED_DEMO=false):
 * one refundable tour with 1,000 places per departure (daily at 10:00 and 15:00, Bogotá), whose 10:00 departure
 * five days from now is sold out (4 places, all confirmed by a reseller booking); a second tour (daily at 16:00,
 * 1,000 places) so the validator's "change product" scenario runs too; and a reseller key for the validator. Uses the server's settings (DATABASE_URL or DATA_DIR); prints the key on the last line.
 *   SEED_DEMO=false DATA_DIR=/tmp/x npx tsx packages/api/scripts/octo-validator-catalogue.ts
 */

const ZONE = "America/Bogota";
const ALL_DAYS = { lunes: true, martes: true, miercoles: true, jueves: true, viernes: true, sabado: true, domingo: true };

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const db = database.db;
    const [pais] = await db.insert(paisTable).values({ nombre: "Colombia", prefijo: 57, zonaHoraria: ZONE }).returning();
    const [ciudad] = await db.insert(ciudadesTable).values({ nombre: "Bogotá", pais: pais!.id }).returning();
    const [tour] = await db
      .insert(tourTable)
      .values({
        nombre: "Bogotá en bicicleta (certificación OCTO)",
        precioCents: 4500,
        pais: pais!.id,
        ciudad: ciudad!.id,
        puntoEncuentro: "Plaza de Bolívar",
        incluye: "Guía\nBicicleta y casco",
        noIncluye: "Propinas",
        reembolsable: true,
        corteHoras: 2,
      })
      .returning();
    // a second product, so the validator also moves a booking from one product to another
    const [second] = await db
      .insert(tourTable)
      .values({ nombre: "Monserrate al atardecer", precioCents: 3000, pais: pais!.id, ciudad: ciudad!.id, puntoEncuentro: "Estación del funicular", reembolsable: true, corteHoras: 2 })
      .returning();
    await db.insert(horarioTable).values([
      { tourId: tour!.id, horaInicio: "10:00", cupo: 1000, ...ALL_DAYS },
      { tourId: tour!.id, horaInicio: "15:00", cupo: 1000, ...ALL_DAYS },
      { tourId: second!.id, horaInicio: "16:00", cupo: 1000, ...ALL_DAYS },
    ]);

    const octo = createOctoRepository(db);
    const { row: validator, key } = await octo.createReseller("Validador OCTO");
    const { row: other } = await octo.createReseller("Revendedor que agotó una salida");

    // the sold-out departure: 4 places, all taken by a confirmed reseller booking
    const now = new Date();
    const soldOut = addDays(wallClock(now, ZONE).date, 5);
    await db.insert(salida).values({ tourId: tour!.id, fecha: soldOut, hora: "10:00", cupo: 4 });
    const counts = { mayores15: 4, menoresde15_a4: 0, menores3: 0, mascotas: 0 };
    const total = lineTotalCents(tour!.precioCents, counts);
    const reserved = await createCompraRepository(db).reserve(
      {
        nombre: "Grupo",
        apellido: "Agotado",
        email: "",
        nit: "",
        direccion: "",
        telefono: "",
        telefonorespaldo: null,
        comentario: null,
        valor_total_cents: total,
        octo: { uuid: crypto.randomUUID(), resellerId: other.id, referencia: "AGOTADA", peticion: "{}", contacto: null },
      },
      [{ id_tour: tour!.id, fecha_tour: formatDia(soldOut, "10:00"), fecha: soldOut, hora: "10:00", ...counts, valor_cents: tour!.precioCents, valor_total_cents: total }],
      now,
      new Date(now.getTime() + 60_000),
    );
    if (!reserved.ok || !(await octo.confirmHold(reserved.row.id, now, {}))) throw new Error("could not sell out the departure");

    console.log(`tour ${tour!.id}: 10:00 and 15:00 daily, 1000 places; sold out: ${tour!.id}-${soldOut.replace(/-/g, "")}-1000`);
    console.log(`tour ${second!.id}: 16:00 daily, 1000 places`);
    console.log(`reseller ${validator.id} (${validator.nombre}) key:`);
    console.log(key);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
