/**
 * An API page's reference in its Markdown twin, as the tables it always had (read back from
 * the page's parts into a table's hast, which the twin's table and cell handlers print):
 * - a field list (pipeline/kinds/api-operation/fields.ts): one row per field, members after
 *   their parent with the full path (`customer.email`), columns Name, Type, Required (request
 *   parameters only) and Description (badges, description, constraints, enum values, default,
 *   example, one per line);
 * - the endpoint's URL per environment (endpoint.ts, tabs on the page): Environment, URL.
 */
import type { State } from 'hast-util-to-mdast';
import type { Element, ElementContent } from 'hast';
import { toText } from 'hast-util-to-text';

const classes = (node: Element): string[] => ((node.properties?.className as string[] | undefined) ?? []).map(String);
const hasClass = (node: Element, name: string) => classes(node).includes(name);
const elements = (node: Element) => node.children.filter((c): c is Element => c.type === 'element');
const child = (node: Element, name: string) => elements(node).find((c) => hasClass(c, name));
const el = (tagName: string, children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties: {},
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });

/** Whether a list is an API page's field list. */
export const isFieldList = (node: Element) => node.tagName === 'ul' && hasClass(node, 'api-fields');

/** The table rows of a list's fields, each followed by its members' rows. */
function rows(list: Element, withRequired: boolean): Element[] {
  return elements(list).flatMap((item) => {
    const head = child(item, 'api-field-head');
    const body = child(item, 'api-field-body');
    const members = child(item, 'api-children');
    const name = head && child(head, 'api-field-name');
    const type = head && child(head, 'api-field-type');
    const required = head && elements(head).find((c) => hasClass(c, 'badge'));
    const badges = head && child(head, 'api-field-badges');
    const row = el('tr', [
      el('td', [el('code', [text(name ? toText(name) : '')])]),
      el('td', [text(type ? toText(type) : '')]),
      ...(withRequired ? [el('td', required ? [required] : [])] : []),
      el('td', [...(badges ? [badges] : []), ...(body?.children ?? [])]),
    ]);
    const nested = members && elements(members).find(isFieldList);
    return [row, ...(nested ? rows(nested, withRequired) : [])];
  });
}

/** A table's hast: a header row of `header`, then `body`. */
const table = (header: string[], body: Element[]) =>
  el('table', [
    el('thead', [
      el(
        'tr',
        header.map((h) => el('th', [text(h)])),
      ),
    ]),
    el('tbody', body),
  ]);

/** `ul.api-fields` → the GFM table of its fields. */
export function fieldTable(state: State, node: Element) {
  const withRequired = node.properties?.dataScope === 'request';
  const header = ['Name', 'Type', ...(withRequired ? ['Required'] : []), 'Description'];
  return state.one(table(header, rows(node, withRequired)), undefined);
}

/** Whether a tab group is an API page's environment URLs. */
export const isEnvironments = (node: Element) => hasClass(node, 'api-environments');

/** `div.tabs.api-environments` → Environment | URL, one row per tab (its label, its URL as code). */
export function environmentTable(state: State, node: Element) {
  const rows = elements(node).map((panel) =>
    el('tr', [
      el('td', [text(String(panel.properties.dataLabel ?? ''))]),
      el('td', [el('code', [text(toText(panel).trim())])]),
    ]),
  );
  return state.one(table(['Environment', 'URL'], rows), undefined);
}
