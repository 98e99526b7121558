const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** How long a card has waited, in its largest whole unit: "3 days", "5 hours", "1 minute". */
export function waitingTime(sinceIso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(sinceIso)) / 60_000));
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}
