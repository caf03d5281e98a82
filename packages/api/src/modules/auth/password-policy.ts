import { MIN_PASSWORD_LENGTH } from "@tours/domain";
import { PASSWORD_MSG } from "./auth.messages.ts";

/**
 * New staff passwords: at least MIN_PASSWORD_LENGTH characters (the contract checks the length too) and not one
 * of the passwords that top the public leak lists (compared case-insensitively, ignoring spaces), nor the
 * account's own e-mail.
 */

// the 10+ character entries of the most common passwords in public breach corpora (SecLists, NCSC top 100k)
const COMMON_PASSWORDS = new Set([
  "1234567890", "12345678910", "123456789a", "1234567891", "0123456789", "0987654321", "1111111111", "0000000000",
  "1q2w3e4r5t", "1qaz2wsx3edc", "qwertyuiop", "qwerty1234", "qwerty12345", "qwerty123456", "asdfghjkl1",
  "password12", "password123", "password1234", "password01", "passw0rd12", "iloveyou12", "princess12",
  "abc1234567", "abcd123456", "a123456789", "abcdefghij", "aaaaaaaaaa", "1234qwerty", "zaq12wsxcde",
  "football12", "baseball12", "superman12", "basketball", "chocolate1", "sunshine12", "welcome123", "welcome1234",
  "letmein123", "trustno1234", "administrator", "admin12345", "admin123456", "administrador", "contraseña",
  "contrasena", "contraseña1", "contrasena1", "contraseña123", "contrasena123", "123456789abc", "iloveyou123",
  "1234567890a", "q1w2e3r4t5", "q1w2e3r4t5y6", "1q2w3e4r5t6y", "zxcvbnm123", "asdfghjkl123", "qwertyuiop123",
  "changeme123", "passpass12", "monkey1234", "dragon1234", "michael123", "jordan2323", "liverpool1", "barcelona1",
  "realmadrid", "teamo12345", "tequiero12", "colombia123", "mexico1234", "argentina1", "bogota1234", "tours-demo-2026",
]);

/** The Spanish message of the first rule the password breaks, or null when it is acceptable. */
export function passwordProblem(password: string, email = ""): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MSG.tooShort;
  const plain = password.toLowerCase().replace(/\s+/g, "");
  if (COMMON_PASSWORDS.has(plain) || /^(.)\1+$/.test(plain) || /^(0123456789|1234567890)+$/.test(plain)) return PASSWORD_MSG.tooCommon;
  if (email && plain === email.trim().toLowerCase()) return PASSWORD_MSG.isEmail;
  return null;
}
