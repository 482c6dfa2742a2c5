import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { unknownEmailDirection, unknownTicketMessageType } from '@inkwell/contracts/support-rules';
import { bulkStatusChoices, inkOn, messageKind, placeholdersOf, readSavedFilters, ticketSearchBody, withSavedFilter } from './ticket-rules';

const base = { page: 1, pageSize: 25, sort: null, search: '', filters: {} };

describe('the conversation tells messages apart', () => {
  test('forms, inbound and outbound emails', () => {
    assert.equal(messageKind({ type: 'SubmittedForm' }), 'form');
    assert.equal(messageKind({ type: 'Email', direction: 'Inbound' }), 'inbound');
    assert.equal(messageKind({ type: 'Email', direction: 'Outbound' }), 'outbound');
  });

  test("an unknown type or direction raises the spec's §8 errors", () => {
    assert.throws(() => messageKind({ type: 'Sms' }), { message: unknownTicketMessageType('Sms') });
    assert.throws(() => messageKind({ type: 'Sms' }), { message: 'Unknown SupportTicketMessage type: Sms' });
    assert.throws(() => messageKind({ type: 'Email', direction: 'Sideways' }), { message: unknownEmailDirection('Sideways') });
    assert.throws(() => messageKind({ type: 'Email' }), { message: 'Unknown EmailSupportTicketMessage direction: undefined' });
  });
});

describe('the inbox as a search body', () => {
  test('the default view is "Waiting on us"', () => {
    assert.deepEqual(ticketSearchBody(base), { pageNumber: 1, pageSize: 25, waitingOnUs: true });
  });

  test('each view sets its own condition', () => {
    const of = (view: string) => ticketSearchBody({ ...base, filters: { view } });
    assert.equal(of('unread').unread, true);
    assert.equal(of('mine').assignedTo, 'me');
    assert.equal(of('unassigned').assignedTo, 'unassigned');
    assert.deepEqual(of('open').statuses, ['Open', 'PendingOnCustomer']);
    assert.deepEqual(of('done').statuses, ['Solved', 'Closed']);
    assert.deepEqual(of('all'), { pageNumber: 1, pageSize: 25 });
  });

  test('filters, search and sort go through; what the API would refuse is left out', () => {
    const body = ticketSearchBody({
      page: 2,
      pageSize: 50,
      sort: { id: 'firstCreated', desc: true },
      search: '  refund ',
      filters: { view: 'all', status: 'Open,Bogus', tags: '3,x,-1,7', assignee: 'not-a-uuid', platform: 'Web' },
    });
    assert.deepEqual(body, { pageNumber: 2, pageSize: 50, search: 'refund', statuses: ['Open'], tagIds: [3, 7], platform: 'Web', sortBy: 'firstCreated', sortDirection: 'desc' });
    const uuid = '0b8f5a7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    assert.equal(ticketSearchBody({ ...base, filters: { assignee: uuid } }).assignedTo, uuid);
    assert.equal(ticketSearchBody({ ...base, sort: { id: 'subject', desc: false } }).sortBy, undefined);
  });
});

describe('bulk status choices', () => {
  test('only the moves every selected ticket may make (canStaffMoveTicket)', () => {
    assert.deepEqual(bulkStatusChoices(['Open']), ['Open', 'PendingOnCustomer', 'Solved', 'Closed']);
    assert.deepEqual(bulkStatusChoices(['Open', 'Solved']), ['Open', 'Solved', 'Closed']);
    assert.deepEqual(bulkStatusChoices(['PendingOnCustomer', 'Solved']), ['Open', 'Solved', 'Closed']);
    // A closed ticket may only stay closed.
    assert.deepEqual(bulkStatusChoices(['Open', 'Closed']), ['Closed']);
    assert.deepEqual(bulkStatusChoices([]), []);
  });
});

test('tag ink: white on dark colours, black on light ones', () => {
  assert.equal(inkOn('#1d4ed8'), '#ffffff');
  assert.equal(inkOn('#fde68a'), '#000000');
  assert.equal(inkOn('garbage'), '#000000');
});

test("a template's placeholders, in order, once each", () => {
  assert.deepEqual(placeholdersOf('Hi {{ name }}', '<p>{{name}} — order {{order.id}} {{tracking-url}}</p>'), ['name', 'order.id', 'tracking-url']);
});

test('saved filter sets: read defensively, replaced by name, sorted', () => {
  const storage = (value: string | null) => ({ getItem: () => value });
  assert.deepEqual(readSavedFilters(storage('not json')), []);
  assert.deepEqual(readSavedFilters(storage('{"a":1}')), []);
  assert.deepEqual(readSavedFilters(storage('[{"name":"Mine","query":"view=mine"},{"name":3}]')), [{ name: 'Mine', query: 'view=mine' }]);
  const list = withSavedFilter([{ name: 'b', query: '1' }], { name: 'a', query: '2' });
  assert.deepEqual(withSavedFilter(list, { name: 'b', query: '3' }), [
    { name: 'a', query: '2' },
    { name: 'b', query: '3' },
  ]);
});
