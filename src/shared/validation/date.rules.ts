import { formatDate } from '../format';
import { addMonths, DATE_BOUND_PATTERN, parseGermanDate, resolveDateBound } from './german-input.parse';
import { type KeywordRule, keywordRule, type RuleEnv } from './rule.types';

const bound = { type: 'string', pattern: DATE_BOUND_PATTERN };
const months = { type: 'integer', minimum: 1 };
const date = (p: Record<string, any>) => ({ date: formatDate(p.limit) });

/**
 * A bound is resolved when validating, not when compiling: Fastify compiles its schemas at start
 * and `today` must still be today a week later.
 */
function dateBoundRule(name: string, message: string, compare: (value: string, limit: string) => boolean) {
  return keywordRule<string>({
    name,
    message,
    dataType: 'string',
    param: bound,
    check: (limit, data, _cxt, env) => {
      const value = parseGermanDate(data);
      // An invalid date is the `date` format's error; a bound only judges real dates.
      return value === '' || compare(value, resolveDateBound(limit, env.today()));
    },
    errorParams: (limit, env) => ({ limit: resolveDateBound(limit, env.today()) }),
    placeholders: date,
  });
}

function monthsRule(
  name: string,
  message: string,
  compare: (value: string, limit: string) => boolean,
): KeywordRule<number> {
  return keywordRule<number>({
    name,
    message,
    dataType: 'string',
    param: months,
    check: (count, data, _cxt, env: RuleEnv) => {
      const value = parseGermanDate(data);
      return value === '' || compare(value, addMonths(env.today(), -count));
    },
    errorParams: (count) => ({ months: count }),
    placeholders: (p) => ({ months: p.months }),
  });
}

/**
 * Rules on calendar dates (`yyyy-MM-dd`, German entry tolerated). Bounds are inclusive and take an
 * ISO date, `today` or `today±N d|m` (`today+14d`). `dateOnlyFrom`/`dateOnlyUntil` are the same
 * comparisons as `dateMin`/`dateMax` with the wording of an offer ("only possible from …"), used where
 * the form shows the earliest date itself (first SEPA direct debit).
 */
export const DATE_RULES: KeywordRule[] = [
  dateBoundRule('dateMin', 'validation.dateMin', (value, limit) => value >= limit),
  dateBoundRule('dateMax', 'validation.dateMax', (value, limit) => value <= limit),
  dateBoundRule('dateOnlyFrom', 'validation.dateOnlyFrom', (value, limit) => value >= limit),
  dateBoundRule('dateOnlyUntil', 'validation.dateOnlyUntil', (value, limit) => value <= limit),
  // "At most N months in the past": on or after today minus N months.
  monthsRule('maxPastMonths', 'validation.dateMinPastMonths', (value, limit) => value >= limit),
  // Onboarding: a company founded less than N months ago is rejected (trade registration date instead).
  monthsRule('foundingMinMonths', 'validation.foundingDateTooRecent', (value, limit) => value <= limit),
];
