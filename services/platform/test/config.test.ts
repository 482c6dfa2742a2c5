import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, SERVICE_PORTS, generateSigningKeys, loadGatewayConfig, loadServiceConfig } from '@inkwell/platform';

const keys = generateSigningKeys();

describe('configuration', () => {
  it('runs on embedded defaults with no settings at all', () => {
    const config = loadServiceConfig('catalog', {}, { embedded: true });
    assert.equal(config.httpPort, SERVICE_PORTS.catalog.http);
    assert.equal(config.grpcPort, SERVICE_PORTS.catalog.grpc);
    assert.equal(config.kafka, undefined);
    assert.equal(config.redisUrl, undefined);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.peers.order.grpcAddress, `127.0.0.1:${SERVICE_PORTS.order.grpc}`);
  });

  it('switches production drivers on by their settings', () => {
    const config = loadServiceConfig(
      'order',
      {
        ORDER_DATABASE_URL: 'postgres://u:p@db:5432/inkwell_order',
        KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092',
        REDIS_URL: 'redis://cache:6379',
        AUTH_PUBLIC_KEY: keys.publicKeyPem.replace(/\n/g, '\\n'),
        CATALOG_GRPC_ADDR: 'catalog:9102',
      },
      { embedded: false },
    );
    assert.equal(config.databaseUrl, 'postgres://u:p@db:5432/inkwell_order');
    assert.deepEqual(config.kafka?.brokers, ['kafka-1:9092', 'kafka-2:9092']);
    assert.equal(config.redisUrl, 'redis://cache:6379');
    assert.equal(config.auth.publicKeyPem, keys.publicKeyPem, 'escaped newlines in a PEM are restored');
    assert.equal(config.peers.catalog.grpcAddress, 'catalog:9102');
  });

  it('stops start-up listing every missing production setting', () => {
    assert.throws(
      () => loadServiceConfig('account', {}, { embedded: false }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 4);
        assert.match(error.message, /DATABASE_URL \(or ACCOUNT_DATABASE_URL\) is required/);
        assert.match(error.message, /AUTH_PUBLIC_KEY is required/);
        assert.match(error.message, /AUTH_PRIVATE_KEY is required by the account service/);
        assert.match(error.message, /KAFKA_BROKERS is required when services run as separate processes/);
        return true;
      },
    );
  });

  it('refuses malformed values with a clear message', () => {
    const attempt = (env: Record<string, string>) => () => loadServiceConfig('cart', env, { embedded: true });
    assert.throws(attempt({ PORT: 'eighty' }), /PORT must be a whole number from 0 to 65535/);
    assert.throws(attempt({ DATABASE_URL: 'mysql://x/y' }), /DATABASE_URL must be a postgres: or postgresql: URL/);
    assert.throws(attempt({ REDIS_URL: 'not a url' }), /REDIS_URL is not a valid URL/);
    assert.throws(attempt({ KAFKA_BROKERS: 'kafka' }), /KAFKA_BROKERS entries must be host:port/);
    assert.throws(attempt({ KAFKA_BROKERS: 'kafka:9092', KAFKA_SASL_USERNAME: 'svc' }), /KAFKA_SASL_PASSWORD is required when KAFKA_SASL_USERNAME is set/);
    assert.throws(attempt({ LOG_LEVEL: 'loud' }), /LOG_LEVEL must be one of/);
    assert.throws(attempt({ AUTH_PUBLIC_KEY: 'abc' }), /AUTH_PUBLIC_KEY must be a PEM-encoded key/);
  });

  it('reads the gateway settings', () => {
    const config = loadGatewayConfig({ RATE_LIMIT_MAX: '50', CART_HTTP_URL: 'http://cart:8103' }, '/srv/inkwell');
    assert.equal(config.port, 8080);
    assert.equal(config.rateLimitMax, 50);
    assert.equal(config.webDist, '/srv/inkwell/web/dist');
    assert.equal(config.peers.cart.httpUrl, 'http://cart:8103');
    assert.throws(() => loadGatewayConfig({ RATE_LIMIT_MAX: '0' }, '/srv'), /RATE_LIMIT_MAX must be a whole number/);
  });
});
