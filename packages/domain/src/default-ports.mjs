// The ports the product listens on when nothing says otherwise (`npm start`, the API's config, the storefront's
// server, the simulator run alone). Plain JavaScript: scripts/start.mjs and storefront/server.mjs run without a
// build; its types are in default-ports.d.mts. Each can be changed with the setting named beside it.
export const DEFAULT_PORTS = Object.freeze({
  /** PORT: the storefront, which also serves the panel at /panel */
  storefront: 3000,
  /** API_PORT */
  api: 4000,
  /** PAYPAL_SIM_PORT */
  paypalSimulator: 4010,
  /** MAIL_PORT: the local mail server's SMTP */
  mailSmtp: 1025,
  /** MAIL_WEB_PORT: the local mail server's web inbox */
  mailWeb: 1080,
});
