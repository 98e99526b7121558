import { describe, expect, it } from 'vitest';
import type { StreamOptions, StreamState, StreamEvent } from './eventStream';
import { createLiveHub } from './liveHub';

/** A fake openEventStream: records every stream, lets the test drive its state and events. */
function fakeConnect() {
  const streams: Array<{ url: string; options: StreamOptions; closed: boolean }> = [];
  const connect = (url: string, options: StreamOptions) => {
    const stream = { url, options, closed: false };
    streams.push(stream);
    options.onState?.('connecting');
    return () => void (stream.closed = true);
  };
  const open = () => streams.filter((s) => !s.closed).map((s) => s.url);
  const state = (i: number, s: StreamState) => streams[i]!.options.onState?.(s);
  const send = (i: number, e: StreamEvent) => streams[i]!.options.onEvent(e);
  return { streams, connect, open, state, send };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const note = (id: number): StreamEvent => ({ id, event: 'notification', data: { id } });

describe('createLiveHub: one stream per window', () => {
  it('opens the own-events stream, and the board stream instead while a board is watched', async () => {
    const fake = fakeConnect();
    const hub = createLiveHub('http://api', fake.connect);
    hub.start();
    expect(fake.open()).toEqual(['http://api/api/events']);
    fake.state(0, 'connected');

    const release = hub.watchBoard(7);
    await tick();
    // The own stream stays until the board's is connected: no own event is lost in between.
    expect(fake.open()).toEqual(['http://api/api/events', 'http://api/api/events?board=7']);
    expect(hub.state()).toEqual({ state: 'connecting', board: 7 });
    fake.state(1, 'connected');
    expect(fake.open()).toEqual(['http://api/api/events?board=7']);
    expect(hub.state()).toEqual({ state: 'connected', board: 7 });

    release();
    await tick();
    fake.state(2, 'connected');
    expect(fake.open()).toEqual(['http://api/api/events']);
    hub.close();
    expect(fake.open()).toEqual([]);
  });

  it('starts on the watched board when the board registered first, and switches once for a burst', async () => {
    const fake = fakeConnect();
    const hub = createLiveHub('', fake.connect);
    const releaseA = hub.watchBoard(3);
    hub.start();
    expect(fake.streams.map((s) => s.url)).toEqual(['/api/events?board=3']);
    fake.state(0, 'connected');
    // Leaving one board for another in the same tick: one switch, straight to the new board.
    releaseA();
    hub.watchBoard(4);
    await tick();
    expect(fake.streams.map((s) => s.url)).toEqual(['/api/events?board=3', '/api/events?board=4']);
  });

  it('delivers a notification carried by both streams of a switch once, with the board of its stream', async () => {
    const fake = fakeConnect();
    const hub = createLiveHub('', fake.connect);
    const got: Array<[string, number | null, number | null]> = [];
    hub.subscribe((e, board) => got.push([e.event, e.id, board]));
    hub.start();
    fake.state(0, 'connected');
    hub.watchBoard(7);
    await tick();
    fake.send(0, note(10));
    fake.state(1, 'connected');
    fake.send(1, note(10));
    fake.send(1, { id: null, event: 'ready', data: { version: 1 } });
    fake.send(1, { id: 11, event: 'board', data: {} });
    fake.send(1, note(12));
    expect(got).toEqual([
      ['notification', 10, null],
      ['ready', null, 7],
      ['board', 11, 7],
      ['notification', 12, 7],
    ]);
  });

  it('tells the state of the current stream, and announces a stream back after a break', () => {
    const fake = fakeConnect();
    const hub = createLiveHub('', fake.connect);
    const states: Array<[StreamState, number | null]> = [];
    const events: string[] = [];
    hub.onState((s, board) => states.push([s, board]));
    hub.subscribe((e) => events.push(e.event));
    hub.start();
    fake.state(0, 'connected');
    expect(events).toEqual([]);
    fake.state(0, 'reconnecting');
    fake.state(0, 'connected');
    expect(states).toEqual([
      ['connecting', null],
      ['connected', null],
      ['reconnecting', null],
      ['connected', null],
    ]);
    expect(events).toEqual(['reconnected']);
  });

  it('opens nothing before start, and a board stream that never connects keeps the own one open', async () => {
    const fake = fakeConnect();
    const hub = createLiveHub('', fake.connect);
    hub.watchBoard(9);
    await tick();
    expect(fake.streams).toEqual([]);
    hub.start();
    hub.close();
    const again = createLiveHub('', fake.connect);
    again.start();
    fake.state(1, 'connected');
    again.watchBoard(9);
    await tick();
    fake.state(2, 'reconnecting'); // refused: it keeps trying
    expect(fake.open()).toEqual(['/api/events', '/api/events?board=9']);
  });
});

describe('createLiveHub: a community space', () => {
  it('switches the one stream to ?space= while a space is watched (with the board if one is), and back', async () => {
    const fake = fakeConnect();
    const hub = createLiveHub('', fake.connect);
    const got: Array<[string, number | null, number | null]> = [];
    hub.subscribe((e, board, space) => got.push([e.event, board, space]));
    hub.start();
    fake.state(0, 'connected');
    const release = hub.watchSpace(5);
    await tick();
    expect(fake.open()).toEqual(['/api/events', '/api/events?space=5']);
    fake.state(1, 'connected');
    expect(fake.open()).toEqual(['/api/events?space=5']);
    fake.send(1, { id: 20, event: 'community', data: { kind: 'post', spaceId: 5, postId: 9 } });
    expect(got).toEqual([['community', null, 5]]);
    // Another space in the same tick as the release: one switch.
    release();
    const releaseB = hub.watchSpace(6);
    const releaseBoard = hub.watchBoard(7);
    await tick();
    expect(fake.streams.map((s) => s.url).slice(2)).toEqual(['/api/events?board=7&space=6']);
    fake.state(2, 'connected');
    releaseB();
    releaseBoard();
    await tick();
    fake.state(3, 'connected');
    expect(fake.open()).toEqual(['/api/events']);
  });
});
