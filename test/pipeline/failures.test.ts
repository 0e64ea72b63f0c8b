/** What the CLI says when the machine, or a paydocs bug, stops a command (pipeline/failures.ts). */
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../pipeline/failures.ts';

const systemError = (code: string, message: string, syscall: string, path: string) =>
  Object.assign(new Error(`${code}: ${message}, ${syscall} '${path}'`), { code, syscall, path });

describe('describeFailure', () => {
  it('names the call, the path from the project and what to do for a file-system refusal', () => {
    expect(
      describeFailure(systemError('EACCES', 'permission denied', 'open', '/site/dist/index.html'), '/site'),
    ).toEqual({
      line: 'Cannot open dist/index.html: permission denied (EACCES)',
      hint: 'Check the owner and permissions of that folder, or build somewhere else with --out.',
    });
    expect(
      describeFailure(systemError('ENOSPC', 'no space left on device', 'write', '/site/dist/a.json'), '/site').hint,
    ).toMatch(/^Free some disk space/);
    expect(describeFailure(systemError('EIO', 'i/o error', 'read', '/site/content/a.md'), '/site')).toEqual({
      line: 'Cannot read content/a.md: i/o error (EIO)',
      hint: 'Fix what the line names and run it again.',
    });
  });

  it('calls anything else a paydocs bug, with its stack only when PAYDOCS_DEBUG asks for it', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'x')");
    const plain = describeFailure(bug, '/site', { debug: false });
    expect(plain.line).toBe(
      'paydocs stopped on an unexpected error (a paydocs bug): ' +
        "TypeError: Cannot read properties of undefined (reading 'x')",
    );
    expect(plain.hint).toContain('PAYDOCS_DEBUG=1');
    expect(describeFailure(bug, '/site', { debug: true }).line).toMatch(/\n\s+at /);
  });
});
