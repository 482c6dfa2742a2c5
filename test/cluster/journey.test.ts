import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import kafkajs from 'kafkajs';
import sharp from 'sharp';
import { grantAdmin } from '@inkwell/account';
import { createFileStorage, createLogger, loadServiceConfig, type Env, type ServiceName } from '@inkwell/platform';
import { skipBecause } from '@inkwell/platform/testing';
import { startCluster, type Cluster } from '../../scripts/cluster';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { PageStore } from '../../services/reader/src/store/page-store';
import { linksIn } from '../support/mailbox';
import { deleteNamespace, serviceDatabases, waitFor as waitUntil } from './support';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const databaseUrl = process.env.TEST_DATABASE_URL;
const kafkaBrokers = process.env.TEST_KAFKA_BROKERS;
const redisUrl = process.env.TEST_REDIS_URL;
const s3Endpoint = process.env.TEST_S3_ENDPOINT;

const skip = databaseUrl && kafkaBrokers ? false : 'TEST_KAFKA_BROKERS (and TEST_DATABASE_URL) not set: the cluster of one process per service was not started in this run (scripts/infra.sh kafka start runs a broker)';

/** Bound on each wait for something that crosses processes; a restarted consumer rejoins its group first. */
const WAIT_MS = 90_000;
const POLL_MS = 250;
/** Waits as the shared `waitFor` does, within this file's bound. */
const waitFor = <T>(what: string, probe: (seen: { last?: unknown }) => Promise<T | undefined>) => waitUntil(what, probe, { timeoutMs: WAIT_MS, pollMs: POLL_MS });
const STEP_TIMEOUT_MS = 600_000;

const RUN = randomBytes(4).toString('hex');


/**
 * The cluster's shape on one machine: every service in its own process as its container runs it,
 * and the gateway, over the PostgreSQL server, Kafka (and Redis and S3 when given). A visitor's
 * journey crosses processes through the gateway only, and two service processes are killed outright
 * on the way: events published while their consumer is dead, or whose producer dies as it commits,
 * are still handled once the process is back.
 */
describe('the cluster: one process per service', { skip: skipBecause(skip) }, () => {
  const name = `journey_${RUN}`;
  const bucket = `inkwell-journey-${RUN}`;
  const logger = createLogger('journey', 'silent');
  let cluster: Cluster | undefined;
  let dataDir: string;
  let failed = false;
  const { db, close: closeDatabases } = serviceDatabases(() => cluster, logger);

  const call = async (method: string, route: string, { body, token }: { body?: unknown; token?: string } = {}) => {
    const response = await fetch(cluster!.url + route, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const logIn = async (email: string, password: string) => {
    const login = await call('POST', '/api/account/token', { body: { UserName: email, Password: password } });
    assert.equal(login.status, 200, `log in as ${email}: ${JSON.stringify(login.body.status)}`);
    return login.body.response.access_token as string;
  };
  /** The outbox row of the event `type` about `key`, once its producer's relay has published it to Kafka. */
  const published = (service: ServiceName, type: string, key: string) =>
    waitFor(`${service} publishes ${type} for ${key}`, async () => {
      const { rows } = await db(service).query<{ id: string }>('SELECT id FROM outbox WHERE type = $1 AND key = $2 AND published_at IS NOT NULL', [type, key]);
      return rows[0]?.id;
    });
  const handledBy = async (service: ServiceName, eventId: string) => {
    const { rows } = await db(service).query<{ consumer: string }>('SELECT consumer FROM inbox WHERE event_id = $1 ORDER BY consumer', [eventId]);
    return rows.map((row) => row.consumer);
  };

  const s3: Env | undefined = s3Endpoint
    ? {
        S3_BUCKET: bucket,
        S3_ENDPOINT: s3Endpoint,
        S3_REGION: process.env.TEST_S3_REGION ?? 'us-east-1',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: process.env.TEST_S3_ACCESS_KEY_ID ?? 'inkwell-test',
        S3_SECRET_ACCESS_KEY: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'inkwell-test',
      }
    : undefined;

  let staffToken: string;
  let freeChapterId: number;
  let draftId: number;

  /** Marks the run failed, so the processes' logs are printed. */
  const reportingFailure = (run: () => Promise<void>) => async () => {
    try {
      await run();
    } catch (error) {
      failed = true;
      throw error;
    }
  };

  beforeAll(
    reportingFailure(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-journey-'));
      cluster = await startCluster({
        name,
        databaseUrl: databaseUrl!,
        kafkaBrokers: kafkaBrokers!,
        ...(redisUrl ? { redisUrl } : {}),
        ...(s3 ? { s3 } : {}),
        dataDir,
        ephemeral: true,
        // A killed consumer's partitions are handed to its restarted successor after this long.
        env: { KAFKA_SESSION_TIMEOUT_MS: '10000' },
      });

      // A staff member, made as `npm run create-admin` makes one, in the account service's database.
      const staff = await grantAdmin(db('account'), `staff-${RUN}@example.com`);
      assert.ok(staff.created, 'a new admin account');
      staffToken = await logIn(staff.email, staff.password);

      // The catalogue has no staff call that creates products: they are made in its database, as
      // the catalog's own tests make them. A free chapter to read, and a draft for staff to publish.
      const series = await createSeries(db('catalog'), { title: 'Signal Fires', readableUrl: 'signal-fires' });
      freeChapterId = await createProduct(db('catalog'), { name: 'Signal Fires Chapter 1', readableUrl: 'signal-fires-chapter-1', seriesId: series, type: 'Chapter', chapterNumber: 1, variants: [{ priceType: 'Free', priceCents: 0 }] });
      draftId = await createProduct(db('catalog'), { name: 'The Marrowlight Atlas', readableUrl: 'the-marrowlight-atlas', type: 'Book', issueNumber: 1, ingestCompleted: true, status: 'Draft' });

      // The chapter's pages, ingested by the reader's page store into the reader's database and
      // file storage (the bucket when there is one), which its process reads them from.
      const files = createFileStorage(loadServiceConfig('reader', cluster.env('reader'), { embedded: false }));
      try {
        const pages = await Promise.all([0, 1, 2].map((n) => sharp({ create: { width: 900, height: 1350, channels: 3, background: { r: 60 * n, g: 90, b: 160 } } }).png().toBuffer()));
        await new PageStore(db('reader'), files, logger).ingest(String(freeChapterId), pages);
      } finally {
        files.close();
      }
    }),
    STEP_TIMEOUT_MS,
  );

  afterAll(
    async () => {
      if (failed && cluster) console.error(`Logs of the cluster's processes:\n${await cluster.logTails(80)}`);
      await cluster?.stop();
      await closeDatabases();
      if (kafkaBrokers) await deleteNamespace(kafkaBrokers.split(','), `${name}.`);
      if (s3) await deleteBucket(s3);
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      if (cluster && !failed) await rm(cluster.logDir, { recursive: true, force: true });
    },
    STEP_TIMEOUT_MS,
  );

  const journey = (title: string, run: () => Promise<void>) => it(title, { timeout: STEP_TIMEOUT_MS }, reportingFailure(run));

  journey('runs every service on the production drivers, each in its own process', async () => {
    const health = await call('GET', '/api/health');
    assert.equal(health.status, 200);
    for (const [service, report] of Object.entries(health.body.response.services as Record<string, Json>)) {
      assert.deepEqual(report.drivers, { store: 'postgres', events: 'kafka', cache: redisUrl ? 'redis' : 'memory' }, service);
    }
  });

  journey('signs up while support is down, and the verification email is sent once support is back', async () => {
    const email = `reader-${RUN}@example.com`;
    const password = 'a long reader password';
    await cluster!.kill('support');
    const signup = await call('POST', '/api/account/signupCustomerV2', { body: { email: Buffer.from(email).toString('base64'), password: Buffer.from(password).toString('base64') } });
    assert.equal(signup.status, 200);
    // The event is in Kafka while its only consumer's process is dead.
    const eventId = await published('account', 'account.created', signup.body.response.userid);
    await cluster!.restart('support');

    const mail = await waitFor(`the verification email to ${email}`, async () => {
      const sent = await call('POST', '/api/dashboard/sent-emails/post-pagination', { token: staffToken, body: { pageNumber: 1, pageSize: 20, search: email } });
      assert.equal(sent.status, 200, JSON.stringify(sent.body.status));
      return (sent.body.response.items as Json[]).find((item) => item.to === email && (item.status === 'Sent' || item.status === 'Delivered'));
    });
    assert.deepEqual(await handledBy('support', eventId), ['support.emails'], 'handled once, by the support service');

    const link = linksIn(mail.textBody, mail.htmlBody)
      .map((candidate) => new URL(candidate))
      .find((url) => url.pathname === '/email-verified/' && url.searchParams.get('token'));
    assert.ok(link, `a verification link in "${mail.subject}"`);
    assert.equal(link.origin, new URL(cluster!.url).origin, 'the link points at the gateway (PUBLIC_URL)');
    // What the storefront's page at that link does with its token.
    const verified = await call('POST', '/api/account/verifyEmail', { body: { Token: link.searchParams.get('token') } });
    assert.equal(verified.status, 200, JSON.stringify(verified.body.status));

    const token = await logIn(email, password);
    const me = await call('GET', '/api/account', { token });
    assert.equal(me.body.response.verified, true);

    // The reader asks the catalog over gRPC; the page image comes through the gateway by its signed link.
    const comic = await call('GET', '/api/comic/signal-fires-chapter-1/pages', { token });
    assert.equal(comic.status, 200, JSON.stringify(comic.body.status));
    assert.deepEqual([comic.body.response.comicID, comic.body.response.seriesTitle, comic.body.response.pageCount], [String(freeChapterId), 'Signal Fires', 3]);
    const image = await fetch(cluster!.url + comic.body.response.pages[0].sources[0].webp);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/webp');
  });

  journey('publishes a product, and it reaches search although the catalog process is killed as it commits', async () => {
    // Signed in, so neither the catalog nor the gateway answers from the read cache.
    const search = async () => (await call('GET', '/api/search/V3?query=marrowlight', { token: staffToken })).body.response as Json[];
    assert.deepEqual(await search(), [], 'a draft is not searchable');

    const publish = await call('POST', `/api/dashboard/product/publish?id=${draftId}`, { token: staffToken });
    assert.equal(publish.status, 200, JSON.stringify(publish.body.status));
    // Killed at once: the event may still be in the outbox, or in Kafka before the search
    // projection has read it. Either way it is handled after the restart.
    await cluster!.kill('catalog');
    await cluster!.restart('catalog');

    const hits = await waitFor('the published product in search', async () => {
      const found = await search();
      return found.length > 0 ? found : undefined;
    });
    assert.deepEqual(hits.map((hit) => [hit.type, hit.content.id, hit.content.title]), [['product', draftId, 'The Marrowlight Atlas']]);
    const eventId = await published('catalog', 'product.published', String(draftId));
    assert.deepEqual(await handledBy('catalog', eventId), ['catalog.read-cache', 'catalog.search-index'], 'handled once by each of the catalog\'s groups');

    // The reader reaches the restarted catalog over gRPC again.
    const comic = await call('GET', `/api/comic/${freeChapterId}/pages`);
    assert.equal(comic.status, 200, JSON.stringify(comic.body.status));
  });

  journey('keeps its events in topics of its own namespace', async () => {
    const admin = new kafkajs.Kafka({ brokers: kafkaBrokers!.split(','), clientId: `journey-${RUN}`, logLevel: kafkajs.logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(`${name}.`));
      for (const type of ['account.created', 'product.published']) assert.ok(topics.includes(`${name}.inkwell.${type}`), `${type} in ${topics.join(', ')}`);
    } finally {
      await admin.disconnect();
    }
  });

  journey('stops every process gracefully', async () => {
    const endings = await cluster!.stop();
    assert.deepEqual(Object.values(endings), Object.keys(endings).map(() => 'exit code 0'), JSON.stringify(endings));
  });
});

/** Deletes the run's topics and consumer groups from the shared broker. */
async function deleteBucket(s3: Env): Promise<void> {
  const client = new S3Client({
    region: s3.S3_REGION!,
    endpoint: s3.S3_ENDPOINT!,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.S3_ACCESS_KEY_ID!, secretAccessKey: s3.S3_SECRET_ACCESS_KEY! },
  });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.S3_BUCKET! }));
    const objects = (listed.Contents ?? []).map((object) => ({ Key: object.Key! }));
    if (objects.length > 0) await client.send(new DeleteObjectsCommand({ Bucket: s3.S3_BUCKET!, Delete: { Objects: objects } }));
    await client.send(new DeleteBucketCommand({ Bucket: s3.S3_BUCKET! }));
  } finally {
    client.destroy();
  }
}
