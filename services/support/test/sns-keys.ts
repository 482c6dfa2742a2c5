import { execFileSync } from 'node:child_process';
import { createSign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { snsStringToSign, type SnsMessage } from '../src/domain/sns-signature';

export interface TestSigner {
  certificatePem: string;
  privateKeyPem: string;
  /** Signs the message as SNS does (SignatureVersion 1: SHA1, 2: SHA256). */
  sign(message: Omit<SnsMessage, 'Signature'>): SnsMessage;
}

/** A key pair and a self-signed certificate made here with the openssl CLI, standing in for SNS's. */
export function testSigner(commonName = 'sns.test'): TestSigner {
  const dir = mkdtempSync(path.join(tmpdir(), 'sns-key-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2',
      '-subj', `/CN=${commonName}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    const privateKeyPem = readFileSync(path.join(dir, 'key.pem'), 'utf8');
    const certificatePem = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    return {
      certificatePem,
      privateKeyPem,
      sign(message) {
        const signer = createSign(message.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
        signer.update(snsStringToSign({ ...message, Signature: '' } as SnsMessage), 'utf8');
        return { ...message, Signature: signer.sign(privateKeyPem, 'base64') } as SnsMessage;
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
