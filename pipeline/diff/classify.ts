/**
 * Stage (paydocs diff): the rules that say whether an API change can break an integrator's working
 * code, and whether the head's releases declare it. The table is the single source of docs/diff.md's
 * rules table (a test keeps them equal).
 */
import type { ApiChange, ApiChangeRule } from '../../schema/diff-report.ts';
import type { ApiId } from '../../schema/machine-docs.ts';
import type { Release, ReleaseApi } from '../../schema/releases.ts';

export interface RuleVerdict {
  /** `request`: breaking on a request field only. */
  breaking: boolean | 'request';
  /** Why, for an integrator: the documentation's sentence. */
  why: string;
}

export const API_CHANGE_RULES: Record<ApiChangeRule, RuleVerdict> = {
  'operation-removed': { breaking: true, why: 'Every call to it fails.' },
  'operation-added': { breaking: false, why: 'Nobody calls it yet.' },
  'request-field-added-required': { breaking: true, why: 'Requests that do not send it are refused.' },
  'request-field-added-optional': { breaking: false, why: 'Requests without it keep working.' },
  'request-field-removed': { breaking: true, why: 'Requests that send it are refused or lose what it did.' },
  'request-field-now-required': { breaking: true, why: 'Requests that leave it out are refused.' },
  'request-field-now-optional': { breaking: false, why: 'Requests that send it keep working.' },
  'response-field-added': { breaking: false, why: 'Clients ignore fields they do not know.' },
  'response-field-removed': { breaking: true, why: 'Code that reads it finds nothing.' },
  'response-field-now-optional': { breaking: true, why: 'Code that reads it may find nothing.' },
  'response-field-now-required': { breaking: false, why: 'It is now always there.' },
  'type-changed': { breaking: true, why: 'Code that sends or parses the old type fails.' },
  'enum-value-removed': {
    breaking: true,
    why: 'Requests that send the value are refused; code that waits for it never sees it again.',
  },
  'enum-value-added': {
    breaking: false,
    why: 'Requests may send it; responses may return it (clients must accept values they do not know).',
  },
  'enum-introduced': {
    breaking: 'request',
    why: 'A request field that took any value now takes only the listed ones (on a response field: not breaking).',
  },
  'enum-dropped': { breaking: false, why: 'The field takes any value of its type.' },
};

function verdict(change: Pick<ApiChange, 'rule' | 'field'>): boolean {
  const { breaking } = API_CHANGE_RULES[change.rule];
  return breaking === 'request' ? Boolean(change.field?.startsWith('request.')) : breaking;
}

/** The releases' name for an API (`reports-v1` and `reports-v2` are both "reports"). */
export const releaseApiOf = (id: ApiId | string): ReleaseApi => (id.startsWith('reports') ? 'reports' : (id as 'v1'));

/**
 * Whether a change of the releases names this change: the same API, operation route and field
 * (none for a whole operation), and the same enum value for a value added or removed.
 */
export function isDeclared(change: Omit<ApiChange, 'breaking' | 'declared' | 'message'>, releases: Release[]) {
  return releases.some((r) =>
    r.changes.some(
      (c) =>
        c.api === releaseApiOf(change.api) &&
        c.operation === change.operation &&
        c.field === change.field &&
        (change.value === undefined || c.value === change.value),
    ),
  );
}

/** A change found by the comparison, with its verdict and whether the head declares it. */
export function classify(change: Omit<ApiChange, 'breaking' | 'declared'>, releases: Release[]): ApiChange {
  return { ...change, breaking: verdict(change), declared: isDeclared(change, releases) };
}
