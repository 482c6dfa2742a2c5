/**
 * Rules of the staff catalogue beyond the product's (dashboard spec §5 Bundle; §4 moves of series
 * and bundles): pure, with their own table tests. The series publish rule lives in publish-rules.ts.
 */
import { BadRequestError } from '@inkwell/platform';
import { publishActionFor, type PublishAction, type PublishStatus } from '@inkwell/contracts/catalog-rules';
import { BUNDLE_PUBLISH_PROBLEM_FIELDS } from '@inkwell/contracts/dashboard-catalogue';
import { problem, type Problem } from '@inkwell/contracts/problems';
import { moveRefusedMessage, publishRefusedMessage } from './messages';

/** Dashboard spec §5: a bundle can publish only with a name, a description and a default thumbnail. */
export const BUNDLE_NEEDS_NAME_MESSAGE = 'A published bundle needs a name.';
export const BUNDLE_NEEDS_DESCRIPTION_MESSAGE = 'A published bundle needs a description.';
export const BUNDLE_NEEDS_THUMBNAIL_MESSAGE = 'A published bundle needs a default thumbnail.';

export interface BundleToPublish {
  name: string;
  description: string;
  hasDefaultThumbnail: boolean;
}

export function bundlePublishProblems(bundle: BundleToPublish): Problem[] {
  const problems: Problem[] = [];
  const fields = BUNDLE_PUBLISH_PROBLEM_FIELDS;
  if (!bundle.name.trim()) problems.push(problem(fields.name, BUNDLE_NEEDS_NAME_MESSAGE));
  if (!bundle.description.trim()) problems.push(problem(fields.description, BUNDLE_NEEDS_DESCRIPTION_MESSAGE));
  if (!bundle.hasDefaultThumbnail) problems.push(problem(fields.defaultThumbnail, BUNDLE_NEEDS_THUMBNAIL_MESSAGE));
  return problems;
}

/** Refuses publishing with every rule broken: the message lists them, `status.problems` carries them one by one. */
export function refusePublishing(what: string, problems: readonly Problem[]): void {
  if (problems.length > 0) throw new BadRequestError(publishRefusedMessage(what, problems.map((item) => item.message).join('; ')), { problems: [...problems] });
}

/**
 * The spec §4 move from `from` to `to` of a series or bundle, undefined when it is no move at all;
 * a move §4 does not allow is refused naming both statuses. Series and bundles have no publish
 * date, so the scheduled statuses are not theirs to move into.
 */
export function seriesOrBundleMove(what: 'series' | 'bundle', from: PublishStatus, to: PublishStatus): PublishAction | undefined {
  if (from === to) return undefined;
  const action = publishActionFor(from, to);
  if (!action || action === 'schedule') throw new BadRequestError(moveRefusedMessage(from, what, to));
  return action;
}

/** The past-tense audit action of a move. */
export const AUDIT_ACTION_OF: Readonly<Record<PublishAction, string>> = {
  create: 'created',
  publish: 'published',
  schedule: 'scheduled',
  unpublish: 'unpublished',
  restore: 'restored',
  remove: 'removed',
};
