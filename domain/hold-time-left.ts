/** '29:05': the minutes and seconds a hold has left at `now`, never below '0:00'. */
export function holdTimeLeft(expiresAt: Date, now: Date): string {
  const seconds = Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
