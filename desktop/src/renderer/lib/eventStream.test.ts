import { describe, expect, it } from 'vitest';
import { parseEvents, type StreamEvent } from './eventStream';

describe('parseEvents: the text/event-stream format', () => {
  it('reads id, event and JSON data, skips comments, and keeps an unfinished event for the next chunk', () => {
    const got: StreamEvent[] = [];
    const rest = parseEvents(
      'retry: 2000\n\n: heartbeat\n\nid: 7\nevent: board\ndata: {"a":1}\n\nid: 8\r\nevent: resync\r\ndata: {}\r\n\r\nid: 9\nev',
      (e) => got.push(e),
    );
    expect(got).toEqual([
      { id: 7, event: 'board', data: { a: 1 } },
      { id: 8, event: 'resync', data: {} },
    ]);
    expect(rest).toBe('id: 9\nev');
    parseEvents(`${rest}ent: notification\ndata: {"n":2}\n\n`, (e) => got.push(e));
    expect(got.at(-1)).toEqual({ id: 9, event: 'notification', data: { n: 2 } });
  });
});
