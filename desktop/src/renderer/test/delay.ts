/**
 * Reads a test delay switch (`RENDERER_FETCH_DELAY_MS` for the renderer tests' stand-in server,
 * `E2E_API_DELAY_MS` for the browser specs' API proxy): `25` answers every request 25 ms late, `0-60`
 * draws a delay per request (so answers also arrive out of order); unset or 0 is no delay (null).
 * See docs/contributing.md.
 */
export function delayFrom(spec: string | undefined): (() => number) | null {
  const [low = 0, high] = (spec ?? '').split('-').map(Number);
  if (Number.isNaN(low) || (!low && !high)) return null;
  if (high === undefined || Number.isNaN(high)) return () => low;
  return () => low + Math.random() * (high - low);
}
