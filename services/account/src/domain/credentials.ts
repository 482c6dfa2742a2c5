import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing: argon2id at OWASP's recommended minimum (19 MiB of memory, 2 passes, 1 lane).
 * The parameters travel inside each stored hash, so raising them later only affects new hashes.
 */
export const ARGON2ID_OPTIONS = {
  // The binding's Algorithm is a const enum, which isolated modules cannot import; 2 is Argon2id.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * Sign-in for an unknown email still pays for one verification, so the answer's timing does not
 * tell which addresses have accounts.
 */
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await decoyHash, password);
  return false;
}

/** Opaque tokens (refresh tokens, link tokens): 256 random bits, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only hashes of opaque tokens are stored, so a copy of the database cannot sign anyone in. */
export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
