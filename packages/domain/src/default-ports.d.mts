export declare const DEFAULT_PORTS: Readonly<{
  storefront: number;
  api: number;
  paypalSimulator: number;
  mailSmtp: number;
  mailWeb: number;
}>;
