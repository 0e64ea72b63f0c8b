/**
 * Page JSON hast → React, with hast-util-to-jsx-runtime (what rehype-react wraps).
 * No Markdown and no unified in the browser: the hast is already sanitized.
 */
import { Fragment, createContext, useContext, useEffect, useRef, type ComponentProps, type RefObject } from 'react';
import { jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Root, Element } from 'hast';
import { Anchor, CodeBlock, FilterableFigure, Tabs } from './content-components.tsx';

const hasClass = (node: Element | undefined, name: string) => ((node?.properties?.className as string[] | undefined) ?? []).includes(name);

/**
 * A box that scrolls sideways (wide table, long code line) joins the tab order while
 * it overflows, so keyboard users can scroll it too.
 */
function useKeyboardScrollable(ref: RefObject<HTMLElement>) {
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => {
      if (el.scrollWidth > el.clientWidth + 1) el.tabIndex = 0;
      else el.removeAttribute('tabindex');
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
}

const InTableWrap = createContext(false);

function Div(props: ComponentProps<'div'> & { node?: Element }) {
  if (hasClass(props.node, 'code-block')) return <CodeBlock {...props} />;
  if (hasClass(props.node, 'tabs')) return <Tabs {...props} />;
  if (hasClass(props.node, 'table-wrap')) return <TableWrap {...props} />;
  const { node: _n, ...rest } = props;
  return <div {...rest} />;
}

function TableWrap({ node: _n, ...rest }: ComponentProps<'div'> & { node?: Element }) {
  const ref = useRef<HTMLDivElement>(null);
  useKeyboardScrollable(ref);
  return <InTableWrap.Provider value={true}><div ref={ref} {...rest} /></InTableWrap.Provider>;
}

function Figure(props: ComponentProps<'figure'> & { node?: Element }) {
  if (props.node?.properties?.dataKind === 'filterable') return <FilterableFigure {...props} />;
  const { node: _n, ...rest } = props;
  return <figure {...rest} />;
}

/** Markdown tables come bare: give them the same sideways-scrolling wrapper as generated ones. */
function Table(props: ComponentProps<'table'> & { node?: Element }) {
  const wrapped = useContext(InTableWrap);
  const { node: _n, ...rest } = props;
  if (wrapped) return <table {...rest} />;
  return <TableWrap className="table-wrap"><table {...rest} /></TableWrap>;
}

function Pre({ node: _n, ...rest }: ComponentProps<'pre'> & { node?: Element }) {
  const ref = useRef<HTMLPreElement>(null);
  useKeyboardScrollable(ref);
  return <pre ref={ref} {...rest} />;
}

export function renderHast(tree: Root) {
  return toJsxRuntime(tree, {
    Fragment, jsx: jsx as never, jsxs: jsxs as never, passNode: true,
    components: { a: Anchor as never, div: Div as never, figure: Figure as never, table: Table as never, pre: Pre as never },
  });
}
