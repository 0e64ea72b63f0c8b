/** The address `paydocs serve` and `paydocs dev` print: one a browser opens as written. */
import { describe, expect, it } from 'vitest';
import { serverUrl } from '../../pipeline/server/hosting.ts';

describe('serverUrl', () => {
  it('brackets an IPv6 address, names a wildcard localhost, and leaves the rest as they are', () => {
    expect(serverUrl('::1', 3000)).toBe('http://[::1]:3000');
    expect(serverUrl('fd00::7', 8080)).toBe('http://[fd00::7]:8080');
    expect(serverUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(serverUrl('::', 3000)).toBe('http://localhost:3000');
    expect(serverUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(serverUrl('docs.local', 80)).toBe('http://docs.local:80');
  });
});
