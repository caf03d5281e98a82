import { eq } from "drizzle-orm";
import { CompraCreateAnswer } from "@tours/contract";
import { pedido } from "../src/modules/compra/compra.table.ts";
import type { ApiTest } from "./test-app.ts";
import { buyer } from "./compra-fixtures.ts";

export interface Bought {
  pedidoId: number;
  referencia: string;
  pin: string;
  /** PayPal's order id (the storefront's token). */
  token: string;
}

/** Creates an order of these lines (compra-fixtures' `line`), approves it at the simulator and confirms it: paid. */
export async function buyPaid(t: ApiTest, pedidos: unknown[], who: Record<string, unknown> = {}): Promise<Bought> {
  const created = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(who), pedidos } });
  if (created.statusCode !== 200) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const token = CompraCreateAnswer.parse(created.json()).succes.id;
  t.sim.control.approve(token);
  const confirmed = await t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } });
  if (confirmed.statusCode !== 200) throw new Error(`confirma: ${confirmed.statusCode} ${confirmed.body}`);
  const [row] = await t.db.select().from(pedido).where(eq(pedido.id_pay, token));
  return { pedidoId: row!.id, referencia: row!.referencia, pin: row!.pin, token };
}
