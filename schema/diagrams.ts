/**
 * content/diagrams/diagrams.yaml: the site's flow diagrams. Each entry is either a D2
 * sequence diagram written by hand (`source: <file>.d2` beside the list) or a diagram
 * generated from a data file (`generated: transaction_statuses`). The pipeline renders
 * every entry to two static SVGs (light and dark) at build time; pages show one with
 * `::diagram[id]`, and every payment-method page links to the diagrams whose
 * `applies_to` matches its data sheet.
 */
import { z } from 'zod';
import { identifier, route } from './primitives.ts';
import { plainText } from './text.ts';

/** A diagram id: its anchor (`#diagram-<id>`) and the start of its file names. */
export const diagramId = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'a lower-case id with dashes such as "hpp-redirect"')
  .meta({ description: 'Lower-case letters, digits and dashes.' });

/** Which payment-method pages show a link to the diagram: every field given must equal the method's own. */
export const diagramMatch = z
  .object({
    direction: z.enum(['payin', 'payout']).optional().meta({ description: "The method's `method.direction`." }),
    integration: z
      .enum(['hpp', 'h2h', 'widget'])
      .optional()
      .meta({ description: "One of the method's `method.integration` values." }),
    group: identifier.optional().meta({ description: "The method's `method.group`." }),
    service: identifier.optional().meta({ description: "The method's `method.service`: one method." }),
    next_action: z
      .array(identifier)
      .min(1)
      .optional()
      .meta({ description: 'The method declares `method.flow.next_action` with one of these types.' }),
  })
  .strict()
  .meta({ description: "A match on a payment method's data sheet; `{}` matches every method." });

const common = {
  id: diagramId,
  /** The figure's caption and the SVG's `<title>`. */
  title: plainText(1, 120).meta({ description: "Caption of the figure and the SVG's <title>." }),
  /** The page that shows the diagram with `::diagram[id]`: method pages link to it there. */
  guide: route.meta({ description: 'The page that shows the diagram with ::diagram[id]; method pages link there.' }),
  applies_to: z.array(diagramMatch).default([]).meta({ description: 'Payment-method pages that link to the diagram.' }),
};

export const diagramEntry = z
  .union([
    z
      .object({
        ...common,
        /** The text alternative: the flow in words, for readers who cannot see the picture. */
        description: plainText(40, 1200).meta({
          description: "The text alternative: the whole flow in words (alt text and the SVG's <desc>).",
        }),
        source: z
          .string()
          .regex(/^[a-z0-9][a-z0-9_-]*\.d2$/, 'a D2 file name beside diagrams.yaml such as "hpp.d2"')
          .meta({ description: 'The D2 file, beside diagrams.yaml.' }),
      })
      .strict(),
    z
      .object({
        ...common,
        /** Generated diagrams describe themselves from their data. */
        generated: z.literal('transaction_statuses').meta({ description: 'The data file the diagram is drawn from.' }),
      })
      .strict(),
  ])
  .meta({ description: 'One diagram of content/diagrams/diagrams.yaml.' });

export const diagramsFile = z.array(diagramEntry);

export type DiagramEntry = z.output<typeof diagramEntry>;
export type DiagramMatch = z.output<typeof diagramMatch>;
