import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
export type Element = DefaultTreeAdapterMap['element'];

/** A parsed HTML document with the few queries the tests need. */
export interface Html {
  /** Every element, in document order. */
  elements(): Element[];
  all(tag: string, where?: (element: Element) => boolean): Element[];
  one(tag: string, where?: (element: Element) => boolean): Element | undefined;
  text(element?: Element): string;
  /** The raw text inside an element, scripts included (for JSON-LD). */
  raw(element: Element): string;
}

export function attr(element: Element | undefined, name: string): string | undefined {
  return element?.attrs.find((attribute) => attribute.name === name)?.value;
}

export function hasClass(element: Element, name: string): boolean {
  return (attr(element, 'class') ?? '').split(/\s+/).includes(name);
}

export function parseHtml(source: string): Html {
  const document = parse(source);
  const elements: Element[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node) elements.push(node);
    const children = 'childNodes' in node ? node.childNodes : [];
    for (const child of children) walk(child);
    if ('content' in node && node.content) walk(node.content as Node);
  };
  walk(document);
  const textOf = (node: Node): string => {
    if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
    if ('tagName' in node && (node.tagName === 'script' || node.tagName === 'style')) return '';
    return ('childNodes' in node ? node.childNodes : []).map(textOf).join('');
  };
  return {
    elements: () => elements,
    all: (tag, where = () => true) => elements.filter((element) => element.tagName === tag && where(element)),
    one: (tag, where = () => true) => elements.find((element) => element.tagName === tag && where(element)),
    raw: (element) =>
      element.childNodes
        .map((child) => (child.nodeName === '#text' ? (child as DefaultTreeAdapterMap['textNode']).value : ''))
        .join(''),
    text: (element) => (element ? textOf(element) : textOf(document)).replace(/\s+/g, ' ').trim(),
  };
}
