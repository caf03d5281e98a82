import { randomInt } from "node:crypto";

/**
 * A booking's public reference ("TR-7KQ2M9XP") and its PIN (6 digits): what a buyer types in "Mi reserva" and a
 * guide scans at check-in (issue 9). No 0/O/1/I in the reference, so it can be read aloud or typed from paper.
 * 32^8 ≈ 10^12 references: a unique index catches the improbable repeat. The PIN is stored as is: six digits
 * hashed would fall to an offline search in seconds, so a hash would only pretend; wrong PINs are rate limited.
 */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function newReferencia(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `TR-${code}`;
}

export function newPin(): string {
  return String(randomInt(1_000_000)).padStart(6, "0");
}

/** What a buyer may have typed for a reference: spaces, lower case or no "TR-" are forgiven. */
export function normalizeReferencia(input: string): string {
  const compact = input.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return `TR-${compact.startsWith("TR") && compact.length === 10 ? compact.slice(2) : compact}`;
}
