/**
 * The simulator's fixed credentials and webhook id. The API reads them from here when it pays through the
 * simulator (no PayPal credentials set), so both sides always agree.
 */
export const SIMULATOR_CLIENT_ID = "sim-client-id";
export const SIMULATOR_CLIENT_SECRET = "sim-client-secret";
export const SIMULATOR_WEBHOOK_ID = "WH-SIMULATOR";
