import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Hoy } from "@tours/contract";
import { shortDateEs } from "../../lib/dates";

/**
 * The 14 days' occupancy as bars (recharts, the charting library of react-admin's demos). Loaded on its own chunk
 * when the Hoy screen draws it, so the panel's first screen does not carry the library.
 */
export function OccupancyChart({ dias }: { dias: NonNullable<Hoy["ocupacion"]> }) {
  const data = dias.map((d) => ({ dia: shortDateEs(d.fecha), porcentaje: d.porcentaje, vendidos: d.vendidos, cupo: d.cupo }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="dia" tick={{ fontSize: 12 }} interval={0} angle={-35} textAnchor="end" height={48} />
        <YAxis unit="%" domain={[0, 100]} tick={{ fontSize: 12 }} width={44} allowDataOverflow />
        <Tooltip
          formatter={(value, _name, item) => [`${value} % (${item.payload.vendidos} de ${item.payload.cupo})`, "Ocupación"]}
          labelFormatter={(label) => `Día ${label}`}
        />
        <Bar dataKey="porcentaje" name="Ocupación" fill="#1565c0" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
