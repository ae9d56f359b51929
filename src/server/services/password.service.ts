import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to Argon2id with OWASP-style cost parameters; the PHC string keeps
// the parameters, so a later cost change still verifies old hashes.

/**
 * Hashes a password with Argon2id.
 *
 * @example
 * const stored = await hashPassword('Demo1234!'); // '$argon2id$v=19$m=…'
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Checks a password against a stored hash; a malformed hash counts as a mismatch.
 *
 * @example
 * await verifyPassword(stored, 'Demo1234!'); // true
 */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
