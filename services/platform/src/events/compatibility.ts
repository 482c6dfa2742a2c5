import { EVENTS, type EventDefinition } from './catalogue';

/**
 * The compatibility rule of the integration events: a published (type, version) keeps its schema,
 * changed only compatibly, because the events of that version already on the topics must stay
 * valid and the consumers written against it must keep working. `docs/events-lock.json` holds the
 * schema of every (type, version) ever released, as first published; `npm run events:compat`
 * checks the catalogue against it and adds new versions. Pure: no files here.
 *
 * Compatible within a version: adding an OPTIONAL property, adding a value to a union or enum,
 * loosening a constraint, documentation. Anything else needs a new version: a property removed, an
 * optional property made required or a required one made optional, a new required property, a type
 * changed or narrowed, a literal/enum/union value removed, `additionalProperties` tightened, a
 * constraint (pattern, format, bounds) tightened or added.
 */

type JsonSchema = Record<string, unknown>;

/** `docs/events-lock.json`: per type, per version, the schema of `data` as first published. */
export interface EventsLock {
  description: string;
  events: Record<string, Record<string, JsonSchema>>;
}

export interface Incompatibility {
  type: string;
  version: number;
  /** Where in `data`, e.g. `data.items[].price.cents`. */
  path: string;
  change: string;
}

export interface CompatReport {
  incompatible: Incompatibility[];
  /** (type, version) pairs of the catalogue not in the lock yet: added by `npm run events:compat`. */
  added: Array<{ type: string; version: number }>;
  /** Catalogue versions lower than one already locked (a version never goes back). */
  regressed: Array<{ type: string; version: number; locked: number }>;
  /** Locked types the catalogue no longer has (consumers of them get nothing new). */
  retired: string[];
}

export const LOCK_DESCRIPTION =
  'The published schema of `data` of every (event type, version) ever released, as first published. Generated and extended by `npm run events:compat`; an existing entry is never rewritten. See docs/events.md, "Versions and compatibility".';

/** The schema as plain JSON (TypeBox's symbols dropped), keys in a stable order. */
export function plainSchema(schema: unknown): JsonSchema {
  return sortKeys(JSON.parse(JSON.stringify(schema))) as JsonSchema;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]));
  }
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function typesOf(schema: JsonSchema): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  return undefined;
}

/** The literal values of a schema that is a const, an enum or a union of consts; undefined otherwise. */
function literalsOf(schema: JsonSchema): unknown[] | undefined {
  if ('const' in schema) return [schema.const];
  if (Array.isArray(schema.enum)) return schema.enum as unknown[];
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union) && union.length > 0 && union.every((member) => 'const' in member)) return union.map((member) => member.const);
  return undefined;
}

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;
const EXACT = ['pattern', 'format', 'multipleOf'] as const;

/**
 * The changes from `locked` to `current` that break the rule, each with the path it is at. Both are
 * the JSON Schema of an event's `data` (or a part of it, at `path`).
 */
export function schemaChanges(locked: JsonSchema, current: JsonSchema, path = 'data'): Array<{ path: string; change: string }> {
  const changes: Array<{ path: string; change: string }> = [];
  const add = (where: string, change: string) => changes.push({ path: where, change });

  const oldLiterals = literalsOf(locked);
  if (oldLiterals) {
    const newLiterals = literalsOf(current);
    if (!newLiterals) {
      if (!same(locked, current)) {
        const oldTypes = typesOf(locked) ?? [...new Set(oldLiterals.map((value) => typeof value))];
        const newTypes = typesOf(current);
        if (!newTypes || !same(oldTypes, newTypes)) add(path, `type changed from literal values ${JSON.stringify(oldLiterals)} to ${JSON.stringify(newTypes ?? 'another schema')}`);
      }
      return changes;
    }
    const removed = oldLiterals.filter((value) => !newLiterals.some((other) => same(value, other)));
    if (removed.length > 0) add(path, `allowed value${removed.length > 1 ? 's' : ''} ${removed.map((value) => JSON.stringify(value)).join(', ')} removed`);
    return changes;
  }

  const oldUnion = (locked.anyOf ?? locked.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(oldUnion)) {
    const newUnion = (current.anyOf ?? current.oneOf) as JsonSchema[] | undefined;
    if (!Array.isArray(newUnion)) {
      add(path, 'union replaced by a single schema');
      return changes;
    }
    oldUnion.forEach((member, index) => {
      if (!newUnion.some((other) => same(member, other))) add(`${path}|${index}`, `union member ${JSON.stringify(member)} removed or changed`);
    });
    return changes;
  }

  const oldTypes = typesOf(locked);
  const newTypes = typesOf(current);
  if (oldTypes && !newTypes && !literalsOf(current)) {
    if (current.anyOf || current.oneOf) add(path, `type changed from ${oldTypes.join('|')} to a union`);
  } else if (oldTypes && newTypes && !same([...oldTypes].sort(), [...newTypes].sort())) {
    const lost = oldTypes.filter((type) => !newTypes.includes(type));
    add(path, lost.length === oldTypes.length ? `type changed from ${oldTypes.join('|')} to ${newTypes.join('|')}` : `type narrowed from ${oldTypes.join('|')} to ${newTypes.join('|')}`);
    return changes;
  } else if (!oldTypes && newTypes && Object.keys(locked).length === 0) {
    add(path, `type narrowed from any value to ${newTypes.join('|')}`);
    return changes;
  }
  const newLiterals = literalsOf(current);
  if (newLiterals) {
    add(path, `narrowed to the literal value${newLiterals.length > 1 ? 's' : ''} ${newLiterals.map((value) => JSON.stringify(value)).join(', ')}`);
    return changes;
  }

  for (const keyword of LOWER_BOUNDS) {
    const before = locked[keyword];
    const after = current[keyword];
    if (typeof after === 'number' && (typeof before !== 'number' || after > before)) add(path, `${keyword} tightened from ${before ?? 'none'} to ${after}`);
  }
  for (const keyword of UPPER_BOUNDS) {
    const before = locked[keyword];
    const after = current[keyword];
    if (typeof after === 'number' && (typeof before !== 'number' || after < before)) add(path, `${keyword} tightened from ${before ?? 'none'} to ${after}`);
  }
  for (const keyword of EXACT) {
    if (current[keyword] !== undefined && !same(locked[keyword], current[keyword])) add(path, `${keyword} changed from ${JSON.stringify(locked[keyword] ?? null)} to ${JSON.stringify(current[keyword])}`);
  }

  if (locked.type === 'object' || locked.properties) {
    const oldProperties = (locked.properties ?? {}) as Record<string, JsonSchema>;
    const newProperties = (current.properties ?? {}) as Record<string, JsonSchema>;
    const oldRequired = new Set((locked.required ?? []) as string[]);
    const newRequired = new Set((current.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(oldProperties)) {
      const where = `${path}.${name}`;
      const next = newProperties[name];
      if (!next) {
        add(where, 'property removed');
        continue;
      }
      if (!oldRequired.has(name) && newRequired.has(name)) add(where, 'optional property made required');
      if (oldRequired.has(name) && !newRequired.has(name)) add(where, 'required property made optional (consumers rely on it being there)');
      changes.push(...schemaChanges(schema, next, where));
    }
    for (const name of Object.keys(newProperties)) {
      if (!oldProperties[name] && newRequired.has(name)) add(`${path}.${name}`, 'new property is required (events already published lack it); add it as optional');
    }
    const before = locked.additionalProperties;
    const after = current.additionalProperties;
    if (after === false && before !== false) add(path, 'additionalProperties tightened to false');
    else if (after && typeof after === 'object') {
      if (before === undefined || before === true) add(path, 'additionalProperties tightened to a schema');
      else if (typeof before === 'object') changes.push(...schemaChanges(before as JsonSchema, after as JsonSchema, `${path}.*`));
    }
  }

  if ((locked.type === 'array' || locked.items) && locked.items && typeof locked.items === 'object') {
    const items = current.items;
    if (!items || typeof items !== 'object') add(`${path}[]`, 'items schema removed');
    else changes.push(...schemaChanges(locked.items as JsonSchema, items as JsonSchema, `${path}[]`));
  }
  return changes;
}

/** The catalogue checked against the lock (see the module comment). */
export function checkCompatibility(lock: EventsLock, events: readonly EventDefinition[] = Object.values(EVENTS)): CompatReport {
  const report: CompatReport = { incompatible: [], added: [], regressed: [], retired: [] };
  for (const definition of events) {
    const versions = lock.events[definition.type] ?? {};
    const locked = versions[String(definition.version)];
    const highest = Math.max(0, ...Object.keys(versions).map(Number));
    if (highest > definition.version) report.regressed.push({ type: definition.type, version: definition.version, locked: highest });
    if (!locked) {
      report.added.push({ type: definition.type, version: definition.version });
      continue;
    }
    for (const { path, change } of schemaChanges(locked, plainSchema(definition.schema))) {
      report.incompatible.push({ type: definition.type, version: definition.version, path, change });
    }
  }
  const current = new Set(events.map((definition) => definition.type));
  report.retired = Object.keys(lock.events).filter((type) => !current.has(type)).sort();
  return report;
}

/** The lock with the catalogue's new (type, version) pairs added; existing entries are kept as they are. */
export function extendLock(lock: EventsLock, events: readonly EventDefinition[] = Object.values(EVENTS)): EventsLock {
  const next: EventsLock = { description: lock.description || LOCK_DESCRIPTION, events: {} };
  for (const [type, versions] of Object.entries(lock.events)) next.events[type] = { ...versions };
  for (const definition of events) {
    const versions = (next.events[definition.type] ??= {});
    versions[String(definition.version)] ??= plainSchema(definition.schema);
  }
  next.events = Object.fromEntries(Object.keys(next.events).sort().map((type) => [type, next.events[type]!]));
  return next;
}

/** The failure text: each incompatible change named, and what to do. */
export function describeProblems(report: CompatReport): string[] {
  const lines = report.incompatible.map(
    ({ type, version, path, change }) => `${type} v${version}: ${path}: ${change}. Bump the version of ${type} in the event catalogue (v${version + 1}) instead, or undo the change.`,
  );
  for (const { type, version, locked } of report.regressed) lines.push(`${type}: version ${version} is lower than the released version ${locked}; versions only go up.`);
  return lines;
}

export function lockJson(lock: EventsLock): string {
  return `${JSON.stringify(lock, null, 2)}\n`;
}
