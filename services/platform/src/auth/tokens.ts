import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, importPKCS8, importSPKI, jwtVerify, type CryptoKey, type KeyObject } from 'jose';
import { UnauthorizedError } from '../http/errors';

/** Who is calling, as the access token says. */
export interface Principal {
  userId: string;
  email: string;
  roles: string[];
  verified: boolean;
  /** The account's "max shown rating" setting (e, e7, pg, t, m), when set. */
  maxShownRating?: string;
  /** The sign-in (refresh-token family) the token was issued to; lets a password change keep it. */
  sessionId?: string;
}

export const ADMIN_ROLE = 'admin';

// Ed25519: small keys and signatures, and the public half is all a verifying service holds.
const ALGORITHM = 'EdDSA';

type Key = CryptoKey | KeyObject;

export function generateSigningKeys(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * Verifies access tokens in every service without calling the account service: signature with the
 * account service's public key, algorithm pinned (so `alg: none` and HMAC tricks fail), issuer,
 * audience and expiry.
 */
export class TokenVerifier {
  private key: Promise<Key>;

  constructor(publicKeyPem: string, private readonly issuer: string, private readonly audience: string) {
    this.key = importSPKI(publicKeyPem, ALGORITHM);
  }

  async verify(token: string): Promise<Principal> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: this.issuer,
        audience: this.audience,
        algorithms: [ALGORITHM],
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return {
        userId: String(payload.sub),
        email: typeof payload.email === 'string' ? payload.email : '',
        roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
        verified: payload.verified === true,
        ...(typeof payload.maxShownRating === 'string' ? { maxShownRating: payload.maxShownRating } : {}),
        ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
      };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new UnauthorizedError();
      throw error;
    }
  }
}

/** Signs short-lived access tokens; only the account service holds the private key. */
export class TokenSigner {
  private key: Promise<Key>;

  constructor(
    privateKeyPem: string,
    private readonly issuer: string,
    private readonly audience: string,
    readonly ttlSeconds: number,
  ) {
    this.key = importPKCS8(privateKeyPem, ALGORITHM);
  }

  async sign(principal: Principal, now = new Date()): Promise<{ token: string; expiresIn: number }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const claims: Record<string, unknown> = { email: principal.email, roles: principal.roles, verified: principal.verified };
    if (principal.maxShownRating) claims.maxShownRating = principal.maxShownRating;
    if (principal.sessionId) claims.sid = principal.sessionId;
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(principal.userId)
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .setJti(randomUUID())
      .sign(await this.key);
    return { token, expiresIn: this.ttlSeconds };
  }
}
