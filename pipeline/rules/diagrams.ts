/** Rules of the flow diagrams: content/diagrams/ and `::diagram[id]`. Registered in pipeline/rules.ts. */
import { inArea } from './area.ts';

const diagramFileRules = inArea('config', {
  'diagram-file': {
    summary:
      'content/diagrams/diagrams.yaml fails its schema (schema/diagrams.ts), ' +
      'names a D2 file that is not there, or a D2 file there is not listed.',
    why:
      'Every diagram needs its title, its text alternative and the ' +
      'page that shows it; an unlisted file would never be rendered.',
    fix: 'Fix the named entry, add the missing `.d2` file, or list the file in diagrams.yaml.',
  },
  'diagram-source': {
    summary: 'A D2 diagram source does not compile.',
    why: 'The diagram could not be drawn: the page would show a broken image.',
    fix: 'Fix the D2 syntax at the named line (https://d2lang.com/tour/sequence-diagrams).',
  },
});

const diagramPageRules = inArea('crossCheck', {
  'diagram-guide': {
    summary: "A diagram's `guide` is not a page, or that page does not show the diagram with `::diagram[id]`.",
    why: "Every payment-method page of the diagram's pattern links to it on its guide: the link would lead nowhere.",
    fix: 'Set `guide` to the route of the page that has `::diagram[id]`, or add the directive there.',
  },
});

const diagramMarkdownRules = inArea('markdown', {
  'diagram-reference': {
    summary: '`::diagram[id]` names a diagram that content/diagrams/diagrams.yaml does not list.',
    why: 'There would be no picture to show.',
    fix: 'Use an id from content/diagrams/diagrams.yaml.',
  },
});

/** All of them, each tagged with its area. */
export const diagramRules = { ...diagramFileRules, ...diagramPageRules, ...diagramMarkdownRules };
