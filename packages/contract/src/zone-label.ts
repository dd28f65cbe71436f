/**
 * The label of a time zone's offset at one moment ("GMT+9", "GMT+5:30", "GMT+0" for UTC), the one way an activity's
 * times say which clock they are on: on its page, cards, calendar, tickets and reminder mails alike. An unknown
 * zone is named as given.
 */
export function zoneLabel(at: string | Date, timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(
      typeof at === 'string' ? new Date(at) : at,
    );
    const label = parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
    // ICU versions differ on UTC ("GMT" or "GMT+0"): one spelling everywhere.
    return label === 'GMT' ? 'GMT+0' : label;
  } catch {
    return timeZone;
  }
}
