/**
 * What `paydocs check --format json` and `paydocs build --format json` print on stdout: one
 * document, for CI steps and editors that show the problems where they are.
 */
import { z } from 'zod';

export const checkProblem = z
  .object({
    file: z
      .string()
      .meta({ description: 'The file at fault, from the project root: "content/api/v2/transaction/create.md".' }),
    line: z.number().int().positive().optional().meta({ description: '1-based line, when known.' }),
    column: z.number().int().positive().optional().meta({ description: '1-based column, when known.' }),
    field: z
      .string()
      .optional()
      .meta({ description: 'The frontmatter field or data path at fault: "api.request[2].example".' }),
    rule: z.string().meta({ description: "The rule's id, explained under its heading in docs/errors.md." }),
    message: z.string().meta({ description: 'What is wrong: "Expected X, found Y" where possible.' }),
    fix: z.string().meta({ description: 'How to fix this occurrence.' }),
    docs: z.string().meta({ description: 'Where the rule is explained: "docs/errors.md#<rule>".' }),
  })
  .strict();

export const checkReport = z
  .object({
    version: z.literal(1).meta({ description: 'Version of this shape; a change that could break a reader raises it.' }),
    ok: z.boolean().meta({ description: 'True when the run found no problem and did not fail.' }),
    pages: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .meta({ description: 'Pages checked or built, when the run succeeded.' }),
    problems: z
      .array(checkProblem)
      .meta({ description: 'Every problem of the content, by file and line; empty when there is none.' }),
    failure: z.string().optional().meta({
      description: "A failure that is not the content's (a full disk, a folder without permission), in a line.",
    }),
    fix: z.string().optional().meta({ description: 'What to do about the failure.' }),
  })
  .strict()
  .meta({ description: 'The outcome of a paydocs check or build, for tools.' });

export type CheckReport = z.infer<typeof checkReport>;
