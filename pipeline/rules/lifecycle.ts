/**
 * Rules on API lifecycle and releases (pipeline/kinds/api-operation/lifecycle-check.ts,
 * content/data/releases.yaml). Registered in pipeline/rules.ts.
 */
import { inArea } from './area.ts';

export const lifecycleRules = inArea('crossCheck', {
  'lifecycle-release': {
    summary:
      'A `since` or `deprecated.in` of an operation, a field or an ' +
      'enum value names no release of content/data/releases.yaml.',
    why:
      'The badge links to the release on /changelog and the ' +
      'changelog lists the entry under it: an unknown id has neither.',
    fix: 'Use the id of a release (`2025-06`), or add the release to content/data/releases.yaml first.',
    judgedAgainst: ['releases'],
  },
  'lifecycle-use': {
    summary:
      'A `deprecated.use` names a field that the operation does not have on the same ' +
      'side (request or response), or, on an operation, a route that is no operation page.',
    why: 'The badge tells integrators to move to it: a replacement that does not exist sends them nowhere.',
    fix:
      "Give the replacement's dotted path on the same side (`customer.email`), " +
      "or an operation's route (`/api/v2/transaction/find`); or drop `use`.",
  },
  'lifecycle-sunset': {
    summary:
      'A `sunset` has no `deprecated`, is not after the date of the deprecation ' +
      'release, or a `since` release is later than the `deprecated.in` release.',
    why:
      'Integrators get the deprecation notice before the sunset: ' +
      'a sunset before (or without) it leaves them no time to move.',
    fix: "Declare `deprecated` with the release that announced it, and a sunset date after that release's date.",
    judgedAgainst: ['releases'],
  },
  'v1-rename': {
    summary:
      'A `renamed_from_v1` entry names a field the v1 counterpart does not have, a field ' +
      'this operation does not have, or sits on an operation without a v1 counterpart.',
    why:
      'The generated "Changes from v1" section pairs the two fields: ' +
      'a mapping to nothing would report a rename that does not exist.',
    fix:
      "Map `request.` or `response.` + the v1 field's path to the v2 " +
      "field's path, both as declared on their pages; or remove the entry.",
  },
  'release-change': {
    summary:
      'A change in content/data/releases.yaml names an operation route that is no operation page, a ' +
      'field that operation does not have (except for `removed` changes), or a release dated after today.',
    why:
      'The changelog links each change to its operation, and `paydocs diff` matches ' +
      'declared changes by operation and field: a wrong name declares nothing.',
    fix:
      "Use the operation page's route (`/api/v2/transaction/create`) and " +
      "the field's `request.` or `response.` path as it is declared there.",
  },
});
