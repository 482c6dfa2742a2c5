import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ConfigError, SERVICE_NAMES, SERVICE_PORTS, SETTINGS, describeSettings, envPrefix, generateSigningKeys, isSettingName, loadGatewayConfig, loadServiceConfig, requiredSettings } from '@inkwell/platform';

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
    assert.deepEqual(config.peers.cart.httpUrls, ['http://cart:8103']);
    assert.throws(() => loadGatewayConfig({ RATE_LIMIT_MAX: '0' }, '/srv'), /RATE_LIMIT_MAX must be a whole number/);
  });

  it('reaches a service through each of its replicas: HTTP URLs in turn, one gRPC target balanced over their addresses', () => {
    const config = loadServiceConfig(
      'order',
      {
        CART_HTTP_URL: 'http://127.0.0.1:8103/, http://127.0.0.1:8203',
        CART_GRPC_ADDR: '127.0.0.1:9103, 127.0.0.1:9203',
        READER_GRPC_ADDR: '[::1]:9105,[::1]:9205',
        CATALOG_GRPC_ADDR: 'dns:///catalog-replicas:9102',
      },
      { embedded: true },
    );
    assert.deepEqual(config.peers.cart.httpUrls, ['http://127.0.0.1:8103', 'http://127.0.0.1:8203']);
    assert.equal(config.peers.cart.grpcAddress, 'ipv4:127.0.0.1:9103,127.0.0.1:9203');
    assert.equal(config.peers.reader.grpcAddress, 'ipv6:[::1]:9105,[::1]:9205');
    assert.equal(config.peers.catalog.grpcAddress, 'dns:///catalog-replicas:9102', 'a resolver target as written');
    assert.deepEqual(config.peers.order.httpUrls, [`http://127.0.0.1:${SERVICE_PORTS.order.http}`], 'one replica by default');

    const attempt = (env: Record<string, string>) => () => loadServiceConfig('order', env, { embedded: true });
    assert.throws(attempt({ CART_HTTP_URL: 'http://cart:8103,ftp://cart:21' }), /CART_HTTP_URL must be a http: or https: URL/);
    assert.throws(attempt({ CART_HTTP_URL: ' , ' }), /CART_HTTP_URL must list at least one URL/);
    assert.throws(attempt({ CART_GRPC_ADDR: 'cart-0:9103,cart-1:9103' }), /CART_GRPC_ADDR lists several addresses, so each must be an IP address.*dns:\/\/\/cart:9103/);
    assert.throws(attempt({ CART_GRPC_ADDR: '127.0.0.1:9103,[::1]:9103' }), /CART_GRPC_ADDR lists several addresses/);
    assert.throws(attempt({ CART_GRPC_ADDR: 'cart' }), /CART_GRPC_ADDR must be host:port/);
  });

  it('shows the simulated processor\'s test cards except in a production run (NODE_ENV=production, as the container image sets it)', () => {
    assert.equal(loadServiceConfig('order', {}, { embedded: true }).payments.showTestCards, true);
    assert.equal(loadServiceConfig('order', { NODE_ENV: 'development' }, { embedded: true }).payments.showTestCards, true);
    assert.equal(loadServiceConfig('order', { NODE_ENV: 'production' }, { embedded: true }).payments.showTestCards, false);
  });

  it('reads how a process shuts down: no drain and 25 s by default', () => {
    assert.deepEqual(loadServiceConfig('cart', {}, { embedded: true }).shutdown, { drainMs: 0, timeoutMs: 25_000 });
    assert.deepEqual(loadGatewayConfig({ SHUTDOWN_DRAIN_MS: '5000', SHUTDOWN_TIMEOUT_MS: '20000' }, '/srv').shutdown, { drainMs: 5_000, timeoutMs: 20_000 });
    assert.throws(() => loadGatewayConfig({ SHUTDOWN_TIMEOUT_MS: '10' }, '/srv'), /SHUTDOWN_TIMEOUT_MS must be a whole number from 1000/);
  });

  it('believes forwarded headers from the TRUSTED_PROXIES only, and checks each entry', () => {
    assert.deepEqual(loadServiceConfig('account', {}, { embedded: true }).trustedProxies, [], 'no one by default');
    const config = loadGatewayConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, 192.0.2.7 ,fd00::/8, loopback' }, '/srv');
    assert.deepEqual(config.trustedProxies, ['10.0.0.0/8', '192.0.2.7', 'fd00::/8', 'loopback']);
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.0/8/1', '::1/129', '*']) {
      assert.throws(() => loadGatewayConfig({ TRUSTED_PROXIES: bad }, '/srv'), new RegExp(`TRUSTED_PROXIES entries must be IP addresses.*got "${bad.replace(/[*]/g, '\\*')}"`), bad);
    }
  });

  it('switches file storage to an S3 bucket with S3_BUCKET, and checks the bucket, prefix and key pair', () => {
    const local = loadServiceConfig('reader', {}, { embedded: true }).media;
    assert.equal(local.s3, undefined);
    assert.equal(local.publicUrl, '/media');
    const s3 = loadServiceConfig('reader', { S3_BUCKET: 'inkwell-media', S3_ENDPOINT: 'http://127.0.0.1:9090', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_PREFIX: 'shop/', MEDIA_PUBLIC_URL: 'https://cdn.example/media/' }, { embedded: true }).media;
    assert.deepEqual(s3.s3, { bucket: 'inkwell-media', region: 'us-east-1', endpoint: 'http://127.0.0.1:9090', forcePathStyle: true, credentials: { accessKeyId: 'id', secretAccessKey: 'secret' }, prefix: 'shop/' });
    assert.equal(s3.publicUrl, 'https://cdn.example/media');
    assert.equal(loadServiceConfig('reader', { S3_BUCKET: 'inkwell-media' }, { embedded: true }).media.s3?.credentials, undefined, 'the platform\'s role when no keys are given');
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ S3_BUCKET: 'Inkwell_Media' }, /S3_BUCKET must be a bucket name/],
      [{ S3_BUCKET: 'inkwell-media', S3_ACCESS_KEY_ID: 'id' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
      [{ S3_BUCKET: 'inkwell-media', S3_PREFIX: '../up/' }, /S3_PREFIX must be a path/],
      [{ S3_BUCKET: 'inkwell-media', S3_ENDPOINT: 'ftp://files' }, /S3_ENDPOINT must be a http: or https: URL/],
      [{ MEDIA_PUBLIC_URL: 'cdn.example' }, /MEDIA_PUBLIC_URL is not a valid URL/],
    ];
    for (const [env, message] of refused) assert.throws(() => loadServiceConfig('reader', env, { embedded: true }), message, JSON.stringify(env));
  });

  it('reads the Kafka topic, dead-letter and session settings', () => {
    const kafka = loadServiceConfig('catalog', { KAFKA_BROKERS: '127.0.0.1:9092', KAFKA_TOPIC_PARTITIONS: '6', KAFKA_REPLICATION_FACTOR: '3', KAFKA_MAX_DELIVERY_ATTEMPTS: '8', KAFKA_SESSION_TIMEOUT_MS: '10000' }, { embedded: true }).kafka;
    assert.deepEqual([kafka?.topicPartitions, kafka?.replicationFactor, kafka?.maxDeliveryAttempts, kafka?.sessionTimeoutMs], [6, 3, 8, 10_000]);
    const defaults = loadServiceConfig('catalog', { KAFKA_BROKERS: '127.0.0.1:9092' }, { embedded: true }).kafka;
    assert.deepEqual([defaults?.topicPartitions, defaults?.replicationFactor, defaults?.maxDeliveryAttempts, defaults?.sessionTimeoutMs], [undefined, undefined, 5, undefined]);
    assert.throws(() => loadServiceConfig('catalog', { KAFKA_BROKERS: '127.0.0.1:9092', KAFKA_MAX_DELIVERY_ATTEMPTS: '0' }, { embedded: true }), /KAFKA_MAX_DELIVERY_ATTEMPTS must be a whole number from 1/);
    assert.throws(() => loadServiceConfig('catalog', { KAFKA_BROKERS: '127.0.0.1:9092', KAFKA_SESSION_TIMEOUT_MS: '500' }, { embedded: true }), /KAFKA_SESSION_TIMEOUT_MS must be a whole number from 6000/);
  });

  it('reads the Kafka namespace that prefixes topics and consumer groups', () => {
    const kafka = (env: Record<string, string>) => loadServiceConfig('catalog', { KAFKA_BROKERS: '127.0.0.1:9092', ...env }, { embedded: true }).kafka;
    assert.equal(kafka({})?.namespace, '');
    assert.equal(kafka({ KAFKA_NAMESPACE: 'cluster-3f9a.' })?.namespace, 'cluster-3f9a.');
    for (const namespace of ['staging/', 'a b.', 'x'.repeat(101)]) {
      assert.throws(() => kafka({ KAFKA_NAMESPACE: namespace }), /KAFKA_NAMESPACE must be at most 100 letters, digits, dots, underscores and hyphens/, namespace);
    }
  });

  it('lists every setting it reads, with what each workload cannot start without', () => {
    for (const name of ['TRUSTED_PROXIES', 'EMAIL_FROM', 'CATALOG_DATABASE_URL', 'SUPPORT_GRPC_ADDR', 'RATE_LIMIT_MAX', 'S3_BUCKET', 'STRIPE_SECRET_KEY']) assert.ok(isSettingName(name), name);
    for (const name of ['MAIL_FROM', 'STRIPE_API_KEY', 'INKWELL_PROTO_DIR']) assert.equal(isSettingName(name), false, name);
    assert.deepEqual(requiredSettings('account'), [['INKWELL_SERVICE'], ['AUTH_PUBLIC_KEY'], ['AUTH_PRIVATE_KEY'], ['KAFKA_BROKERS'], ['DATABASE_URL', 'ACCOUNT_DATABASE_URL']]);
    assert.deepEqual(requiredSettings('reader').flat(), ['INKWELL_SERVICE', 'AUTH_PUBLIC_KEY', 'MEDIA_URL_SECRET', 'KAFKA_BROKERS', 'DATABASE_URL', 'READER_DATABASE_URL']);
    assert.deepEqual(requiredSettings('gateway'), [['INKWELL_SERVICE']]);
    // The required ones are exactly what a service on its own refuses to start without.
    const valid: Record<string, string> = {
      AUTH_PUBLIC_KEY: keys.publicKeyPem,
      AUTH_PRIVATE_KEY: keys.privateKeyPem,
      KAFKA_BROKERS: 'kafka:9092',
      DATABASE_URL: 'postgres://u:p@db:5432/inkwell',
      MEDIA_URL_SECRET: 'a-media-url-secret-of-32-characters!',
    };
    for (const service of SERVICE_NAMES) {
      // INKWELL_SERVICE is the launcher's: it picks which loader runs.
      const required = requiredSettings(service).map((names) => names[0]!).filter((name) => name !== 'INKWELL_SERVICE');
      const env = Object.fromEntries(required.map((name) => [name, valid[name]!]));
      assert.doesNotThrow(() => loadServiceConfig(service, env, { embedded: false }), service);
      for (const name of required) {
        const { [name]: _left, ...without } = env;
        assert.throws(() => loadServiceConfig(service, without, { embedded: false }), ConfigError, `${service} without ${name}`);
      }
    }
  });

  it('describes every setting it reads, once, for the documentation', () => {
    const described = describeSettings();
    const names = described.map((setting) => setting.name);
    assert.equal(new Set(names).size, names.length, 'each setting is declared once');
    const spelledOut = described.flatMap(({ name }) => (name.startsWith('<SERVICE>_') ? SERVICE_NAMES.map((service) => name.replace('<SERVICE>', envPrefix(service))) : [name]));
    assert.deepEqual(spelledOut.sort(), SETTINGS.map((setting) => setting.name).sort());
    for (const setting of described) {
      assert.ok(setting.does.length > 0 && setting.default.length > 0 && setting.format.length > 0, setting.name);
      assert.deepEqual(setting.requiredBy.includes('account'), requiredSettings('account').some((names) => names[0] === setting.name), setting.name);
    }
    const byName = new Map(described.map((setting) => [setting.name, setting]));
    assert.equal(byName.get('ACCESS_TOKEN_TTL_SECONDS')?.default, '`900`');
    assert.equal(byName.get('ACCESS_TOKEN_TTL_SECONDS')?.format, 'whole number, 60 to 86400');
    assert.equal(byName.get('KAFKA_BROKERS')?.switches, 'Kafka event bus');
    assert.deepEqual(byName.get('MEDIA_URL_SECRET')?.requiredBy, ['reader']);
    assert.ok(byName.has('<SERVICE>_DATABASE_URL'));
  });
});
