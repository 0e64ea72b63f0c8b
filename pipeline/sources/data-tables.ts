/**
 * `data/<file>` sources: the gateway's own data files (content/data/*.yaml) as tables.
 * The files are validated by schema/data.ts before a source sees them; a source only
 * flattens rows into scalar cells (lists joined, booleans as yes/no).
 */
import { list, yesNo } from './format.ts';
import { countryName } from './iso-countries.ts';
import { projectVersion } from './packages.ts';
import type { TableData, TableSource } from './types.ts';

const origin = (file: string): TableData['origin'] => ({
  name: `Gateway data (content/data/${file}.yaml)`,
  version: projectVersion(),
});

export const transactionStatuses: TableSource = ({ data }) => ({
  columns: [
    { key: 'code', label: 'Status', code: true },
    { key: 'label', label: 'Label' },
    { key: 'description', label: 'Meaning' },
    { key: 'final', label: 'Final' },
    { key: 'transitions', label: 'Can move to' },
    { key: 'callback', label: 'Callback' },
  ],
  rows: data.transaction_statuses.map((s) => ({
    code: s.code,
    label: s.label,
    description: s.description,
    final: yesNo(s.final),
    transitions: list(s.transitions),
    callback: yesNo(s.callback),
  })),
  key: 'code',
  origin: origin('transaction_statuses'),
});

export const apiErrorCodes: TableSource = ({ data }) => ({
  columns: [
    { key: 'code', label: 'Code', code: true },
    { key: 'number', label: 'v1 number', code: true },
    { key: 'http_status', label: 'HTTP' },
    { key: 'description', label: 'Meaning' },
    { key: 'retryable', label: 'Retry' },
    { key: 'resolution', label: 'What to do' },
  ],
  rows: data.api_error_codes.map((e) => ({
    code: e.code,
    number: e.number,
    http_status: e.http_status,
    description: e.description,
    retryable: yesNo(e.retryable),
    resolution: e.resolution,
  })),
  key: 'code',
  origin: origin('api_error_codes'),
});

export const failureReasons: TableSource = ({ data }) => ({
  columns: [
    { key: 'code', label: 'Failure reason', code: true },
    { key: 'description', label: 'Meaning' },
    { key: 'party', label: 'Who can fix it' },
    { key: 'retryable', label: 'Retry' },
  ],
  rows: data.failure_reasons.map((r) => ({
    code: r.code,
    description: r.description,
    party: r.party,
    retryable: yesNo(r.retryable),
  })),
  key: 'code',
  origin: origin('failure_reasons'),
});

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  mir: 'Mir',
  amex: 'American Express',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
};

export const testCards: TableSource = ({ data }) => ({
  columns: [
    { key: 'number', label: 'Card number', code: true },
    { key: 'brand', label: 'Brand' },
    { key: 'outcome', label: 'Outcome', code: true },
    { key: 'failure_reason', label: 'Failure reason', code: true },
    { key: 'description', label: 'What happens' },
  ],
  rows: data.test_cards.map((c) => ({
    number: c.number,
    brand: BRAND_NAMES[c.brand] ?? c.brand,
    outcome: c.outcome,
    failure_reason: c.failure_reason ?? '',
    description: c.description,
  })),
  key: 'number',
  origin: origin('test_cards'),
});

/** One row per asset and network: that pair is what `crypto.asset` + `crypto.network` select. */
export const cryptoAssets: TableSource = ({ data }) => ({
  columns: [
    { key: 'asset', label: 'Asset' },
    { key: 'currency', label: 'Currency', code: true },
    { key: 'network', label: 'Network', code: true },
    { key: 'name', label: 'Name' },
    { key: 'network_name', label: 'Blockchain' },
    { key: 'decimals', label: 'Decimals' },
    { key: 'confirmations', label: 'Confirmations' },
    { key: 'memo', label: 'Memo / tag' },
  ],
  rows: data.crypto_assets.flatMap((a) =>
    a.networks.map((n) => ({
      asset: `${a.code} on ${n.code}`,
      currency: a.code,
      network: n.code,
      name: a.name,
      network_name: n.name,
      decimals: n.decimals,
      confirmations: n.confirmations,
      memo: yesNo(n.memo),
    })),
  ),
  key: 'asset',
  origin: origin('crypto_assets'),
});

export const bankCodes: TableSource = ({ data }) => ({
  columns: [
    { key: 'code', label: 'bank_code', code: true },
    { key: 'name', label: 'Bank' },
    { key: 'country', label: 'Country', code: true },
    { key: 'country_name', label: 'Country name' },
    { key: 'national_id', label: 'National identifier', code: true },
  ],
  rows: data.bank_codes.map((b) => ({
    code: b.code,
    name: b.name,
    country: b.country,
    country_name: countryName(b.country),
    national_id: b.national_id ?? '',
  })),
  key: 'code',
  origin: origin('bank_codes'),
});

export const sandboxValues: TableSource = ({ data }) => ({
  columns: [
    { key: 'code', label: 'Last three digits', code: true },
    { key: 'applies_to', label: 'Direction' },
    { key: 'outcome', label: 'Outcome', code: true },
    { key: 'failure_reason', label: 'Failure reason', code: true },
    { key: 'description', label: 'What happens' },
  ],
  rows: data.sandbox_values.map((v) => ({
    code: v.code,
    applies_to: v.applies_to === 'both' ? 'Payins and payouts' : v.applies_to === 'payin' ? 'Payins' : 'Payouts',
    outcome: v.outcome,
    failure_reason: v.failure_reason ?? '',
    description: v.description,
  })),
  key: 'code',
  origin: origin('sandbox_values'),
});

/** The callback body's fields; "Filled by" links the method pages that fill a field only some methods fill. */
export const transactionFields: TableSource = ({ data }) => ({
  columns: [
    { key: 'name', label: 'Field', code: true },
    { key: 'type', label: 'Type' },
    { key: 'always', label: 'Always' },
    { key: 'description', label: 'Meaning' },
    { key: 'filled_by', label: 'Filled by' },
  ],
  rows: data.transaction_fields.map((f) => ({
    name: f.name,
    type: f.type,
    always: yesNo(f.always),
    description: f.members
      ? `${f.description} Members: ${f.members.map((m) => `\`${m}\``).join(', ')}.`
      : f.description,
    filled_by: f.filled_by
      ? f.filled_by.map((r) => `[${r.replace(/^\/services\//, '')}](${r})`).join(', ')
      : 'every method',
  })),
  key: 'name',
  origin: origin('transaction_fields'),
});

export const cardResponseCodes: TableSource = ({ data }) => ({
  columns: [
    { key: 'code', label: 'Issuer code', code: true },
    { key: 'meaning', label: 'Meaning' },
    { key: 'failure_reason', label: 'failure_reason', code: true },
  ],
  rows: data.card_response_codes.map((c) => ({ code: c.code, meaning: c.meaning, failure_reason: c.failure_reason })),
  key: 'code',
  origin: origin('card_response_codes'),
});
