import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { noSuchApiCallMessage, notBuiltMessage, notFoundMessage, tooManyRequestsMessage, uploadTooLargeMessage } from '../src/domain/messages';

// The gateway's own messages, moved out of the code that sends them, read as they did inline.
describe('gateway messages', () => {
  it.each([
    [tooManyRequestsMessage(30), 'Too many requests. Please wait 30 seconds and try again.'],
    [noSuchApiCallMessage('GET', '/api/nothing'), 'No such API call: GET /api/nothing'],
    [notFoundMessage('GET', '/x.png'), 'Not found: GET /x.png'],
    [notBuiltMessage('dashboard'), 'The dashboard has not been built yet: run npm run build.'],
    [uploadTooLargeMessage(500), 'The upload is larger than the 500 MB a comic archive may be.'],
  ])('%s', (message, expected) => assert.equal(message, expected));
});
