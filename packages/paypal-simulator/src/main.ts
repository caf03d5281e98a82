import { DEFAULT_PORTS } from "@tours/domain/default-ports";
import { startPaypalSimulator } from "./server.ts";

/** Runs the simulator on its own: `npm start -w @tours/paypal-simulator` (PAYPAL_SIM_PORT, PAYPAL_SIM_WEBHOOK_URL). */
const port = Number(process.env.PAYPAL_SIM_PORT ?? DEFAULT_PORTS.paypalSimulator);
const sim = await startPaypalSimulator({
  port,
  webhookUrl: process.env.PAYPAL_SIM_WEBHOOK_URL || undefined,
  webhookId: process.env.PAYPAL_WEBHOOK_ID || undefined,
  log: console,
});
console.log(`PayPal simulator on ${sim.url}`);
const stop = () => void sim.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
