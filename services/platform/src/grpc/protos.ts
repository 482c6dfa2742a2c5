import { existsSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@grpc/grpc-js';
import { loadSync, type Options, type PackageDefinition } from '@grpc/proto-loader';

/**
 * Protos are read at run time from the repository's `proto/` folder; no code is generated from
 * them. Field names become lowerCamelCase, 64-bit integers strings (a price in cents must not lose
 * precision), enums their names, and absent fields their defaults, so a handler always sees every field.
 */
const LOADER_OPTIONS: Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
};

/** A file every complete proto folder holds; finding it tells the real folder from a namesake. */
const MARKER = join('grpc', 'health', 'v1', 'health.proto');

let resolvedDir: string | undefined;
const packages = new Map<string, PackageDefinition>();

/**
 * The folder protos are read from: the nearest `proto/` folder above this file. The container image
 * keeps every file at its repository path (as it does the SQL migrations found beside the code), so
 * this finds the protos there as it does in a checkout, and no setting is needed to point at them.
 */
export function protoDir(): string {
  if (resolvedDir) return resolvedDir;
  let dir = dirname(fileURLToPath(import.meta.url));
  const { root } = parse(dir);
  for (;;) {
    const candidate = join(dir, 'proto');
    if (existsSync(join(candidate, MARKER))) {
      resolvedDir = candidate;
      return candidate;
    }
    if (dir === root) break;
    dir = dirname(dir);
  }
  throw new Error(`No proto/ folder with ${MARKER} above ${fileURLToPath(import.meta.url)}`);
}

/**
 * The package definition of one proto, by its path inside the proto folder
 * (e.g. `inkwell/catalog/v1/catalog.proto`). Loaded once per folder and path; imports between
 * protos resolve from the proto folder too.
 */
export function loadProto(protoPath: string): PackageDefinition {
  const dir = protoDir();
  const key = `${dir}\0${protoPath}`;
  let definition = packages.get(key);
  if (!definition) {
    // A relative name resolved through includeDirs, so a file both loaded here and imported by
    // another proto is parsed once under one name.
    definition = loadSync(protoPath, { ...LOADER_OPTIONS, includeDirs: [dir] });
    packages.set(key, definition);
  }
  return definition;
}

/** One service of a proto, by fully qualified name (e.g. `inkwell.catalog.v1.Catalog`). */
export function loadService(protoPath: string, serviceName: string): ServiceDefinition {
  const definition = loadProto(protoPath)[serviceName];
  if (!definition || 'format' in definition) {
    const services = Object.entries(loadProto(protoPath))
      .filter(([, entry]) => !('format' in entry))
      .map(([name]) => name);
    throw new Error(`${protoPath} defines no service ${serviceName} (it defines: ${services.join(', ') || 'none'})`);
  }
  return definition as ServiceDefinition;
}
