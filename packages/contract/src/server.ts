import { z } from "zod/mini";
import { es } from "zod/locales";

/**
 * For server processes (the API imports it at start): zod's own messages, for the checks that carry no Spanish
 * message of ours, in Spanish too. zod/mini has no locale by default, so the browser bundles stay without one:
 * there every message a visitor reads is ours.
 */
z.config(es());
