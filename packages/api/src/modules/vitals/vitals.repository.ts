import { lt, sql } from "drizzle-orm";
import type { VitalsSummaryRow } from "@tours/contract";
import type { z } from "zod/mini";
import type { VitalsReportBody } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { fieldVital } from "./vitals.table.ts";

const DAY_MS = 86_400_000;
/** The panel's periods, and how long a row is kept: a week past the longest, so a late look still has it all. */
export const VITALS_PERIODS = { short: 7, long: 28 } as const;
const KEEP_DAYS = VITALS_PERIODS.long + 7;
/** Old rows are swept by the reports themselves, one in this many: no job to schedule, none to forget. */
const SWEEP_EVERY = 500;

type Report = z.output<typeof VitalsReportBody>;

export function createVitalsRepository(db: Db) {
  let reportsSinceSweep = 0;
  return {
    async record(report: Report, at: Date): Promise<void> {
      await db.insert(fieldVital).values(
        report.metrics.map((m) => ({
          recordedAt: at,
          routeType: report.route,
          device: report.device,
          navigation: report.navigation,
          metric: m.name,
          value: m.value,
          rating: m.rating,
        })),
      );
      if (++reportsSinceSweep >= SWEEP_EVERY) {
        reportsSinceSweep = 0;
        await db.delete(fieldVital).where(lt(fieldVital.recordedAt, new Date(at.getTime() - KEEP_DAYS * DAY_MS)));
      }
    },

    /** p75 and sample count per route type, device class and metric, for the last 7 and 28 days: one query. */
    async summary(now: Date): Promise<VitalsSummaryRow[]> {
      const longFrom = new Date(now.getTime() - VITALS_PERIODS.long * DAY_MS);
      const shortFrom = new Date(now.getTime() - VITALS_PERIODS.short * DAY_MS);
      const short = sql`${fieldVital.recordedAt} > ${shortFrom.toISOString()}::timestamptz`;
      const rows = rowsOf<{ route: string; device: string; metric: string; p75_7: unknown; n7: unknown; p75_28: unknown; n28: unknown }>(
        await db.execute(sql`
          select ${fieldVital.routeType} as route, ${fieldVital.device} as device, ${fieldVital.metric} as metric,
            percentile_cont(0.75) within group (order by ${fieldVital.value}) filter (where ${short}) as p75_7,
            count(*) filter (where ${short}) as n7,
            percentile_cont(0.75) within group (order by ${fieldVital.value}) as p75_28,
            count(*) as n28
          from ${fieldVital}
          where ${fieldVital.recordedAt} > ${longFrom.toISOString()}::timestamptz
            and ${fieldVital.recordedAt} <= ${now.toISOString()}::timestamptz
          group by 1, 2, 3
          order by 1, 2, 3`),
      );
      const p75 = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      return rows.map((r) => ({
        route: r.route,
        device: r.device,
        metric: r.metric,
        last7: { p75: p75(r.p75_7), samples: Number(r.n7) },
        last28: { p75: p75(r.p75_28), samples: Number(r.n28) },
      })) as VitalsSummaryRow[];
    },
  };
}
