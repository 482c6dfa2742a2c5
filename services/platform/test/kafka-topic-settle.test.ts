import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import kafkajs from 'kafkajs';
import { isTopicSettling, whileTopicsSettle } from '../src/events/kafka-bus';

const { KafkaJSProtocolError, KafkaJSNumberOfRetriesExceeded, KafkaJSError } = kafkajs;

function protocolError(type: string): Error {
  // kafkajs builds these from the broker's error code table; its types take a plain Error.
  const fromBroker = Object.assign(new Error(`broker says ${type}`), { type, code: 3, retriable: true });
  return new KafkaJSProtocolError(fromBroker);
}

/** A step failing with the given errors in turn, then answering `done`. */
function failingWith(errors: Error[]) {
  let calls = 0;
  return {
    step: async () => {
      calls += 1;
      const error = errors[calls - 1];
      if (error) throw error;
      return 'done';
    },
    calls: () => calls,
  };
}

const noSleep = { sleep: async () => undefined };

describe('waiting for a new Kafka topic to settle', () => {
  it('takes unknown-topic, leaderless and kafkajs-wrapped answers as settling, and nothing else', () => {
    assert.equal(isTopicSettling(protocolError('UNKNOWN_TOPIC_OR_PARTITION')), true);
    assert.equal(isTopicSettling(protocolError('LEADER_NOT_AVAILABLE')), true);
    const wrapped = new KafkaJSNumberOfRetriesExceeded(protocolError('UNKNOWN_TOPIC_OR_PARTITION'), { retryCount: 5, retryTime: 100 });
    assert.equal(isTopicSettling(wrapped), true);
    assert.equal(isTopicSettling(protocolError('TOPIC_AUTHORIZATION_FAILED')), false);
    assert.equal(isTopicSettling(new KafkaJSError('Connection refused')), false);
    assert.equal(isTopicSettling(new TypeError('UNKNOWN_TOPIC_OR_PARTITION')), false);
  });

  it('runs the step again while the topic settles, then answers', async () => {
    const { step, calls } = failingWith([protocolError('UNKNOWN_TOPIC_OR_PARTITION'), protocolError('LEADER_NOT_AVAILABLE')]);
    assert.equal(await whileTopicsSettle(step, noSleep), 'done');
    assert.equal(calls(), 3);
  });

  it('throws another error at once', async () => {
    const { step, calls } = failingWith([protocolError('TOPIC_AUTHORIZATION_FAILED')]);
    await assert.rejects(whileTopicsSettle(step, noSleep), /TOPIC_AUTHORIZATION_FAILED/);
    assert.equal(calls(), 1);
  });

  it('gives up once its patience is spent', async () => {
    const slept: number[] = [];
    const forever = async () => {
      throw protocolError('UNKNOWN_TOPIC_OR_PARTITION');
    };
    await assert.rejects(
      whileTopicsSettle(forever, { patienceMs: 5_000, sleep: async (ms) => void slept.push(ms) }),
      /UNKNOWN_TOPIC_OR_PARTITION/,
    );
    const total = slept.reduce((sum, ms) => sum + ms, 0);
    assert.ok(total >= 5_000 && total < 7_000, `waited ${total} ms in all`);
    assert.ok(Math.max(...slept) <= 2_000);
  });
});
