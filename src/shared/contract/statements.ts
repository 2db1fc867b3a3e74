/** A cause's statement download (GET /api/causes/{id}/statement.csv and .pdf): the date range asked for. */
import { Type } from 'typebox';

const Day = (description: string) =>
  Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, description: `YYYY-MM-DD (UTC). ${description}` }));

export const StatementQuery = Type.Object({
  from: Day('First day included; default the day the cause was created.'),
  to: Day('Last day included; default today. At most 5 years after from.'),
});

/** The longest range one statement covers. */
export const STATEMENT_MAX_YEARS = 5;
