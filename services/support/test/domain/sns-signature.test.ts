import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  SNS_REFUSALS,
  isSnsUrl,
  parseSesEvent,
  parseSnsMessage,
  snsStringToSign,
  topicRegion,
  verifySnsSignature,
  type SnsMessage,
} from '../../src/domain/sns-signature';
import { testSigner } from '../sns-keys';

const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:ses-events';
const base = {
  Type: 'Notification' as const,
  MessageId: '2a3b4c5d-0000-4000-8000-000000000001',
  TopicArn: TOPIC,
  Message: '{"eventType":"Delivery","mail":{"messageId":"m-1"}}',
  Timestamp: '2026-11-27T07:00:00.000Z',
  SignatureVersion: '2' as const,
  SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem',
};

describe('SNS signatures', () => {
  const signer = testSigner();
  const other = testSigner('someone-else');

  it('builds the canonical string of a notification, Subject only when given', () => {
    assert.equal(
      snsStringToSign({ ...base, Signature: '' }),
      `Message\n${base.Message}\nMessageId\n${base.MessageId}\nTimestamp\n${base.Timestamp}\nTopicArn\n${TOPIC}\nType\nNotification\n`,
    );
    assert.match(snsStringToSign({ ...base, Subject: 'Hi', Signature: '' }), /^Message\n.*\nMessageId\n.*\nSubject\nHi\nTimestamp\n/s);
    const confirmation = snsStringToSign({ ...base, Type: 'SubscriptionConfirmation', SubscribeURL: 'https://s/x', Token: 'tok', Signature: '' });
    assert.equal(confirmation, `Message\n${base.Message}\nMessageId\n${base.MessageId}\nSubscribeURL\nhttps://s/x\nTimestamp\n${base.Timestamp}\nToken\ntok\nTopicArn\n${TOPIC}\nType\nSubscriptionConfirmation\n`);
  });

  it('accepts a message signed with the certificate’s key, SHA256 (v2) and SHA1 (v1)', () => {
    verifySnsSignature(signer.sign(base), signer.certificatePem);
    verifySnsSignature(signer.sign({ ...base, SignatureVersion: '1' }), signer.certificatePem);
  });

  it('refuses a changed message, another key, an unknown version, a broken or expired certificate', () => {
    const signed = signer.sign(base);
    const refusal = (message: SnsMessage, pem = signer.certificatePem, now?: Date) => {
      try {
        verifySnsSignature(message, pem, now);
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    };
    assert.equal(refusal({ ...signed, Message: base.Message.replace('Delivery', 'Bounce') }), SNS_REFUSALS.signature);
    assert.equal(refusal({ ...signed, TopicArn: 'arn:aws:sns:eu-west-1:123456789012:other' }), SNS_REFUSALS.signature);
    assert.equal(refusal(other.sign(base)), SNS_REFUSALS.signature);
    assert.equal(refusal({ ...signed, Signature: 'not base64 at all!!' }), SNS_REFUSALS.signature);
    assert.equal(refusal({ ...signed, SignatureVersion: '3' as '2' }), SNS_REFUSALS.signatureVersion);
    assert.equal(refusal(signed, 'not a certificate'), SNS_REFUSALS.certificate);
    assert.equal(refusal(signed, signer.certificatePem, new Date(Date.now() + 5 * 86_400_000)), SNS_REFUSALS.certificate);
  });

  it('reads only well-formed SNS messages', () => {
    assert.ok(parseSnsMessage({ ...base, Signature: 'x' }));
    assert.equal(parseSnsMessage(null), null);
    assert.equal(parseSnsMessage([base]), null);
    assert.equal(parseSnsMessage({ ...base, Signature: 'x', Type: 'Other' }), null);
    assert.equal(parseSnsMessage({ ...base, Signature: 'x', MessageId: 7 }), null);
    assert.equal(parseSnsMessage({ ...base, Signature: '' }), null);
    assert.equal(parseSnsMessage({ ...base, Signature: 'x', Type: 'SubscriptionConfirmation' }), null, 'a confirmation needs its SubscribeURL and Token');
  });

  it('trusts only https://sns.<region>.amazonaws.com for the topic’s region', () => {
    assert.equal(topicRegion(TOPIC), 'eu-west-1');
    assert.equal(topicRegion('arn:aws:sns:eu-west-1:bad:x'), null);
    assert.equal(isSnsUrl(base.SigningCertURL, 'eu-west-1', { pem: true }), true);
    assert.equal(isSnsUrl('http://sns.eu-west-1.amazonaws.com/x.pem', 'eu-west-1', { pem: true }), false);
    assert.equal(isSnsUrl('https://sns.eu-west-1.amazonaws.com.evil.example/x.pem', 'eu-west-1', { pem: true }), false);
    assert.equal(isSnsUrl('https://sns.us-east-1.amazonaws.com/x.pem', 'eu-west-1', { pem: true }), false);
    assert.equal(isSnsUrl('https://evil@sns.eu-west-1.amazonaws.com/x.pem', 'eu-west-1', { pem: true }), false);
    assert.equal(isSnsUrl('https://sns.eu-west-1.amazonaws.com:8443/x.pem', 'eu-west-1', { pem: true }), false);
    assert.equal(isSnsUrl('https://sns.eu-west-1.amazonaws.com/x.txt', 'eu-west-1', { pem: true }), false);
    assert.equal(isSnsUrl('https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription', 'eu-west-1'), true);
    assert.equal(isSnsUrl('not a url', 'eu-west-1'), false);
  });

  it('reads SES events: permanent bounces, complaints, deliveries, rejects; others dropped', () => {
    const bounce = parseSesEvent(JSON.stringify({
      eventType: 'Bounce',
      mail: { messageId: 'm-2' },
      bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: 'gone@example.com', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }], timestamp: '2026-11-27T07:01:00.000Z' },
    }));
    assert.deepEqual(bounce, {
      type: 'Bounce', messageId: 'm-2', recipients: ['gone@example.com'], permanent: true,
      detail: 'SES Bounce: Permanent/General (smtp; 550 5.1.1 user unknown)', at: new Date('2026-11-27T07:01:00.000Z'),
    });
    assert.equal(parseSesEvent(JSON.stringify({ notificationType: 'Bounce', mail: { messageId: 'm' }, bounce: { bounceType: 'Transient' } }))?.permanent, false);
    assert.equal(parseSesEvent(JSON.stringify({ eventType: 'Complaint', mail: { messageId: 'm' }, complaint: { complainedRecipients: [{ emailAddress: 'a@b.example' }] } }))?.type, 'Complaint');
    assert.equal(parseSesEvent(JSON.stringify({ eventType: 'Reject', mail: { messageId: 'm' }, reject: { reason: 'Bad content' } }))?.detail, 'SES Reject: Bad content');
    assert.equal(parseSesEvent(JSON.stringify({ eventType: 'Open', mail: { messageId: 'm' } })), null);
    assert.equal(parseSesEvent(JSON.stringify({ eventType: 'Delivery', mail: {} })), null);
    assert.equal(parseSesEvent('not json'), null);
    assert.equal(parseSesEvent('null'), null);
  });
});
