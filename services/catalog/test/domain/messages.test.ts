import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  batchVersionMessage,
  noIdMessage,
  notADayMessage,
  productMoveRefusedMessage,
  publishRefusedMessage,
  publishStatusFilterMessage,
  refusedRecordMessage,
  urlTakenMessage,
  wrongCategoryMessage,
} from '../../src/domain/messages';

// The messages moved out of the code that throws them: each must read exactly as it did inline.
describe('catalog messages', () => {
  it.each([
    [notADayMessage('2025-02-30'), '2025-02-30 is not a date (YYYY-MM-DD).'],
    [wrongCategoryMessage('Puzzle', 'Game', 'Publication'), 'Puzzle is a Game type, not a Publication one.'],
    [noIdMessage('series', 7), 'id: there is no series with id 7.'],
    [urlTakenMessage('harbor-lights', 'bundle'), 'readableUrl: "harbor-lights" is already the readable URL of another bundle.'],
    [productMoveRefusedMessage('Draft', 'unpublished', undefined), 'status: a Draft product cannot be unpublished.'],
    [productMoveRefusedMessage('Removed', 'scheduled', 'ScheduledPreOrder'), 'status: a Removed product cannot be scheduled as ScheduledPreOrder.'],
    [publishRefusedMessage('The bundle', 'a; b'), 'The bundle cannot be published: a; b'],
    [refusedRecordMessage('Product', 'a b'), 'Product: a b'],
    [batchVersionMessage('4', undefined), 'api-version: batch calls are API version 4; send the header "api-version: 4" (got none).'],
    [publishStatusFilterMessage(['Draft', 'Published']), 'publishStatus must be a status name (Draft, Published) or its code (0 to 6).'],
  ])('%s', (message, expected) => assert.equal(message, expected));
});
