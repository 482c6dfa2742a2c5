import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { problem } from '@inkwell/contracts/problems';
import { applyServerErrors, readRefusal, refusalMessages } from './refusal';

const refused = (problems: ReturnType<typeof problem>[], warnings: string[] = []) =>
  new ApiError(400, 'BadRequest', 'This product cannot be published.', { type: 'BadRequest', message: 'This product cannot be published.', problems, warnings });

describe('reading a refusal', () => {
  test('the problems and warnings of the envelope status are read word for word, with their fields', () => {
    const error = refused(
      [problem('name', 'Product Title'), problem('seriesId', 'This product cannot be published without an attached Series')],
      ["Book is too heavy for it's size"],
    );
    assert.deepEqual(readRefusal(error), {
      message: 'This product cannot be published.',
      problems: [problem('name', 'Product Title'), problem('seriesId', 'This product cannot be published without an attached Series')],
      warnings: ["Book is too heavy for it's size"],
    });
    assert.deepEqual(refusalMessages(error), ['Product Title', 'This product cannot be published without an attached Series']);
  });

  test('a refusal without a list is one problem on no field: its message', () => {
    assert.deepEqual(readRefusal(new ApiError(409, 'Conflict', 'The product was changed by someone else.')).problems, [problem('', 'The product was changed by someone else.')]);
    assert.deepEqual(readRefusal(new Error('offline')).problems, [problem('', 'offline')]);
    assert.deepEqual(refusalMessages('thrown text'), ['Something went wrong. Please try again.']);
  });
});

describe("a refusal's problems under a form's fields", () => {
  type Form = { name: string; thumbnailUrl: string; website: string };

  function recorder() {
    const set: [string, string, boolean | undefined][] = [];
    const setError = ((field, error, options) => set.push([field, error.message ?? '', options?.shouldFocus])) as UseFormSetError<Form>;
    return { set, setError };
  }

  test('a problem on a field of the form goes under it (renamed where the form calls it otherwise); the first takes focus', () => {
    const { set, setError } = recorder();
    const unplaced = applyServerErrors(
      refused([problem('name', 'Name is required.'), problem('defaultThumbnail', 'A published bundle needs a default thumbnail.')]),
      setError,
      ['name', 'website'],
      { defaultThumbnail: 'thumbnailUrl' },
    );
    assert.deepEqual(set, [
      ['name', 'Name is required.', true],
      ['thumbnailUrl', 'A published bundle needs a default thumbnail.', false],
    ]);
    assert.deepEqual(unplaced, []);
  });

  test('a problem on a field the form does not have, or on no field, is returned for the form to show', () => {
    const { set, setError } = recorder();
    const unplaced = applyServerErrors(refused([problem('', 'The publisher was changed by someone else.'), problem('imprints.0.name', 'Taken.')]), setError, ['name']);
    assert.deepEqual(set, []);
    assert.deepEqual(unplaced, [problem('', 'The publisher was changed by someone else.'), problem('imprints.0.name', 'Taken.')]);
  });
});
