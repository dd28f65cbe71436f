/** Pages of a list, newest first by id: the cursor is the last id of the page before. */

/** The cursor's id: everything listed after it has a smaller id. */
export const cursorId = (cursor: string | undefined) => (cursor ? Number(cursor.split('_')[0]) : null);
/** The next page's cursor: the last id of a full page. */
export const nextCursor = (rows: { id: number }[], limit: number) =>
  rows.length === limit ? String(rows.at(-1)!.id) : null;
