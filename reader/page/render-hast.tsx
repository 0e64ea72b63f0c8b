/**
 * Page JSON hast → React, with hast-util-to-jsx-runtime (what rehype-react wraps).
 * No Markdown and no unified in the browser: the hast is already sanitized.
 */
import { Fragment, type ComponentProps } from 'react';
import { jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Root, Element } from 'hast';
import { Anchor, CodeBlock, FilterableFigure, Tabs } from './content-components.tsx';

const hasClass = (node: Element | undefined, name: string) => ((node?.properties?.className as string[] | undefined) ?? []).includes(name);

function Div(props: ComponentProps<'div'> & { node?: Element }) {
  if (hasClass(props.node, 'code-block')) return <CodeBlock {...props} />;
  if (hasClass(props.node, 'tabs')) return <Tabs {...props} />;
  const { node: _n, ...rest } = props;
  return <div {...rest} />;
}

function Figure(props: ComponentProps<'figure'> & { node?: Element }) {
  if (props.node?.properties?.dataKind === 'filterable') return <FilterableFigure {...props} />;
  const { node: _n, ...rest } = props;
  return <figure {...rest} />;
}

function Table(props: ComponentProps<'table'> & { node?: Element }) {
  const { node: _n, ...rest } = props;
  return <table {...rest} />;
}

export function renderHast(tree: Root) {
  return toJsxRuntime(tree, {
    Fragment, jsx: jsx as never, jsxs: jsxs as never, passNode: true,
    components: { a: Anchor as never, div: Div as never, figure: Figure as never, table: Table as never },
  });
}
